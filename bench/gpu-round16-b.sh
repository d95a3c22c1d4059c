#!/bin/sh
# Round sixteen, call B (H100): what the mirror's per-step halo copy costs, in parts. sep3yh built with -DROUND16_B:
# the app's form without the proxy fence after the copy (NF, a timing probe: not a correct kernel), the register x fold
# without the fence, and 128x16 tiles with and without it; r 7, mirror then zero halo, chunks 171 and 512.
set -x
SEP3_RADII=7 SEP3_ZCH=171,512 .carry/yh/sep3yf-b time > $OUT/yh-b-mirror.txt 2>&1
SEP3_POLICY=0 SEP3_RADII=7 SEP3_ZCH=171,512 .carry/yh/sep3yf-b time > $OUT/yh-b-zero.txt 2>&1
cat $OUT/yh-b-mirror.txt $OUT/yh-b-zero.txt
