#!/usr/bin/env bash
# Round six's last GPU-host check of the merged tree, in two calls on one warm machine (bundle in .carry/lead):
#   PART=tests  every gpu-tagged test class (bench/gpu-round5.sh's tests part, cut at GPU_TESTS_LIMIT seconds; the
#               verbose log says which classes finished), without the self-test;
#   PART=rest   the self-test (`convolab selftest --backend cuda`), the classes the first call did not reach
#               (CLASSES), then the figures of issues 23 and 24 (bench/gpu-round6.sh, BATCHES=quick, RUNS runs) and,
#               with VOLUME=1, the 3D board's separable rows (bench/gpu-volume.sh, RADII).
# Logs to $OUT.
#   sh bench/unpack-bundle.sh .carry/lead && PART=tests bash bench/gpu-round6-final.sh
set -uo pipefail
out=${OUT:-gpu-round6-final-out}
mkdir -p "$out"
case "${PART:-tests}" in
  tests)
    OUT="$out" PART=tests SELFTEST_LIMIT=0 bash bench/gpu-round5.sh
    ;;
  rest)
    timeout "${SELFTEST_LIMIT:-200}" /tmp/convolab/bin/convolab selftest --backend cuda > "$out/selftest.txt" 2>&1
    echo "selftest exit $?" >> "$out/selftest.txt"
    tail -n 4 "$out/selftest.txt"
    if [[ -n "${CLASSES:-}" ]]; then
      OUT="$out" PART=rest CLASSES="$CLASSES" GPU_TESTS_LIMIT="${GPU_TESTS_LIMIT:-300}" bash bench/gpu-round5.sh
    fi
    OUT="$out" BATCHES=quick RUNS="${RUNS:-3}" bash bench/gpu-round6.sh
    if [[ "${VOLUME:-0}" == 1 ]]; then
      OUT="$out" SKIP_TESTS=1 RADII="${RADII:-1,7}" BOARD_LIMIT="${BOARD_LIMIT:-200}" bash bench/gpu-volume.sh
    fi
    ;;
esac
