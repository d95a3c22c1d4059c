#!/bin/sh
# Round fifteen, call E (H100): sep3yg with XPRE (the x window read before the y pass) and with ZU 2 (half the loop
# body), checked and timed at r 7 (mirror) beside sep3yf and the app's kernel.
set -x
.carry/yf/sep3yf check > $OUT/yf-check.txt 2>&1
tail -1 $OUT/yf-check.txt
SEP3_ZCH=96,171,256,512 .carry/yf/sep3yf time > $OUT/yf-time.txt 2>&1
cat $OUT/yf-time.txt
