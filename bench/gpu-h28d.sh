#!/usr/bin/env bash
# Issue 28 after h28t's argbn tensor kernels: the board again, in ONE GPU-host call of at most 420 s (helper h28d).
# As bench/gpu-round5-perf.sh, in order of need, each step capped by what is left of BUDGET_S (from START_S, the
# command's start, so the bundle's unpacking counts):
#   1. board, 4096², zero and mirror: the square random masks r = 1..31 and the rectangles 63x5, 5x63, 9x31, 41x21,
#      3x45 in one board.py run (one limits measurement), fast, tensor, fft. Peers torch NCHW and channels_last and
#      the tuned CuPy FFT; cupyx correlate (direct) is left out: it was never the fastest peer on the 2026-11-27
#      board (bench/results/h100-2026-11-27-perf) and took about 90 s of that call.
#   2. the planes kernels (--unfused), 4096², mirror, r = 1..31, fast and tensor, no peers (auto's planes rows);
#   3. the Gaussians, 4096², mirror, fast-separable, peers cupy correlate1d twice and torch channels_last;
#   4. Nsight Compute (ncu_gaps.py beside this script) on planes r = 3, fast-separable r = 7, 10, 15, tensor's ARGB
#      kernel at r = 4 and 31, planes r = 4;
#   5. the gpu-tagged PlanLaunchGpuTest, CudaSampleFilterGpuTest (auto on the ARGB path) and TensorGpuTest;
#   6. if time is left: 8192², mirror, Convolab alone: Gaussians r = 1..15 (fast-separable) and planes r = 1..15
#      (--unfused, fast and tensor).
# The board JSONs and logs go into one tar under $OUT, beside host.txt, ncu-gaps.json and gpu-tests.txt.
#   START_S=$(date +%s); python3 -c '...extractall("/tmp")' && START_S=$START_S bash .carry/h28d/gpu-h28d.sh
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-h28d-out}
work=$(mktemp -d)
mkdir -p "$out"
t0=${START_S:-$(date +%s)}
budget=${BUDGET_S:-400}
el() { echo "[$(($(date +%s) - t0)) s] $*"; }
left() { echo $((budget - ($(date +%s) - t0))); }
# cap WANT RESERVE: WANT seconds, or what is left after RESERVE if less (at least 5)
cap() { local l=$(($(left) - $2)); local w=$1; [ "$l" -lt "$w" ] && w=$l; [ "$w" -lt 5 ] && w=5; echo "$w"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv;
  nproc; date -u +%Y-%m-%dT%H:%MZ; command -v ncu || ls /usr/local/cuda*/bin/ncu; } > "$work/host.txt" 2>&1
cat "$work/host.txt"

B=(env PYTHONUNBUFFERED=1 python3 bench/board.py --out "$work" --repeat 10 --no-interactive)
step() { # NAME SECONDS ARGS...: one board.py run, its log beside its JSON
  local name=$1 s=$2; shift 2
  el "board $name (up to $s s)"
  timeout "$s" "${B[@]}" "$@" --name "$name" 2> "$work/$name.log"
  echo "exit $?" >> "$work/$name.log"; tail -n 2 "$work/$name.log"
}
step board-4096-t2dr "$(cap 185 190)" --sizes 4096x4096 --policies zero,mirror --no-separable \
  --peers torch-nchw,torch-channels-last,cupy-fft --rects 63x5,5x63,9x31,41x21,3x45 --strategies fast,tensor,fft
step board-4096-tplanes "$(cap 40 160)" --sizes 4096x4096 --policies mirror --no-rect --no-separable --no-peers --unfused \
  --radii 1,2,3,4,7,10,15,23,31 --strategies fast,tensor
step board-4096-tsep "$(cap 40 130)" --sizes 4096x4096 --policies mirror --no-2d --no-rect --radii 1,2,3,4,7,10,15 \
  --peers cupy-correlate1d,torch-channels-last --separable-strategies fast-separable

el "ncu"
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)
timeout "$(cap 60 95)" env PYTHONUNBUFFERED=1 python3 "$here/ncu_gaps.py" --out "$work" --ncu "${ncu:-ncu}" \
  --cases planes-r3,separable-r7,separable-r10,separable-r15,tensor-argb-r4,tensor-argb-r31,planes-r4 2>&1 | tee "$work/ncu-gaps.txt"

el "gpu tests"
t=/tmp/convolab
cp="$t/lib/convolab.jar:$t/test/classes"
for j in "$t"/test/*.jar; do case "$j" in *console-standalone*) ;; *) cp="$cp:$j";; esac; done
timeout "$(cap 100 0)" "$t/runtime/bin/java" --add-modules jdk.incubator.vector -jar "$t"/test/junit-platform-console-standalone-*.jar \
  execute --class-path "$cp" --select-class org.convolab.cuda.PlanLaunchGpuTest --select-class org.convolab.cuda.CudaSampleFilterGpuTest \
  --select-class org.convolab.cuda.TensorGpuTest --include-tag gpu --details=verbose --disable-ansi-colors > "$work/gpu-tests.txt" 2>&1
echo "gpu tests exit $?" >> "$work/gpu-tests.txt"
grep -E "GpuTest finished after|tests (successful|failed|skipped|aborted)|exit" "$work/gpu-tests.txt" | tail -n 12

if [ "$(left)" -gt 25 ]; then
  step board-8192-h28d "$(cap 60 3)" --sizes 8192x8192 --policies mirror --no-rect --no-peers --unfused \
    --radii 1,2,3,4,7,10,15 --strategies fast,tensor --separable-strategies fast-separable
fi
el "done"
cp "$work"/host.txt "$work"/gpu-tests.txt "$work"/ncu-gaps.json "$work"/ncu-gaps.txt "$out"/ 2>/dev/null
tar czf "$out/h28d-logs.tgz" -C "$work" --exclude=work .
ls -la "$out"
