"""Static instruction counts of the one-sweep rank-1 3D kernels (convolab_vol_sep3_rN) in their steady-state loop.
Reads SASS (`cuobjdump -sass`) when given --sass, else PTX (`nvcc -ptx`): bench/volumelab/sass_count.sh drives it.
For each kernel: the outermost loop (the z sweep, ZU steps a turn) and the loops inside it (the x pass's rows),
opcode classes counted, and an estimate a voxel: (outer - inner + inner x trips) / (ZU x PY), trips = the x pass's
rows a thread walks a step (ceil(SH / XR)). PTX counts are before ptxas: register moves and the constant loads that
ptxas folds into FFMA operands differ from SASS; the FFMA, LDS, BAR and compare counts carry over closely."""
import re
import sys
from collections import Counter

CLASSES = ["FFMA", "IMAD", "MOV", "LDS", "LDC", "ISETP", "BAR", "BRA", "LDG/ST"]


def classify_sass(op):
    if op in ("FFMA", "FMUL", "FADD"): return "FFMA" if op == "FFMA" else op
    if op.startswith("IMAD") or op in ("IADD3", "LEA", "VIADD", "SHF", "LOP3", "IABS", "SEL"): return "IMAD" if op.startswith("IMAD") else op
    if op == "MOV": return "MOV"
    if op == "LDS": return "LDS"
    if op in ("LDC", "ULDC"): return "LDC"
    if op == "ISETP": return "ISETP"
    if op == "BAR": return "BAR"
    if op == "BRA": return "BRA"
    if op in ("LDGSTS", "STG", "LDG", "STS"): return "LDG/ST"
    return op


def classify_ptx(op):
    if op.startswith("fma.rn.f32"): return "FFMA"
    if op.startswith(("mad.", "mul.lo", "mul.wide", "add.s", "add.u", "sub.s", "shl.", "shr.", "cvta")): return "IMAD"
    if op.startswith("mov."): return "MOV"
    if op.startswith("ld.shared"): return "LDS"
    if op.startswith("ld.const"): return "LDC"
    if op.startswith("setp.") and ".f" not in op.split(".")[1][:2]: return "ISETP"
    if op.startswith(("bar.", "barrier.")): return "BAR"
    if op.startswith("bra"): return "BRA"
    if op.startswith(("st.shared", "st.global", "cp.async", "ld.global")): return "LDG/ST"
    return op.split(".")[0]


def parse_sass(text):
    """{kernel: [(addr, op, rest)]} from cuobjdump -sass text."""
    funs, cur = {}, None
    for line in text.splitlines():
        m = re.match(r"\s+Function : (\S+)", line)
        if m:
            cur = funs.setdefault(m.group(1), [])
            continue
        m = re.match(r"\s+/\*([0-9a-f]{4,})\*/\s+(@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)([^;]*);", line)
        if m and cur is not None:
            cur.append((int(m.group(1), 16), m.group(3).split(".")[0], m.group(4)))
    out = {}
    for name, ins in funs.items():
        loops = []
        for a, op, rest in ins:
            t = re.search(r"0x([0-9a-f]+)", rest) if op == "BRA" else None
            if t and int(t.group(1), 16) < a:
                loops.append((int(t.group(1), 16), a))
        out[name] = ([(a, classify_sass(op)) for a, op, _ in ins], loops)
    return out


def parse_ptx(text):
    out = {}
    for m in re.finditer(r"\.entry (\w+)\((.*?)\n}\n", text, re.S):
        name, body = m.group(1), m.group(2)
        ins, labels, loops, n = [], {}, [], 0
        for line in body.splitlines():
            s = line.strip()
            lm = re.match(r"(\$L__\w+):", s)
            if lm:
                labels[lm.group(1)] = n
                continue
            if not s or s.startswith(("//", ".", "{", "}", ")")) or s.endswith(","):
                continue
            s = re.sub(r"^@!?%p\d+\s+", "", s)
            op = s.split()[0].rstrip(";")
            if op.startswith("bra"):
                t = re.search(r"(\$L__\w+)", s)
                if t and t.group(1) in labels:
                    loops.append((labels[t.group(1)], n))
            ins.append((n, classify_ptx(op)))
            n += 1
        out[name] = (ins, loops)
    return out


def counts(ins, lo, hi):
    return Counter(c for a, c in ins if lo <= a <= hi), sum(1 for a, _ in ins if lo <= a <= hi)


def main():
    src = sys.argv[1]           # "sass" or "ptx"
    # radius=BX,BY,PY,ZU[,XP]
    shapes = {int(k): tuple(map(int, v.split(","))) for k, v in (a.split("=") for a in sys.argv[2:])}
    text = sys.stdin.read()
    funs = (parse_sass if src == "sass" else parse_ptx)(text)
    print("%-34s %6s %6s %6s %5s %5s %5s %6s %4s %4s %7s | %s" % ("kernel (%s)" % src, "loop", "FFMA", "IMAD", "MOV",
          "LDS", "LDC", "ISETP", "BAR", "BRA", "/voxel", "inner loop (x pass) each, trips"))
    for name in sorted(funs, key=lambda s: [int(x) for x in re.findall(r"\d+", s.split("sep3")[-1])]):
        m = re.search(r"convolab_vol_sep3_r(\d+)$", name)
        v = re.search(r"sep3_(\d+)_(\d+)_(\d+)_(\d+)_\d+_\d+_(\d+)_(\d+)", name)   # sep3d.cu's variants
        if v:
            r, tx, by, py, xp, zu = map(int, v.groups())
            shapes[name] = (tx, by, py, zu, xp)
            name_r = name
        elif m:
            r = name_r = int(m.group(1))
        else:
            continue
        ins, loops = funs[name]
        if not loops:
            continue
        lo, hi = max(loops, key=lambda l: l[1] - l[0])
        c, total = counts(ins, lo, hi)
        nested = [l for l in loops if lo <= l[0] and l[1] <= hi and l != (lo, hi)]
        # the x pass's row loops hold FFMA; the others are the border folds' loops (edges only): cold
        inner = [l for l in nested if counts(ins, *l)[0]["FFMA"] > 0]
        cold = sorted(set(a for l in nested if l not in inner for a, _ in ins if l[0] <= a <= l[1]))
        inner_n = sum(counts(ins, a, b)[1] for a, b in inner)
        total -= len(cold)
        for a, k in ins:
            if a in set(cold):
                c[k] -= 1
        per = ""
        if name_r in shapes:
            tx, by, py, zu, xp = (shapes[name_r] + (4,))[:5]
            L = (r + 3) // 4 * 4
            sh, xr = by * py + 2 * r, tx * by // (tx // xp)
            trips = -(-sh // xr)
            per = "%.1f" % ((total - inner_n + inner_n * trips) / (zu * py))
        ic = [counts(ins, a, b) for a, b in inner]
        desc = "cold %d; " % len(cold) + "; ".join("%d ins (FFMA %d LDS %d)" % (n, cc["FFMA"], cc["LDS"]) for cc, n in ic)
        if name_r in shapes:
            desc += ", trips %d" % trips
        print("%-34s %6d %6d %6d %6d %5d %5d %5d %6d %4d %4s %7s | %s" % (name, total, c["FFMA"], c["IMAD"], c["MOV"],
              c["LDS"], c["LDC"], c["ISETP"], c["BAR"], c["BRA"], "", per, desc))


main()
