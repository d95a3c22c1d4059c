#!/bin/sh
# Round thirteen, call H (H100): long z chunks. The copy probe (sep3mc) and sep3tm at chunks 256, 342 and 512 (512: one
# chunk a tile, no z slice read twice), under mirror and with a zero halo.
set -x
SEP3_ZCH=96,256,342,512 .carry/mc/sep3mc time > $OUT/mc-time.txt 2>&1
SEP3_ZCH=256,342,512 .carry/mc/sep3tm time > $OUT/tm-time-mirror.txt 2>&1
SEP3_POLICY=0 SEP3_ZCH=256,342,512 .carry/mc/sep3tm time > $OUT/tm-time-zero.txt 2>&1
