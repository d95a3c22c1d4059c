#!/usr/bin/env bash
# The lent result (ConvolutionEngine.filterLeased) on a CUDA host, from the bundle:
#   mvn -Pbundle package && tar xzf target/convolab-linux-x64.tar.gz -C /tmp && bash bench/lent-result.sh
# 1. the gpu test that checks the lent pixels against the int[] path (LeasedResultGpuTest);
# 2. the live preview (24 MP resident, a 7x7 mask changed before each run, median of 30): time until the
#    result is in pinned memory (CUDA events), until it is copied into a Java int[] (filter), and until it
#    is lent where it was downloaded (filterLeased, the previous lease held meanwhile, as the window does).
# Logs go to $OUT (or ./lent-result-out).
set -uo pipefail
out=${OUT:-lent-result-out}
mkdir -p "$out"
cl=/tmp/convolab/bin/convolab
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; date -u +%Y-%m-%dT%H:%MZ; nproc; } > "$out/host.txt" 2>&1
/tmp/convolab/bin/convolab-gpu-tests --disable-ansi-colors --include-classname '.*LeasedResultGpuTest' > "$out/gpu-test.txt" 2>&1
echo "gpu test exit $?" >> "$out/gpu-test.txt"
for size in 6000x4000 2000x1500; do
  $cl bench --backend cuda --interactive --size "$size" --repeat 30 --format json > "$out/interactive-$size.json" 2>&1
done
$cl bench --backend cuda --interactive --repeat 30 > "$out/interactive.txt" 2>&1
cat "$out/host.txt"; grep -E "tests (successful|failed|skipped)|exit" "$out/gpu-test.txt"; cat "$out/interactive.txt"
