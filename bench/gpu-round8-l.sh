#!/usr/bin/env bash
# Round eight, after auto learned tensor's second MMA (bundle in .carry/lead): the classes that plan auto on the ARGB
# path, the self-test, and the CLI with two 7x7 masks: a strong sharpen (centre 5.8, the rest -0.1: sum |w| 10.6, two
# MMAs a block, so fast) and a positive one, normalised (one MMA: tensor).
set -uo pipefail
out=${OUT:-round8-l-out}; mkdir -p "$out"
cl=/tmp/convolab/bin/convolab
SEP3_NCU=0 OUT="$out" bash bench/gpu-round8-g.sh   # the same four classes and the self-test
python3 -c "
rows = [['-0.1'] * 7 for _ in range(7)]; rows[3][3] = '5.8'
open('/tmp/m7.txt', 'w').write(''.join(' '.join(r) + chr(10) for r in rows))"
printf '1 2 3 4 3 2 1\n2 3 4 6 4 3 2\n3 4 8 9 8 4 3\n4 6 9 12 9 6 4\n3 4 8 9 8 4 3\n2 3 4 6 4 3 2\n1 2 3 4 3 2 1\n' > /tmp/p7.txt
for m in m7 p7; do
  norm=$([ $m = p7 ] && echo --normalize)
  $cl filter sample-images/hubble_deep_field.jpg -o "$out/hubble-$m.jpg" --mask-file /tmp/$m.txt $norm --backend cuda --timings 2>&1 | tee -a "$out/cli-7x7.txt"
done
rm -f "$out"/hubble-*.jpg
