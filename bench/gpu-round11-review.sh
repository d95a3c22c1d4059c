#!/usr/bin/env bash
# Round eleven's review call: the bundle of the review's tree (.carry/lead) runs CudaVolumeFilterGpuTest and
# Convolab_ConvolveGpuTest and `convolab selftest --backend cuda`; the harnesses sep3x, sep3lm and sep3d (built here
# into .carry/rv) run their checks after sharing sep3host.cuh's each_policy_case. Two calls (the two carries together
# pass the 64 MiB a call takes):
#   sh bench/unpack-bundle.sh .carry/lead && PART=tests bash bench/gpu-round11-review.sh     (carry .carry/lead)
#   PART=harness bash bench/gpu-round11-review.sh                                            (carry .carry/rv)
set -uo pipefail
out=${OUT:-round11-review-out}; mkdir -p "$out"
if [ "${PART:-tests}" = tests ]; then
  PART=tests SELFTEST_LIMIT=200 OUT="$out" bash bench/gpu-round10.sh > "$out/tests.txt" 2>&1
  grep -E "tests (successful|failed)|exit|passed" "$out/tests.txt"
else
  for h in sep3x sep3lm sep3d; do
    timeout 180 .carry/rv/$h check > "$out/$h-check.txt" 2>&1; echo "$h check exit $?" >> "$out/$h-check.txt"
    tail -n 2 "$out/$h-check.txt"
  done
fi
