#!/usr/bin/env bash
# One call's worth of GPU checks on a CUDA host, from the bundle: the gpu-tagged JUnit tests, the
# self-test, a filter of sample photographs with every strategy, and (unless SKIP_BOARD=1) the
# performance board. Logs go to $OUT (or ./gpu-check-out), at most 8 files.
#   tar xzf target/convolab-linux-x64.tar.gz -C /tmp && bash bench/gpu-check.sh
set -uo pipefail
out=${OUT:-gpu-check-out}
mkdir -p "$out"
cl=/tmp/convolab/bin/convolab
{ nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader; date -u +%Y-%m-%dT%H:%MZ; $cl devices; } > "$out/host.txt" 2>&1
if [[ "${SKIP_BOARD:-0}" != 1 ]]; then
  PYTHONUNBUFFERED=1 python3 bench/board.py --out "$out" ${BOARD_ARGS:-} 2> "$out/board.log"
fi
# verbose details print each test as it ends (the tree comes only at the end, lost when a call's limit cuts the run);
# a test past 3 minutes fails with a timeout instead of holding the call (CudaPlaneFilterGpuTest once took ~17 s a case)
CONVOLAB_TEST_DETAILS=verbose timeout "${GPU_TESTS_LIMIT:-500}" /tmp/convolab/bin/convolab-gpu-tests --disable-ansi-colors \
  --config junit.jupiter.execution.timeout.default=180s --config junit.jupiter.execution.timeout.thread.mode.default=SEPARATE_THREAD \
  > "$out/gpu-tests.txt" 2>&1; echo "gpu tests exit $?" >> "$out/gpu-tests.txt"
$cl selftest --backend cuda > "$out/selftest.txt" 2>&1; echo "selftest exit $?" >> "$out/selftest.txt"
{
  for s in naive constant tiled tiled-out cached separable separable-tiled fast fast-separable tensor auto; do
    $cl filter sample-images/hubble_deep_field.jpg -o "/tmp/hubble-$s.png" --mask gaussian:2 --backend cuda --strategy "$s" --timings -f
  done
  $cl filter sample-images/astronaut.png -o /tmp/astronaut-sobel.png --mask sobel-x --abs --backend cuda --timings -f
  $cl bench --backend cuda --interactive --repeat 30
} > "$out/filter.txt" 2>&1
cat "$out/host.txt"; tail -n 3 "$out/selftest.txt"; grep -E "tests (successful|failed|skipped)|exit" "$out/gpu-tests.txt"; tail -n 4 "$out/filter.txt"
