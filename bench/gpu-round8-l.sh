#!/usr/bin/env bash
# Round eight, after auto learned tensor's second MMA (bundle in .carry/lead): the classes that plan auto on the ARGB
# path, the self-test, and the CLI with two 7x7 masks: a strong sharpen (centre 5.8, the rest -0.1: sum |w| 10.6, two
# MMAs a block, so fast) and a positive one, normalised (one MMA: tensor).
set -uo pipefail
out=${OUT:-round8-l-out}; mkdir -p "$out"
cl=/tmp/convolab/bin/convolab
CONVOLAB_TEST_DETAILS=verbose timeout 240 /tmp/convolab/bin/convolab-gpu-tests --disable-ansi-colors \
  --include-classname '.*(PlanLaunchGpuTest|CudaSampleFilterGpuTest|ReportAgreementGpuTest|CudaEngineGpuTest)' > "$out/gpu-tests.txt" 2>&1
echo "gpu tests exit $?" >> "$out/gpu-tests.txt"; grep -E "tests (successful|failed|skipped)|exit|GpuTest finished" "$out/gpu-tests.txt"
grep -E "✘" "$out/gpu-tests.txt" | head -20
timeout 130 $cl selftest --backend cuda > "$out/selftest.txt" 2>&1; echo "selftest exit $?" >> "$out/selftest.txt"; tail -n 2 "$out/selftest.txt"
python3 -c "
rows = [['-0.1'] * 7 for _ in range(7)]; rows[3][3] = '5.8'
open('/tmp/m7.txt', 'w').write(''.join(' '.join(r) + chr(10) for r in rows))"
printf '1 2 3 4 3 2 1\n2 3 4 6 4 3 2\n3 4 8 9 8 4 3\n4 6 9 12 9 6 4\n3 4 8 9 8 4 3\n2 3 4 6 4 3 2\n1 2 3 4 3 2 1\n' > /tmp/p7.txt
for m in m7 p7; do
  norm=$([ $m = p7 ] && echo --normalize)
  $cl filter sample-images/hubble_deep_field.jpg -o "$out/hubble-$m.jpg" --mask-file /tmp/$m.txt $norm --backend cuda --timings 2>&1 | tee -a "$out/cli-7x7.txt"
done
rm -f "$out"/hubble-*.jpg
