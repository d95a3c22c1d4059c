#!/usr/bin/env bash
# Issue 16 on a CUDA host, from the extracted bundle (builds nothing, about 3 minutes on an H100):
# kernel ms of the run-time size fast kernel (r = 15 compiled for comparison, 23, 31, a 63x5 mask),
# the course strategies at r = 12 and 15 (tiled hands over to tiled-out from r = 13), fft at
# r = 7, 15, 31 (cuFFT from the host; where it does not load, fast runs and the runs column says
# so), all on 4096x4096 RGB, mirror; the LargeMaskGpuTest class when the gpu-test launcher is
# there; then the self-test of fast, tiled and fft up to r = 31.
#   tar xzf target/convolab-linux-x64.tar.gz -C /tmp && bash bench/gpuperf-check.sh
set -uo pipefail
cl=${CONVOLAB:-/tmp/convolab/bin/convolab}
common=(--backend cuda --size 4096x4096 --border mirror --repeat 5 --warmup 1 --format csv)
rows() {   # prints "mask strategy kernel_ms max_diff runs" of bench's csv
  "$cl" bench "${common[@]}" "$@" 2>/dev/null | python3 -c '
import csv, sys
for r in csv.DictReader(sys.stdin):
    print(f"{r[\"mask\"].split()[0]:>7} {r[\"strategy\"]:<10} {float(r[\"kernel_ms\"]):10.3f} {r[\"max_diff\"]:>4}  {r.get(\"runs\", \"\")}")'
}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
printf '%7s %-10s %10s %4s  %s\n' mask strategy kernel_ms diff runs
rows --radius 15,23,31 --strategy fast
rows --mask-size 63x5,5x63,15x3 --strategy fast
rows --radius 12,15 --strategy tiled,tiled-out,naive
rows --radius 7,15,31 --strategy fft
rows --radius 15,23,31 --strategy auto
if [[ -x /tmp/convolab/bin/convolab-gpu-tests ]]; then
  timeout 120 /tmp/convolab/bin/convolab-gpu-tests --disable-ansi-colors --include-classname '.*LargeMaskGpuTest' \
    > /tmp/gpuperf-gputests.txt 2>&1
  echo "LargeMaskGpuTest exit $?"; grep -E "tests (successful|failed|skipped)" /tmp/gpuperf-gputests.txt
fi
timeout 240 "$cl" selftest --backend cuda --strategy fast,tiled,fft --max-radius 31 > /tmp/gpuperf-selftest.txt 2>&1
echo "selftest exit $? (log /tmp/gpuperf-selftest.txt)"; tail -n 4 /tmp/gpuperf-selftest.txt
