#!/usr/bin/env bash
# With T24_STATIC_DEPS (CMakeLists.txt), t24 carries GLPK, GMP and GLPK's own dependencies
# inside: the dynamic loader must not map any of them (a one-hand `t24 solve` would pay
# for them at start-up; docs/benchmarks.md). Asks ld.so itself, as ldd does, and checks
# that the binary still answers.
set -u
bin="$1"
libs=$(LD_TRACE_LOADED_OBJECTS=1 "$bin") || { echo "cannot list the libraries of $bin"; exit 1; }
echo "$libs"
if echo "$libs" | grep -E 'lib(glpk|gmp|colamd|amd|suitesparseconfig|z|ltdl)\.so'; then
  echo "FAIL: $bin loads the shared libraries above"
  exit 1
fi
out=$("$bin" solve 3 3 8 8) || { echo "FAIL: t24 solve 3 3 8 8 failed"; exit 1; }
[ "$out" = "8/(3-8/3) = 24" ] || { echo "FAIL: t24 solve 3 3 8 8 printed '$out'"; exit 1; }
echo "ok: no GLPK, GMP or GLPK dependency loaded"
