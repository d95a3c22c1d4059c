#!/usr/bin/env bash
# Issue 28 (performance round three) in ONE GPU-host call of under eight minutes, from the unpacked bundle:
#   1. the board with tensor among Convolab's strategies (bench/board.py, 4096², --repeat 10): the square random
#      masks r = 1,2,3,4,7,10,15,23,31 on zero and mirror (fast, tensor, fft: argb_ms is the app's packed 8-bit
#      ARGB path; kernel_ms the fused kernel where one runs, else the planes kernels), the planes kernels alone
#      (--unfused, r = 1..15, mirror: added after the 2026-11-27 call, which lacked them), the rectangular masks 63x5, 5x63, 9x31, 41x21, 3x45 on zero
#      and mirror (63x63 is r = 31), the Gaussians r = 1..15 on mirror (fast-separable). Peers: the GPU
#      peers that were ever within 2x of the fastest in the last full board (cupy, torch NCHW and
#      channels_last, the tuned CuPy FFT; cupy-correlate1d for the Gaussians); oaconvolve and OpenCV on the
#      host (5-400x slower there) are left out to fit the call.
#   2. (after the tests) Nsight Compute (bench/ncu_gaps.py, --clock-control none) on the floor gaps' kernels: planes r = 3, 4,
#      fast-separable r = 7, 10, 15, the fused ARGB r = 2, and tensor's ARGB kernels at r = 7 and 15.
#   3. the gpu-tagged tests of tensor and of the plans: TensorGpuTest, PlanLaunchGpuTest (before ncu: ncu takes what is
#      left of BUDGET_S, 440 s).
# Everything goes to $OUT (at most 8 files come back: the board JSONs and logs are put in one tar).
#   python3 -c 'import tarfile;tarfile.open("DIR/convolab-linux-x64.tar.xz").extractall("/tmp")' && bash bench/gpu-round5-perf.sh
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-round5-out}
work=$(mktemp -d)
mkdir -p "$out"
t0=$(date +%s)
el() { echo "[$(($(date +%s) - t0)) s] $*"; }
left() { echo $((${BUDGET_S:-440} - ($(date +%s) - t0))); }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv;
  nproc; date -u +%Y-%m-%dT%H:%MZ; command -v ncu || ls /usr/local/cuda*/bin/ncu; } > "$work/host.txt" 2>&1
cat "$work/host.txt"

B=(env PYTHONUNBUFFERED=1 python3 "$here/board.py" --out "$work" --sizes 4096x4096 --repeat 10 --no-interactive)
PEERS=cupy,torch-nchw,torch-channels-last,cupy-fft,cupy-correlate1d
el "board: square random masks"
timeout "${T_2D:-190}" "${B[@]}" --policies zero,mirror --no-rect --no-separable --peers "$PEERS" \
  --strategies fast,tensor,fft --name board-4096-t2d 2> "$work/board-4096-t2d.log"
echo "exit $?" >> "$work/board-4096-t2d.log"; tail -n 3 "$work/board-4096-t2d.log"
el "board: the planes kernels (fused ARGB kernels off), Convolab alone"
timeout "${T_PLANES:-45}" "${B[@]}" --policies mirror --no-rect --no-separable --no-peers --unfused --radii 1,2,3,4,7,10,15 \
  --strategies fast,tensor --name board-4096-tplanes 2> "$work/board-4096-tplanes.log"
echo "exit $?" >> "$work/board-4096-tplanes.log"; tail -n 2 "$work/board-4096-tplanes.log"
el "board: rectangular masks"
timeout "${T_RECT:-75}" "${B[@]}" --policies zero,mirror --no-2d --no-separable --peers "$PEERS" \
  --rects 63x5,5x63,9x31,41x21,3x45 --strategies fast,tensor,fft --name board-4096-trect 2> "$work/board-4096-trect.log"
echo "exit $?" >> "$work/board-4096-trect.log"; tail -n 3 "$work/board-4096-trect.log"
el "board: Gaussians"
timeout "${T_SEP:-40}" "${B[@]}" --policies mirror --no-2d --no-rect --radii 1,2,3,4,7,10,15 --peers "$PEERS" \
  --separable-strategies fast-separable --name board-4096-tsep 2> "$work/board-4096-tsep.log"
echo "exit $?" >> "$work/board-4096-tsep.log"; tail -n 3 "$work/board-4096-tsep.log"

el "gpu tests"
tl=$(($(left) - 60)); [ "$tl" -gt "${T_TESTS:-140}" ] && tl=${T_TESTS:-140}; [ "$tl" -lt 30 ] && tl=30
# convolab-gpu-tests scans the classpath, which JUnit's launcher refuses beside --select-class: call the launcher
# as bench/gpu-quick.sh does (2026-11-27's call printed the usage here and ran no test)
t=/tmp/convolab
cp="$t/lib/convolab.jar:$t/test/classes"
for j in "$t"/test/*.jar; do case "$j" in *console-standalone*) ;; *) cp="$cp:$j";; esac; done
timeout "$tl" "$t/runtime/bin/java" --add-modules jdk.incubator.vector -jar "$t"/test/junit-platform-console-standalone-*.jar \
  execute --class-path "$cp" --select-class org.convolab.cuda.PlanLaunchGpuTest --select-class org.convolab.cuda.TensorGpuTest \
  --include-tag gpu --details=verbose --disable-ansi-colors > "$work/gpu-tests.txt" 2>&1
echo "gpu tests exit $?" >> "$work/gpu-tests.txt"
grep -E "tests (successful|failed|skipped)|exit|finished after" "$work/gpu-tests.txt" | tail -n 12

el "ncu on the floor gaps"
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)
tn=$(left); [ "$tn" -lt 20 ] && tn=20
timeout "$tn" env PYTHONUNBUFFERED=1 python3 "$here/ncu_gaps.py" --out "$work" --ncu "${ncu:-ncu}" 2>&1 | tee "$work/ncu-gaps.txt"

if [[ "${TENSOR_LAB:-0}" == 1 ]]; then # opt-in (about 3 minutes): the tensor kernels at 2 and at 3 blocks an SM
  el "tensor lab: TENSOR_MINB 1 and 3"
  for mb in 1 3; do NVFLAGS=-DTENSOR_MINB=$mb timeout 150 bash "$here/tensor_check.sh" > "$work/tensor-minb$mb.txt" 2>&1; done
  grep -h -E "^ptxas|r=7 random|r=15 random" "$work"/tensor-minb*.txt
fi
el "done"
cp "$work"/host.txt "$work"/gpu-tests.txt "$work"/ncu-gaps.json "$out"/ 2>/dev/null
tar czf "$out/round5-logs.tgz" -C "$work" --exclude=work .
ls -la "$out"
