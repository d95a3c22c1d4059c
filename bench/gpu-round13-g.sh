#!/bin/sh
# Round thirteen, call G (H100): sep3tm with the fold choices (loader 1: fold in the slab; 2: blocks with halo to fold
# keep cp.async; 3: only blocks with columns to fold keep cp.async; 0: cp.async everywhere), checked, then timed at
# r 7 under mirror (the board's policy) and with a zero halo.
set -x
.carry/mc/sep3tm check > $OUT/tm-check.txt 2>&1
SEP3_ZCH=96,171,256,342 .carry/mc/sep3tm time > $OUT/tm-time-mirror.txt 2>&1
SEP3_POLICY=0 SEP3_ZCH=96,256 .carry/mc/sep3tm time > $OUT/tm-time-zero.txt 2>&1
tail -1 $OUT/tm-check.txt
