#!/bin/sh
# On the GPU host: unpacks the bundle carried with the call into /tmp/convolab, the .tar.xz where it was
# carried (python3's tarfile reads xz without the xz tool), else the .tar.gz. Usage, first in a device command:
#   sh bench/unpack-bundle.sh DIR && /tmp/convolab/bin/convolab ...   (DIR: where the carried bundle lies)
set -e
dir=${1:-target}
if [ -f "$dir/convolab-linux-x64.tar.xz" ]; then
  python3 -c 'import sys, tarfile; tarfile.open(sys.argv[1]).extractall("/tmp")' "$dir/convolab-linux-x64.tar.xz"
else
  tar xzf "$dir/convolab-linux-x64.tar.gz" -C /tmp
fi
