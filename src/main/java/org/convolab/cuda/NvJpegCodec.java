package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuStreamCreate;
import static jcuda.driver.JCudaDriver.cuStreamDestroy;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;
import java.util.ArrayList;
import java.util.List;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;
import jcuda.driver.CUstream_flags;
import org.convolab.core.DeviceJpeg;

/**
 * The engine's nvJPEG state in its context, made on first use by {@link CudaSession#jpegCodec()} and
 * closed with the context; on the CUDA thread only.
 *
 * <p>Decoding writes planar Y, Cb, Cr on the device (the filter's kernels upsample and convert them as
 * libjpeg does: {@code convolab_ycc_to_argb}). A batch of files goes to the GPU's hardware JPEG
 * decoders in one call where the GPU has them ({@code NVJPEG_BACKEND_HARDWARE}: A100, H100); files the
 * hardware refuses, and every file on other GPUs, are decoded one at a time with Huffman decoding on
 * the GPU ({@code NVJPEG_BACKEND_GPU_HYBRID}). Batches decode on a stream of their own into one of two
 * {@link NvJpegDecodeSet}s, so one batch decodes while the previous one is filtered and encoded on the
 * engine's stream. Encoding reads interleaved RGB on the device and fetches the file into a registered
 * host buffer that is lent to the writer ({@link BitstreamBuffers}).
 */
final class NvJpegCodec implements AutoCloseable {

    private final NvJpeg.Api api;
    private final Pointer hybrid;
    private final Pointer hardware;
    private final Pointer encodeState;
    private final Pointer encodeParams;
    private final NvJpegDecodeSet[] sets = new NvJpegDecodeSet[2];
    private final CUstream decodeStream = new CUstream();
    private final BitstreamBuffers outputs;
    private DeviceBuffer rgbi;
    private final Memory encodeImage = new Memory(NvJpeg.IMAGE_STRUCT_BYTES);

    private NvJpegCodec(NvJpeg.Api api, Pointer hybrid, Pointer hardware, long stream, BitstreamBuffers outputs) {
        this.api = api;
        this.outputs = outputs;
        this.hybrid = hybrid;
        this.hardware = hardware;
        long t0 = System.nanoTime();
        PointerByReference ref = new PointerByReference();
        NvJpeg.check(api.nvjpegEncoderStateCreate(hybrid, ref, stream), "nvjpegEncoderStateCreate");
        encodeState = ref.getValue();
        NvJpeg.check(api.nvjpegEncoderParamsCreate(hybrid, ref, stream), "nvjpegEncoderParamsCreate");
        encodeParams = ref.getValue();
        NvJpeg.check(api.nvjpegEncoderParamsSetOptimizedHuffman(encodeParams, 0, stream), "nvjpegEncoderParamsSetOptimizedHuffman");
        NvJpegTrace.line("encoder state and parameters made in %.1f ms", NvJpegTrace.since(t0));
        cuStreamCreate(decodeStream, CUstream_flags.CU_STREAM_NON_BLOCKING);
        for (int i = 0; i < sets.length; i++) {
            long s0 = System.nanoTime();
            sets[i] = new NvJpegDecodeSet(api, hybrid, hardware);
            NvJpegTrace.line("decode set %d's states made in %.1f ms", i, NvJpegTrace.since(s0));
        }
    }

    /**
     * Opens nvJPEG in the current context: the GPU-Huffman back end (or the default one), and the
     * hardware decoders where the GPU has them; encoded files go into {@code outputs}' buffers.
     *
     * @throws DeviceJpeg.Unsupported where no nvJPEG library loads on this host
     */
    static NvJpegCodec open(CUstream stream, BitstreamBuffers outputs) {
        NvJpeg.Api api = NvJpeg.api();
        if (api == null) {
            throw new DeviceJpeg.Unsupported(NvJpeg.problem());
        }
        long t0 = System.nanoTime();
        // both handles on this (the CUDA) thread: making the hardware one on a thread of its own bought nothing
        // measurable (a 100-file batch took 1.9-2.2 s either way on an H100) and broke the one-CUDA-thread rule
        PointerByReference h = new PointerByReference();
        if (api.nvjpegCreateEx(NvJpeg.BACKEND_GPU_HYBRID, null, null, 0, h) != 0) {
            int status = api.nvjpegCreateEx(NvJpeg.BACKEND_DEFAULT, null, null, 0, h);
            if (status != 0) {
                throw new DeviceJpeg.Unsupported("nvJPEG could not start on this GPU (nvjpegCreateEx status " + status + ")");
            }
        }
        Pointer hybrid = h.getValue();
        NvJpegTrace.line("GPU-Huffman handle made in %.1f ms", NvJpegTrace.since(t0));
        Pointer hardware = null;
        if (!Boolean.getBoolean("convolab.nvjpeg.noHardware")) {
            long h0 = System.nanoTime();
            PointerByReference hw = new PointerByReference();
            hardware = api.nvjpegCreateEx(NvJpeg.BACKEND_HARDWARE, null, null, 0, hw) == 0 ? hw.getValue() : null;
            NvJpegTrace.line("hardware decoders' handle %s in %.1f ms", hardware != null ? "made" : "refused",
                    NvJpegTrace.since(h0));
        }
        try {
            long t1 = System.nanoTime();
            NvJpegCodec codec = new NvJpegCodec(api, hybrid, hardware, CudaLibrary.address(stream), outputs);
            NvJpegTrace.line("codec open: handles %.1f ms, encoder, stream and decode sets %.1f ms", (t1 - t0) / 1e6,
                    NvJpegTrace.since(t1));
            return codec;
        } catch (RuntimeException e) {
            api.nvjpegDestroy(hybrid);
            if (hardware != null) {
                api.nvjpegDestroy(hardware);
            }
            throw e;
        }
    }

