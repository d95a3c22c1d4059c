#!/usr/bin/env bash
# Round eight's user check on the GPU host (bundle in .carry/lead): the CLI as a user runs it.
#   1. a 7x7 mask on the astronaut (8-bit RGB) with auto on CUDA: --timings says what ran (tensor from 7x7 up);
#   2. a 64-page 16-bit stack (written by OpenCV) with gaussian3d:1.5 (r = 3 as it is cut) and box3d:15, on CUDA.
set -uo pipefail
out=${OUT:-round8-cli-out}; mkdir -p "$out"
cl=/tmp/convolab/bin/convolab
printf '1 2 3 4 3 2 1\n2 -1 4 6 4 -1 2\n3 4 8 9 8 4 3\n4 6 9 12 9 6 4\n3 4 8 9 8 4 3\n2 -1 4 6 4 -1 2\n1 2 3 4 3 2 1\n' > /tmp/m7.txt
$cl filter sample-images/astronaut.png -o "$out/astronaut-7x7.png" --mask-file /tmp/m7.txt --normalize --backend cuda --timings 2>&1 | tee "$out/cli-7x7.txt"
python3 -c "
import cv2, numpy as np
rng = np.random.default_rng(1)
pages = [(rng.random((256, 256)) * 60000).astype(np.uint16) for _ in range(64)]
cv2.imwritemulti('/tmp/stack.tif', pages)
"
for m in gaussian3d:1.5 box3d:15; do
  $cl filter /tmp/stack.tif -o "$out/stack-${m%%:*}.tif" --mask $m --backend cuda --timings 2>&1 | tee -a "$out/cli-stack.txt"
done
python3 -c "
import cv2
ok, pages = cv2.imreadmulti('$out/stack-gaussian3d.tif', flags=cv2.IMREAD_UNCHANGED)
print('read back:', ok, len(pages), pages[0].dtype, pages[0].shape)
" | tee -a "$out/cli-stack.txt"
rm -f "$out"/stack-*.tif
