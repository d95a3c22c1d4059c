#!/bin/sh
# Round thirteen, call B (H100): the tensor-copy probe of call A again (sep3mc), then the app's kernel with its
# tensor-copy loader at r 7 on 64x16 / 128x16 tiles with 4-8 slabs (sep3y2: checked, then timed with both loaders).
set -x
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total --format=csv > $OUT/host.txt
.carry/mc/sep3y2 check > $OUT/y2-check.txt 2>&1
SEP3_RADII=7 SEP3_BOTH=1 SEP3_ZCH=64,96,128,171 .carry/mc/sep3y2 time > $OUT/y2-time.txt 2>&1
SEP3_ZCH=64,96,128,171 .carry/mc/sep3mc time > $OUT/mc-time.txt 2>&1
tail -2 $OUT/y2-check.txt