    /** "nvJPEG 13.0.1, hardware decoders" or "nvJPEG 13.0.1, GPU Huffman". */
    String name() {
        return "nvJPEG " + NvJpeg.version() + ", " + (hardware != null ? "hardware decoders" : "GPU Huffman");
    }

    /** Decode set {@code i} (0 or 1). */
    NvJpegDecodeSet set(int i) {
        return sets[i];
    }

    /** The stream batches decode on (the filter waits for a set's event on the engine's stream). */
    CUstream decodeStream() {
        return decodeStream;
    }

    /**
     * Makes, before the first batch, what batches of {@code batch} files like {@code jpeg} need: both decode sets'
     * buffers and the interleaved RGB image (host buffers for the encoded files: {@link #makeOutputBuffers}).
     *
     * @return the file's width and height, or null when nvJPEG does not take it (nothing is made)
     */
    int[] prepare(byte[] jpeg, int batch) {
        NvJpegDecodeSet.Decoded like;
        try (Memory data = new Memory(Math.max(1, jpeg.length))) {
            data.write(0, jpeg, 0, jpeg.length);
            like = NvJpegDecodeSet.header(api, hybrid, Pointer.nativeValue(data), jpeg.length);
        }
        if (like.refusal() != null) {
            return null;
        }
        long t0 = System.nanoTime();
        for (NvJpegDecodeSet set : sets) {
            set.prepare(like, jpeg.length, batch);
        }
        int w = like.width();
        int h = like.height();
        rgbi(w, h);
        NvJpegTrace.line("decode sets and RGB image for %dx%d made in %.1f ms", w, h, NvJpegTrace.since(t0));
        return new int[] {w, h};
    }

    /** Interleaved RGB on the device for a {@code w x h} image, which {@link #encode} reads. */
    CUdeviceptr rgbi(int w, int h) {
        long bytes = 3L * w * h;
        if (rgbi == null || rgbi.bytes() < bytes) {
            if (rgbi != null) {
                rgbi.close();
                rgbi = null;
            }
            rgbi = new DeviceBuffer(bytes);
        }
        return rgbi.ptr();
    }

    /**
     * Encodes the interleaved RGB image ({@link #rgbi}, {@code w x h}) as a JPEG of the given quality: no
     * chroma subsampling from quality 90, 4:2:0 below (as the CPU codec writes). The file is fetched into a
     * registered host buffer and lent: the caller closes the lease once it is written.
     */
    DeviceJpeg.Encoded encode(int w, int h, int quality, CUstream stream) {
        long s = CudaLibrary.address(stream);
        encodeImage.clear();
        encodeImage.setLong(0, CudaLibrary.address(rgbi(w, h)));
        encodeImage.setLong(32, 3L * w);
        NvJpeg.check(api.nvjpegEncoderParamsSetQuality(encodeParams, quality, s), "nvjpegEncoderParamsSetQuality");
        NvJpeg.check(api.nvjpegEncoderParamsSetSamplingFactors(encodeParams, quality >= 90 ? NvJpeg.CSS_444 : NvJpeg.CSS_420, s),
                "nvjpegEncoderParamsSetSamplingFactors");
        NvJpeg.check(api.nvjpegEncodeImage(hybrid, encodeState, encodeParams, encodeImage, NvJpeg.RGBI, w, h, s),
                "nvjpegEncodeImage of a " + w + "x" + h + " image");
        LongByReference length = new LongByReference();
        NvJpeg.check(api.nvjpegEncodeRetrieveBitstream(hybrid, encodeState, null, length, s), "nvjpegEncodeRetrieveBitstream");
        cuStreamSynchronize(stream);
        BitstreamBuffers.Slot slot = outputs.take(length.getValue());
        try {
            NvJpeg.check(api.nvjpegEncodeRetrieveBitstream(hybrid, encodeState, new Pointer(slot.address()), length, s),
                    "nvjpegEncodeRetrieveBitstream");
            cuStreamSynchronize(stream);
        } catch (RuntimeException e) {
            slot.giveBack();
            throw e;
        }
        return slot.lend(Math.toIntExact(length.getValue()));
    }

    /** Host buffers made for encoded files so far (for the trace). */
    int outputBuffers() {
        return outputs.kept();
    }

    @Override
    public void close() {
        api.nvjpegEncoderParamsDestroy(encodeParams);
        api.nvjpegEncoderStateDestroy(encodeState);
        List<AutoCloseable> held = new ArrayList<>();
        for (NvJpegDecodeSet set : sets) {
            held.add(set);
        }
        held.add(rgbi);
        held.add(() -> cuStreamDestroy(decodeStream));
        closeAll(held);
        api.nvjpegDestroy(hybrid);
        if (hardware != null) {
            api.nvjpegDestroy(hardware);
        }
    }

    /** Closes each (nulls skipped), going on past failures: the context goes next anyway. */
    static void closeAll(List<? extends AutoCloseable> held) {
        for (AutoCloseable c : held) {
            if (c != null) {
                try {
                    c.close();
                } catch (Exception ignored) {
                    // freeing: the context goes next anyway
                }
            }
        }
    }
}
