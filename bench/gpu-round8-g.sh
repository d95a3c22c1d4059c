#!/usr/bin/env bash
# Round eight's last call (about 4 minutes; bundle in .carry/lead, bench/volumelab/sep3n.cu built into .carry/h25n):
#   1. the classes that run auto on the ARGB path, after auto's table moved 7x7 to tensor, and the self-test;
#   2. Nsight Compute on the app's 3D separable kernels at r 3 (shape M) and r 7 (shape L), z chunks 26 and 128
#      (SEP3_NCU=0 leaves it out: bench/gpu-round8-l.sh runs part 1 so).
set -uo pipefail
out=${OUT:-round8-g-out}; mkdir -p "$out"
cl=/tmp/convolab/bin/convolab
CONVOLAB_TEST_DETAILS=verbose timeout 200 /tmp/convolab/bin/convolab-gpu-tests --disable-ansi-colors \
  --include-classname '.*(PlanLaunchGpuTest|CudaSampleFilterGpuTest|ReportAgreementGpuTest|CudaEngineGpuTest)' > "$out/gpu-tests.txt" 2>&1
echo "gpu tests exit $?" >> "$out/gpu-tests.txt"; grep -E "tests (successful|failed|skipped)|exit|GpuTest finished" "$out/gpu-tests.txt"
grep -E "✘" "$out/gpu-tests.txt" | head -20
timeout 130 $cl selftest --backend cuda > "$out/selftest.txt" 2>&1; echo "selftest exit $?" >> "$out/selftest.txt"; tail -n 2 "$out/selftest.txt"
[[ "${SEP3_NCU:-1}" == 1 ]] || exit 0
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)
for spec in "3 26" "7 128"; do set -- $spec
  NCU=1 SEP3_RADII=$1 SEP3_ZCH=$2 SEP3_ONLY="new" timeout 60 "$ncu" --clock-control none -k "regex:sep3_$1_" \
    --section SpeedOfLight --section WarpStateStats --section Occupancy --section InstructionStats --section ComputeWorkloadAnalysis \
    --page raw --csv .carry/h25n/sep3n time > "$out/ncu-r$1.csv" 2> "$out/ncu-r$1.err"
  echo "ncu r$1 exit $? ($(wc -l < "$out/ncu-r$1.csv") lines)"
done
