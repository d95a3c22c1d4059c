"""Peers of `convolab batch` on JPEG files, on the GPU host, timed as Convolab's batch is (files in to files
out, process start excluded, after a warm-up): torchvision's nvJPEG pipeline (batched decode_jpeg on the GPU,
a 5x5 Gaussian by conv2d, encode_jpeg on the GPU) and OpenCV (libjpeg-turbo) in one process per core.
    python3 bench/jpeg_peers.py IN_DIR OUT_DIR [torch|opencv|both]
Prints one line a peer: images/s and what it ran."""
import os
import sys
import time
import glob
from concurrent.futures import ProcessPoolExecutor

def gauss5(sigma=1.0):
    import numpy as np
    x = np.arange(-2, 3)
    g = np.exp(-x * x / (2 * sigma * sigma))
    k = np.outer(g, g)
    return (k / k.sum()).astype("float32")

def torch_pipeline(files, out_dir, batch=16, quality=92):
    import torch
    import torchvision
    from torchvision.io import decode_jpeg, encode_jpeg, read_file
    k = torch.tensor(gauss5(), device="cuda").expand(3, 1, 5, 5).contiguous()
    def run(paths):
        for i in range(0, len(paths), batch):
            chunk = paths[i:i + batch]
            data = [read_file(p) for p in chunk]
            imgs = decode_jpeg(data, device="cuda")
            outs = []
            for im in imgs:
                x = im.unsqueeze(0).float()
                x = torch.nn.functional.pad(x, (2, 2, 2, 2), mode="reflect")
                y = torch.nn.functional.conv2d(x, k, groups=3)
                outs.append(y.round_().clamp_(0, 255).to(torch.uint8)[0])
            enc = encode_jpeg(outs, quality=quality)
            for p, e in zip(chunk, enc):
                with open(os.path.join(out_dir, os.path.basename(p)), "wb") as f:
                    f.write(e.cpu().numpy().tobytes())
        torch.cuda.synchronize()
    run(files[:4])
    t0 = time.perf_counter()
    run(files)
    dt = time.perf_counter() - t0
    print(f"torchvision {torchvision.__version__} nvJPEG batched decode ({batch}) -> conv2d 5x5 -> GPU encode q{quality}: "
          f"{len(files) / dt:.1f} images/s ({len(files)} files, {dt:.2f} s)", flush=True)

def cv_one(args):
    import cv2
    p, out_dir, k = args
    img = cv2.imread(p, cv2.IMREAD_COLOR)
    img = cv2.filter2D(img, -1, k, borderType=cv2.BORDER_REFLECT_101)
    cv2.imwrite(os.path.join(out_dir, os.path.basename(p)), img, [cv2.IMWRITE_JPEG_QUALITY, 92])

def opencv_pipeline(files, out_dir):
    import cv2
    cv2.setNumThreads(1)
    k = gauss5()
    n = os.cpu_count()
    with ProcessPoolExecutor(n) as pool:
        list(pool.map(cv_one, [(p, out_dir, k) for p in files[:n]]))
        t0 = time.perf_counter()
        list(pool.map(cv_one, [(p, out_dir, k) for p in files]))
        dt = time.perf_counter() - t0
    print(f"OpenCV {cv2.__version__} (libjpeg-turbo) decode -> filter2D 5x5 -> encode q92, {n} processes: "
          f"{len(files) / dt:.1f} images/s ({len(files)} files, {dt:.2f} s)", flush=True)

if __name__ == "__main__":
    files = sorted(glob.glob(os.path.join(sys.argv[1], "*.jpg")))
    out = sys.argv[2]
    which = sys.argv[3] if len(sys.argv) > 3 else "both"
    os.makedirs(out, exist_ok=True)
    if which in ("torch", "both"):
        torch_pipeline(files, out)
    if which in ("opencv", "both"):
        opencv_pipeline(files, out)
