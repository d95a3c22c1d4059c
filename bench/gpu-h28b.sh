#!/usr/bin/env bash
# Issue 28's float-planes floor gaps in ONE GPU-host call (helper h28b, 2026-11-27), from .carry/h28b:
#   convolab-linux-x64.tar.xz  bundle A: planes r = 3 on the streamed kernel, fast-separable as shipped
#   thinB.jar, testB.tgz       variant B: A + fast-separable's streamed kernel (convolab_fastseps_rN) for every radius
#                              (the fatbin and the classes that differ from A's; B's test classes)
#   seplab2.xz                 bench/fastlab/seplab.cu as of A, built with nvcc 13 (sm_90)
# 1. A: the board's rows (bench/board.py, no peers): planes r = 1..4 (--unfused) and Gaussians r = 1..15, 4096² and
#    8192²; fast-separable on zero by `convolab bench`; the gpu-tagged tests of the plans and the planes.
# 2. B (the bundle patched with bench/patch_bundle.py): the same Gaussian rows and tests.
# 3. Nsight Compute (bench/ncu_gaps.py) on the rows still over 1.25x; 4. the lab, as time allows.
set -uo pipefail
d=.carry/h28b; out=${OUT:-h28b-out}; w=$(mktemp -d); mkdir -p "$out"
t0=$(date +%s); el() { echo "[$(($(date +%s) - t0)) s] $*"; }
left() { echo $((${BUDGET_S:-400} - ($(date +%s) - t0))); }
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,temperature.gpu --format=csv,noheader | tee "$w/host.txt"
ncu=$(command -v ncu || ls /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
python3 -c 'import tarfile;tarfile.open(".carry/h28b/convolab-linux-x64.tar.xz").extractall("/tmp")' || exit 1
C=/tmp/convolab/bin/convolab
B=(env PYTHONUNBUFFERED=1 python3 bench/board.py --out "$w" --repeat 10 --no-interactive --no-peers --no-rect)
tests() {  # $1: log name; the launcher as bench/gpu-quick.sh calls it
  local t=/tmp/convolab cp="/tmp/convolab/lib/convolab.jar:/tmp/convolab/test/classes"
  for j in "$t"/test/*.jar; do case "$j" in *console-standalone*) ;; *) cp="$cp:$j";; esac; done
  timeout "${2:-110}" "$t/runtime/bin/java" --add-modules jdk.incubator.vector -jar "$t"/test/junit-platform-console-standalone-*.jar \
    execute --class-path "$cp" --select-class org.convolab.cuda.PlanLaunchGpuTest --select-class org.convolab.cuda.CudaPlaneFilterGpuTest \
    --select-class org.convolab.cuda.CudaEngineGpuTest --select-class org.convolab.cuda.CudaCostGpuTest --include-tag gpu --details=tree --disable-ansi-colors > "$w/$1" 2>&1
  echo "exit $?" >> "$w/$1"; grep -E "tests (successful|failed|skipped)|^exit|MethodSource|✘" "$w/$1" | grep -v "✔" | tail -n 12
}
sepzero() {  # $1: name
  $C bench --backend cuda --size 4096x4096 --radius 1,2,3,4,7,10,15 --strategy fast-separable --border zero --mask gaussian \
    --repeat 10 --warmup 3 --format json > "$w/$1-4096.json" 2> "$w/$1-4096.err"
  $C bench --backend cuda --size 8192x8192 --radius 1,3,7,10,15 --strategy fast-separable --border zero --mask gaussian \
    --repeat 10 --warmup 3 --format json > "$w/$1-8192.json" 2> "$w/$1-8192.err"
  python3 -c "import json,sys;[print(sys.argv[1], r.get('width'), r['radius'], r['strategy'], r.get('kernel_ms'), r.get('max_diff'), r.get('runs')) for f in sys.argv[2:] for r in json.load(open(f))]" "$1" "$w/$1-4096.json" "$w/$1-8192.json" 2>&1 | tail -n 14
}
el "A: board planes r1-4, zero+mirror, both sizes"
timeout 120 "${B[@]}" --sizes 4096x4096,8192x8192 --policies zero,mirror --no-separable --unfused --radii 1,2,3,4 --strategies fast --name h28b-planes 2> "$w/h28b-planes.log"; echo "exit $?" >> "$w/h28b-planes.log"; tail -n 2 "$w/h28b-planes.log"
el "A: board Gaussians (mirror)"
timeout 90 "${B[@]}" --sizes 4096x4096,8192x8192 --no-2d --radii 1,2,3,4,7,10,15 --separable-strategies fast-separable --name h28b-sepA 2> "$w/h28b-sepA.log"; echo "exit $?" >> "$w/h28b-sepA.log"; tail -n 2 "$w/h28b-sepA.log"
el "A: fast-separable zero"; sepzero sepzeroA
el "A: gpu tests"; tests gpu-tests-A.txt 110
el "A: ncu"; timeout 70 python3 "$d/ncu_gaps.py" --out "$w/ncuA" --ncu "$ncu" --cases planes-r3,separable-r10,separable-r15 2>&1 | tail -n 4
el "B: patch"
mkdir -p "$w/tb" && tar xzf "$d/testB.tgz" -C "$w/tb" && python3 bench/patch_bundle.py /tmp/convolab "$d/thinB.jar" "$w/tb/test-classes" || echo "patch failed"
el "B: board Gaussians (mirror)"
timeout 90 "${B[@]}" --sizes 4096x4096,8192x8192 --no-2d --radii 1,2,3,4,7,10,15 --separable-strategies fast-separable --name h28b-sepB 2> "$w/h28b-sepB.log"; echo "exit $?" >> "$w/h28b-sepB.log"; tail -n 2 "$w/h28b-sepB.log"
el "B: fast-separable zero"; sepzero sepzeroB
el "B: gpu tests"; tests gpu-tests-B.txt $(( $(left) > 200 ? 110 : 60 ))
[ "$(left)" -gt 60 ] && { el "B: ncu"; timeout 60 python3 "$d/ncu_gaps.py" --out "$w/ncuB" --ncu "$ncu" --cases separable-streamed-r10,separable-streamed-r15 2>&1 | tail -n 3; }
[ "$(left)" -gt 50 ] && { el "lab"; xz -dc "$d/seplab2.xz" > /tmp/seplab2 && chmod +x /tmp/seplab2; timeout $(( $(left) - 15 )) /tmp/seplab2 odd > "$w/lab2-odd.txt" 2>&1; echo "odd: $(grep -c 'diff 0.00e+00' "$w/lab2-odd.txt") exact of $(grep -c '^odd' "$w/lab2-odd.txt")";
  timeout $(( $(left) - 10 )) /tmp/seplab2 sep > "$w/lab2-sep.txt" 2>&1; timeout $(( $(left) - 5 )) /tmp/seplab2 2d > "$w/lab2-2d.txt" 2>&1; }
el "done"
tar cf "$out/h28b-call2.tar" -C "$w" . ; cp "$w/host.txt" "$out/"; ls -la "$out"
