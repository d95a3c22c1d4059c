#!/usr/bin/env bash
# This round's GPU-host checks in two calls of under ten minutes each, from the bundle:
#   PART=tests: every gpu-tagged JUnit test (verbose, so a cut run still says what passed), then the self-test;
#   PART=bench: the tensor kernels' standalone check, the 3D board (bench/gpu-volume.sh, its tests included),
#               issue 24's files (bench/gpu-science.sh) and one nvJPEG batch of 100 (bench/gpu-quick.sh's).
# Logs to $OUT (or ./gpu-round4-out).
#   tar xzf target/convolab-linux-x64.tar.gz -C /tmp && PART=tests bash bench/gpu-round4.sh
set -uo pipefail
out=${OUT:-gpu-round4-out}
mkdir -p "$out"
cl=/tmp/convolab/bin/convolab
{ nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader; nproc; date -u +%Y-%m-%dT%H:%MZ; } > "$out/host-${PART:-tests}.txt" 2>&1
case "${PART:-tests}" in
  tests)
    CONVOLAB_TEST_DETAILS=verbose timeout "${GPU_TESTS_LIMIT:-420}" /tmp/convolab/bin/convolab-gpu-tests --disable-ansi-colors \
      --config junit.jupiter.execution.timeout.default=180s --config junit.jupiter.execution.timeout.thread.mode.default=SEPARATE_THREAD \
      > "$out/gpu-tests.txt" 2>&1; echo "gpu tests exit $?" >> "$out/gpu-tests.txt"
    grep -E "tests (successful|failed|skipped)|exit" "$out/gpu-tests.txt"
    grep -E "✘" "$out/gpu-tests.txt" | sort | uniq -c | head -40
    timeout "${SELFTEST_LIMIT:-150}" $cl selftest --backend cuda > "$out/selftest.txt" 2>&1; echo "selftest exit $?" >> "$out/selftest.txt"
    tail -n 6 "$out/selftest.txt"
    ;;
  bench)
    if [[ -n "${CLASSES:-}" ]]; then # test classes a cut 'tests' part did not reach
      OUT="$out" SCIENCE=0 JPEG=0 TESTS_LIMIT="${TESTS_LIMIT:-150}" bash bench/gpu-quick.sh
    fi
    timeout 150 bash bench/tensor_check.sh > "$out/tensor-check.txt" 2>&1; echo "tensor check exit $?" >> "$out/tensor-check.txt"
    tail -n 40 "$out/tensor-check.txt"
    OUT="$out" bash bench/gpu-science.sh > /dev/null 2>&1
    grep -E '^==|filter|wall|diff' "$out/science.txt" | head -40
    OUT="$out" SCIENCE=0 JPEG=1 bash bench/gpu-quick.sh
    OUT="$out" SKIP_TESTS="${SKIP_VOLUME_TESTS:-1}" GPU_TESTS_LIMIT=150 BOARD_LIMIT="${BOARD_LIMIT:-200}" RADII="${RADII:-1,2,3,7}" \
      bash bench/gpu-volume.sh
    tail -n 25 "$out/volume-board.txt" 2>/dev/null
    ;;
esac
