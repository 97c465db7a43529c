# verdict.sh - the last word of a check that lists offences, sourced by tests/check_*.sh
# (check_one_compare, check_setjmp, check_type_names).
# verdict FOUND HEADLINE OK: with FOUND, HEADLINE and FOUND's lines indented, and exit 1;
# without, OK alone.
verdict() {
  if [ -n "$1" ]; then
    echo "$2"
    sed 's/^/  /' <<<"$1"
    exit 1
  fi
  echo "$3"
}
