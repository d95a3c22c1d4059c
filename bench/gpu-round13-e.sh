#!/bin/sh
# Round thirteen, call E (H100): sep3tm after call D's failed check (the column fix-up now takes the slab columns
# outside the volume, [0, nl) and [cr, SW), not the L columns at either end: tiles the volume ends inside of), checked,
# then timed at r 7 with mirror and with a zero halo.
set -x
.carry/mc/sep3tm check > $OUT/tm-check.txt 2>&1
SEP3_ZCH=96,171,256 .carry/mc/sep3tm time > $OUT/tm-time-mirror.txt 2>&1
SEP3_POLICY=0 SEP3_ZCH=96,171,256 .carry/mc/sep3tm time > $OUT/tm-time-zero.txt 2>&1
tail -1 $OUT/tm-check.txt
