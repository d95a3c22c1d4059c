#!/usr/bin/env bash
# Compiles every cuda-kernels/*.cu into one fatbin, convolab.fatbin, in the directory given as $1.
# SASS for sm_75 sm_80 sm_86 sm_89 sm_90 and PTX for compute_75 (newer GPUs JIT it).
# Without nvcc the build goes on: it warns, and the app says at run time that GPU kernels are
# not included. Set CONVOLAB_SKIP_NVCC=1 to build without kernels on purpose.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out_dir=${1:?usage: build-fatbin.sh OUTPUT_DIR [ARCHS]}
# ARCHS: SASS targets, comma-separated. The everyday build makes Hopper's (sm_90) and PTX for compute_75,
# which the driver compiles once (and caches) on any other GPU: about a third of the time of all five.
# The bundle profile passes 75,80,86,89,90 so a GPU host never waits for the JIT.
archs=${2:-90}
out="$out_dir/convolab.fatbin"
stamp="$out.archs"
mkdir -p "$out_dir"
# Quiet under `mvn -q` (Maven's launcher exports its command line): only warnings and errors then.
info() {
  case " ${MAVEN_CMD_LINE_ARGS:-} " in
    *" -q "* | *" --quiet "*) ;;
    *) echo "[INFO] $*" ;;
  esac
}

if [[ "${CONVOLAB_SKIP_NVCC:-0}" == 1 ]] || ! command -v nvcc >/dev/null 2>&1; then
  echo "[WARNING] nvcc not found on PATH: building without GPU kernels (the app will use the CPU engine)." >&2
  rm -f "$out"
  exit 0
fi

# Up to date? (nvcc for five architectures takes a while; skip when nothing changed.)
if [[ -f "$out" && "$(cat "$stamp" 2>/dev/null)" == "$archs" ]]; then
  newer=$(find "$here" -newer "$out" \( -name '*.cu' -o -name '*.cuh' -o -name 'build-fatbin.sh' \) | head -n 1)
  if [[ -z "$newer" ]]; then
    info "convolab.fatbin is up to date"
    exit 0
  fi
fi

# One translation unit that includes every .cu: one fatbin, one module to load.
unit=$(mktemp --suffix=.cu)
trap 'rm -f "$unit" "$out.tmp"' EXIT
for f in "$here"/*.cu; do echo "#include \"$f\"" >> "$unit"; done

gencode=()
for sm in ${archs//,/ }; do gencode+=(-gencode "arch=compute_$sm,code=sm_$sm"); done
gencode+=(-gencode arch=compute_75,code=compute_75)

info "nvcc (sm_${archs//,/, sm_} + compute_75 PTX): $(ls "$here"/*.cu | xargs -n1 basename | tr '\n' ' ')-> $out"
nvcc -fatbin -O3 -std=c++17 -I"$here" "${gencode[@]}" -o "$out.tmp" "$unit"
mv "$out.tmp" "$out"
echo "$archs" > "$stamp"
