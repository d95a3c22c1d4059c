#!/usr/bin/env bash
# Round five's GPU-host check of the merged tree, from the bundle carried in .carry/lead (see bench/unpack-bundle.sh):
#   PART=tests: every gpu-tagged JUnit test class (verbose, so a cut run still says what passed), then the self-test;
#   PART=rest CLASSES="a b": the named classes only (what a cut 'tests' part did not reach).
# Logs to $OUT (or ./gpu-round5-out).
#   sh bench/unpack-bundle.sh .carry/lead && PART=tests bash bench/gpu-round5.sh
set -uo pipefail
out=${OUT:-gpu-round5-out}
mkdir -p "$out"
cl=/tmp/convolab/bin/convolab
{ nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader; nproc; date -u +%Y-%m-%dT%H:%MZ; } > "$out/host-${PART:-tests}.txt" 2>&1
cat "$out/host-${PART:-tests}.txt"
tests() { # $1: log name; rest: extra console-launcher arguments
  local log=$1; shift
  CONVOLAB_TEST_DETAILS=verbose timeout "${GPU_TESTS_LIMIT:-420}" /tmp/convolab/bin/convolab-gpu-tests --disable-ansi-colors \
    --config junit.jupiter.execution.timeout.default=180s --config junit.jupiter.execution.timeout.thread.mode.default=SEPARATE_THREAD \
    "$@" > "$out/$log" 2>&1; echo "gpu tests exit $?" >> "$out/$log"
  grep -E "tests (successful|failed|skipped)|exit" "$out/$log"
  grep -E "✘" "$out/$log" | sort | uniq -c | head -40
  grep -E "finished after" "$out/$log" | grep -vE "^\s*│\s+│" | sed 's/^[│ ├└─]*//' | head -60
}
case "${PART:-tests}" in
  tests)
    tests gpu-tests.txt ${SKIP:+--exclude-classname "$SKIP"} # SKIP: a regex of class names left out
    if [[ "${SELFTEST_LIMIT:-150}" -gt 0 ]]; then # 0: no self-test in this call
      timeout "${SELFTEST_LIMIT:-150}" $cl selftest --backend cuda > "$out/selftest.txt" 2>&1; echo "selftest exit $?" >> "$out/selftest.txt"
      tail -n 6 "$out/selftest.txt"
    fi
    ;;
  rest)
    OUT="$out" SCIENCE=0 JPEG=0 TESTS_LIMIT="${GPU_TESTS_LIMIT:-420}" CLASSES="${CLASSES:?name the classes}" bash bench/gpu-quick.sh
    ;;
esac
