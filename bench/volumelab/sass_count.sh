#!/usr/bin/env bash
# Static instruction counts of convolab_vol_sep3_r1..r7 (cuda-kernels/volume_sep.cuh) in their z-sweep loop, and
# their registers (ptxas -v): SASS through cuobjdump where the machine has it (the GPU host), else PTX (this host
# has nvcc and ptxas but no cuobjdump/nvdisasm). sass_count.py says how a voxel's estimate is made.
#   bash bench/volumelab/sass_count.sh            # counts of the checkout's kernels
#   SEP3_SRC=ptx bash bench/volumelab/sass_count.sh   # PTX even where cuobjdump exists
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
kernels=$(cd "$here/../../cuda-kernels" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# each radius's shape from geometry.cuh: R=BX,BY,PY,ZU
shapes=$(python3 - "$kernels/geometry.cuh" <<'PY'
import re, sys
d = dict(re.findall(r"#define (VOL_SEP3_\w+)\s+(\d+)", open(sys.argv[1]).read()))
g = lambda k: int(d[k])
for r in range(1, g("VOL_SEP3_MAX_R") + 1):
    sh = "S" if r < g("VOL_SEP3_M_FROM") else "M" if r < g("VOL_SEP3_L_FROM") else "L"
    print("%d=%s" % (r, ",".join(str(g("VOL_SEP3_%s_%s" % (sh, k))) for k in ("BX", "BY", "PY", "ZU"))), end=" ")
PY
)
flags=(-O3 -std=c++17 -arch=sm_90 -I "$kernels")
nvcc "${flags[@]}" -cubin -Xptxas -v "$kernels/volume.cu" -o "$work/volume.cubin" 2> "$work/ptxas.txt"
python3 - "$work/ptxas.txt" <<'PY'
import re, sys
name = None
for line in open(sys.argv[1]):
    m = re.search(r"Compiling entry function '(convolab_vol_sep3_r\d+)'", line)
    if m: name = m.group(1)
    elif name and ("spill" in line or "registers" in line):
        print("  %s: %s" % (name, line.split(":", 1)[-1].strip()))
        if "registers" in line: name = None
PY
if [[ "${SEP3_SRC:-}" != ptx ]] && command -v cuobjdump > /dev/null; then
    cuobjdump -sass "$work/volume.cubin" | python3 "$here/sass_count.py" sass $shapes
else
    nvcc "${flags[@]}" -ptx "$kernels/volume.cu" -o "$work/volume.ptx"
    python3 "$here/sass_count.py" ptx $shapes < "$work/volume.ptx"
fi
