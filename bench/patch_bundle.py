"""Refreshes an unpacked bundle with this build's own classes, so a GPU-host call can carry the 48 MiB
bundle once and then only target/convolab-thin.jar (4 MiB) and target/test-classes: the bundle's fat jar
gets the thin jar's entries (Convolab's classes, fatbin, samples), its test classes are replaced.
    python3 bench/patch_bundle.py /tmp/convolab target/convolab-thin.jar target/test-classes
(or a folder of changed class files in place of the thin jar)"""
import os
import shutil
import sys
import zipfile

bundle, thin, tests = sys.argv[1:4]
fat = os.path.join(bundle, "lib", "convolab.jar")
if os.path.isdir(thin):  # a folder of class files (only what changed), laid out as in the jar
    fresh = {}
    for root, _, files in os.walk(thin):
        for f in files:
            full = os.path.join(root, f)
            with open(full, "rb") as fh:
                fresh[os.path.relpath(full, thin).replace(os.sep, "/")] = fh.read()
else:
    with zipfile.ZipFile(thin) as t:
        fresh = {n: t.read(n) for n in t.namelist() if not n.endswith("/") and not n.startswith("META-INF/")}
tmp = fat + ".new"
with zipfile.ZipFile(fat) as old, zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as new:
    for item in old.infolist():
        if item.filename not in fresh:
            new.writestr(item, old.read(item.filename))
    for name, data in fresh.items():
        new.writestr(name, data)
os.replace(tmp, fat)
shutil.rmtree(os.path.join(bundle, "test", "classes"), ignore_errors=True)
shutil.copytree(tests, os.path.join(bundle, "test", "classes"))
for f in os.listdir(os.path.join(bundle, "lib")):
    if f.endswith(".jsa") or f.endswith(".jsa.path"):
        os.remove(os.path.join(bundle, "lib", f))  # the class-data archive names the old jar
print(f"patched {fat} with {len(fresh)} entries of {thin}; test classes from {tests}")
