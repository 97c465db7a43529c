#!/usr/bin/env bash
# Issue 27, item 3: the hitting-set options are one table (src/cli/study_options.c),
# shared by study, emit, sweep and cover. A command that parses one of them by itself
# brings back the copies that drifted (sweep lacked --lp, cover kept a third list), and
# it must name the option in quotes to do so; so each option's quoted name ("--seed")
# may appear in one file of src/cli/ alone, the table's.
# Exception: `t24 solve` has a --time-limit (seconds per hand) and a --memory-limit (MiB
# of its memo) of its own, which are not the table's options.
# Also checks that the names below are exactly the table's rows, so that an option
# added to the table is checked too. Prints every offence.
# Usage: check_option_names.sh [SRC]
set -u
src="${1:-$(dirname "$0")/../src}"
table="$src/cli/study_options.c"
names="--threads --time-limit --work --local-search --ls-steps --solver --lp --greedy-runs --seed
       --coverage --no-reductions --core-method --memory-limit --quiet --progress"
bad=0 checked=0
for name in $names; do
  checked=$((checked + 1))
  files=()
  for f in "$src"/cli/*.c; do
    case "$(basename "$f"):$name" in
      cmd_solve.c:--time-limit | cmd_solve.c:--memory-limit) continue ;;
    esac
    grep -qF "\"$name\"" "$f" && files+=("$(basename "$f")")
  done
  if [ "${#files[@]}" -ne 1 ]; then
    echo "\"$name\" appears in ${#files[@]} files of src/cli/, not one: ${files[*]:-none}"
    bad=1
  fi
done
# The table's rows start with '{ "--name",'.
rows=$(sed -n 's/^ *{ "\(--[a-z-]*\)",.*/\1/p' "$table" 2>/dev/null | sort)
listed=$(printf '%s\n' $names | sort)
if [ "$rows" != "$listed" ]; then
  echo "the table's options in $table differ from this script's list:"
  diff <(echo "$listed") <(echo "$rows") | sed -n 's/^[<>]/  &/p'
  bad=1
fi
if [ "$checked" -lt 15 ]; then # a list emptied by accident checks nothing
  echo "only $checked names checked"
  bad=1
fi
[ "$bad" -eq 0 ] && echo "each of the $checked hitting-set options is named in one file of src/cli/"
exit "$bad"
