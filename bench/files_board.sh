#!/usr/bin/env bash
# Files in, files out: `convolab filter` and `convolab batch` against libvips on this machine, in one go
# (issue 12's targets). Installs libvips-tools if `vips` is missing, builds the jar if missing, makes
# the 6000x4000 test photographs (kept out of git), runs bench/files_board.py and prints the Markdown.
# usage: bench/files_board.sh [ROUNDS]   (default 5; each round runs every case once on each side)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
rounds=${1:-5}
if ! command -v vips >/dev/null; then
  apt-get install -y -q libvips-tools >/dev/null || { apt-get update -q >/dev/null && apt-get install -y -q libvips-tools >/dev/null; }
fi
if [[ ! -f "$root/target/convolab.jar" ]]; then
  (cd "$root" && CONVOLAB_SKIP_NVCC=1 mvn -B -q -DskipTests package)
fi
work=${CONVOLAB_BOARD_WORK:-/tmp/convolab-files-board}
mkdir -p "$work" "$root/bench/results/files"
if [[ ! -f "$work/photo.jpg" || ! -f "$work/photo.png" ]]; then
  java "$root/bench/MakePhotos.java" "$root/sample-images/coffee.png" "$work"
fi
python3 "$root/bench/files_board.py" --work "$work" --rounds "$rounds" --out "$root/bench/results/files/files-board.json"
python3 "$root/bench/files_board.py" --markdown "$root/bench/results/files/files-board.json" | tee "$root/bench/results/files/files-board.md"
