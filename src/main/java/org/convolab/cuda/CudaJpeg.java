package org.convolab.cuda;

import jcuda.driver.CUstream;
import org.convolab.core.DeviceJpeg;
import org.convolab.core.FilterSpec;
import org.convolab.core.LaunchPlan;
import org.convolab.core.Strategy;

/**
 * A CUDA engine's JPEG path: nvJPEG decodes into interleaved RGB on the device, a kernel packs it into
 * the resident image's ARGB input, the engine's filter runs as for any image (the same plan and
 * kernels, so the same bits as a filter of the decoded image), a kernel turns the ARGB result back into
 * interleaved RGB, and nvJPEG encodes it. Only the compressed bytes cross PCIe. All on the engine's CUDA
 * thread, with its fault handling ({@link CudaEngine#onGpu}).
 */
final class CudaJpeg implements DeviceJpeg {
    private final CudaEngine engine;

    CudaJpeg(CudaEngine engine) {
        this.engine = engine;
    }

    @Override
    public String name() {
        return engine.onGpu(() -> engine.session().jpegCodec().name());
    }

    @Override
    public byte[] transcode(byte[] jpeg, FilterSpec spec, Strategy strategy, int quality) {
        LaunchPlan plan = engine.plan(spec, strategy);
        ChannelLauncher launcher = engine.launcher(plan.runs());
        return engine.onGpu(() -> {
            engine.beforeGpuWork();
            CudaSession session = engine.session();
            CUstream stream = session.stream();
            NvJpegCodec codec = session.jpegCodec();
            int[] size = codec.decode(jpeg, stream);
            int w = size[0];
            int h = size[1];
            if (!engine.fitsWhole(w, h)) {
                throw new Unsupported("a " + w + "x" + h + " image does not fit the GPU's free memory whole");
            }
            ResidentImage r = engine.residentFor(w, h);
            int blocks = KernelLaunch.ceilDiv(w * h, 256);
            new KernelLaunch("convolab_rgbi_to_argb").grid(blocks, 1).block(256, 1)
                    .ptr(codec.rgb()).i(3 * w).ptr(r.argbIn().ptr()).i(w).i(h).run(session.module(), stream);
            engine.filterResident(r, spec, plan, launcher);
            new KernelLaunch("convolab_argb_to_rgbi").grid(blocks, 1).block(256, 1)
                    .ptr(r.argbOut().ptr()).ptr(codec.rgb()).i(3 * w).i(w).i(h).run(session.module(), stream);
            return codec.encode(w, h, quality, stream);
        });
    }
}
