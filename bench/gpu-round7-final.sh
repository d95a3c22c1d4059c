#!/usr/bin/env bash
# Round seven's last GPU-host check of the merged tree (bundle in .carry/lead), two calls on one warm machine:
#   PART=tests  every gpu-tagged class but those named in SKIP (a regex of class names that passed on this session's
#               earlier bundles and whose code did not change since), cut at GPU_TESTS_LIMIT seconds;
#   PART=rest   `convolab selftest --backend cuda`, the classes in CLASSES, then (VOLUME=1) the 3D board's separable
#               rows (bench/gpu-volume.sh, RADII) and (STAGED=1) issue 24's staged figures (bench/gpu-round7-b.sh).
# Logs to $OUT.   sh bench/unpack-bundle.sh .carry/lead && PART=tests bash bench/gpu-round7-final.sh
set -uo pipefail
out=${OUT:-gpu-round7-final-out}
mkdir -p "$out"
cl=/tmp/convolab/bin/convolab
case "${PART:-tests}" in
  tests)
    OUT="$out" PART=tests SELFTEST_LIMIT=0 GPU_TESTS_LIMIT="${GPU_TESTS_LIMIT:-540}" SKIP="${SKIP:-}" bash bench/gpu-round5.sh
    ;;
  rest)
    timeout "${SELFTEST_LIMIT:-200}" $cl selftest --backend cuda > "$out/selftest.txt" 2>&1
    echo "selftest exit $?" >> "$out/selftest.txt"
    tail -n 4 "$out/selftest.txt"
    if [[ -n "${CLASSES:-}" ]]; then
      OUT="$out" SCIENCE=0 JPEG=0 TESTS_LIMIT="${GPU_TESTS_LIMIT:-240}" CLASSES="$CLASSES" bash bench/gpu-quick.sh
    fi
    if [[ "${VOLUME:-0}" == 1 ]]; then
      OUT="$out" SKIP_TESTS=1 RADII="${RADII:-1,2,3,7}" BOARD_LIMIT="${BOARD_LIMIT:-200}" bash bench/gpu-volume.sh
    fi
    if [[ "${STAGED:-0}" == 1 ]]; then
      OUT="$out" CLASSES=none bash bench/gpu-round7-b.sh
    fi
    ;;
esac
