#!/usr/bin/env bash
# The GPU service layer's check on a CUDA host, from the bundle: devices, the gpu-tagged JUnit
# tests, the self-test, the bench (random and Gaussian masks) and a filter of a sample photograph
# with every strategy. Logs go to $OUT (or ./gpu-check-out).
#   tar xzf target/convolab-linux-x64.tar.gz -C /tmp && bash bench/gpu-check.sh
set -uo pipefail
out=${OUT:-gpu-check-out}
mkdir -p "$out"
cl=/tmp/convolab/bin/convolab
{ nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader; date -u +%Y-%m-%dT%H:%MZ; } > "$out/host.txt"
$cl devices > "$out/devices.txt" 2>&1
/tmp/convolab/bin/convolab-gpu-tests --disable-ansi-colors > "$out/gpu-tests.txt" 2>&1; echo "gpu tests exit $?" >> "$out/gpu-tests.txt"
$cl selftest --backend cuda > "$out/selftest.txt" 2>&1; echo "selftest exit $?" >> "$out/selftest.txt"
$cl bench --backend cuda --strategy all --repeat 20 --format json > "$out/bench-random.json" 2> "$out/bench-random.err"
$cl bench --backend cuda --strategy all --repeat 20 --mask gaussian --format json > "$out/bench-gaussian.json" 2> "$out/bench-gaussian.err"
for s in naive constant tiled tiled-out cached separable separable-tiled auto; do
  $cl filter sample-images/hubble_deep_field.jpg -o "/tmp/hubble-$s.png" --mask gaussian:2 --backend cuda --strategy "$s" --timings -f
done > "$out/filter.txt" 2>&1
$cl filter sample-images/astronaut.png -o /tmp/astronaut-sobel.png --mask sobel-x --abs --backend cuda --timings -f >> "$out/filter.txt" 2>&1
cp /tmp/hubble-auto.png "$out/hubble-gaussian2-cuda.png"
cat "$out/host.txt" "$out/devices.txt"; tail -n 3 "$out/selftest.txt"; grep -E "tests (successful|failed|skipped)|exit" "$out/gpu-tests.txt"
