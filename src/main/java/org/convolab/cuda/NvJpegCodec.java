package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuStreamSynchronize;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;
import java.util.ArrayList;
import java.util.List;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;
import org.convolab.core.DeviceJpeg;

/**
 * The engine's nvJPEG state in its context, made on first use by {@link CudaSession#jpegCodec()} and
 * closed with the context; on the CUDA thread only.
 *
 * <p>Decoding writes planar Y, Cb, Cr on the device (the filter's kernels upsample and convert them as
 * libjpeg does: {@code convolab_ycc_to_argb}). A batch of files goes to the GPU's hardware JPEG
 * decoders in one call where the GPU has them ({@code NVJPEG_BACKEND_HARDWARE}: A100, H100); files the
 * hardware refuses, and every file on other GPUs, are decoded one at a time with Huffman decoding on
 * the GPU ({@code NVJPEG_BACKEND_GPU_HYBRID}). Encoding reads interleaved RGB on the device.
 */
final class NvJpegCodec implements AutoCloseable {

    /**
     * One decoded file: its planes in {@code planes} (Y at 0, rows {@code width} bytes apart; Cb at
     * {@code width * height} and Cr after it, rows {@code chromaWidth} apart), or why it was not decoded.
     *
     * @param hs       horizontal chroma subsampling (1 or 2)
     * @param vs       vertical chroma subsampling (1 or 2)
     * @param refusal  null when decoded; else why the device cannot take the file (the CPU way can)
     */
    record Decoded(int width, int height, int hs, int vs, int chromaWidth, int chromaHeight, DeviceBuffer planes, String refusal) {
        long cbOffset() {
            return (long) width * height;
        }

        long crOffset() {
            return cbOffset() + (long) chromaWidth * chromaHeight;
        }
    }

    private final NvJpeg.Api api;
    private final Pointer hybrid;
    private final Pointer hybridState;
    private final Pointer hardware;
    private final Pointer hardwareState;
    private final Pointer encodeState;
    private final Pointer encodeParams;
    private int hardwareBatch;
    private final List<DeviceBuffer> slots = new ArrayList<>();
    private DeviceBuffer rgbi;
    private PinnedBuffer staging;
    private PinnedBuffer encoded;
    private final Memory encodeImage = new Memory(NvJpeg.IMAGE_STRUCT_BYTES);

    private NvJpegCodec(NvJpeg.Api api, Pointer hybrid, Pointer hardware, long stream) {
        this.api = api;
        this.hybrid = hybrid;
        this.hardware = hardware;
        PointerByReference ref = new PointerByReference();
        NvJpeg.check(api.nvjpegJpegStateCreate(hybrid, ref), "nvjpegJpegStateCreate");
        hybridState = ref.getValue();
        if (hardware != null) {
            NvJpeg.check(api.nvjpegJpegStateCreate(hardware, ref), "nvjpegJpegStateCreate (hardware)");
            hardwareState = ref.getValue();
        } else {
            hardwareState = null;
        }
        NvJpeg.check(api.nvjpegEncoderStateCreate(hybrid, ref, stream), "nvjpegEncoderStateCreate");
        encodeState = ref.getValue();
        NvJpeg.check(api.nvjpegEncoderParamsCreate(hybrid, ref, stream), "nvjpegEncoderParamsCreate");
        encodeParams = ref.getValue();
        NvJpeg.check(api.nvjpegEncoderParamsSetOptimizedHuffman(encodeParams, 0, stream), "nvjpegEncoderParamsSetOptimizedHuffman");
    }

    /**
     * Opens nvJPEG in the current context: the GPU-Huffman back end (or the default one), and the
     * hardware decoders where the GPU has them.
     *
     * @throws DeviceJpeg.Unsupported where no nvJPEG library loads on this host
     */
    static NvJpegCodec open(CUstream stream) {
        NvJpeg.Api api = NvJpeg.api();
        if (api == null) {
            throw new DeviceJpeg.Unsupported(NvJpeg.problem());
        }
        PointerByReference h = new PointerByReference();
        if (api.nvjpegCreateEx(NvJpeg.BACKEND_GPU_HYBRID, null, null, 0, h) != 0) {
            int status = api.nvjpegCreateEx(NvJpeg.BACKEND_DEFAULT, null, null, 0, h);
            if (status != 0) {
                throw new DeviceJpeg.Unsupported("nvJPEG could not start on this GPU (nvjpegCreateEx status " + status + ")");
            }
        }
        Pointer hybrid = h.getValue();
        PointerByReference hw = new PointerByReference();
        Pointer hardware = !Boolean.getBoolean("convolab.nvjpeg.noHardware")
                && api.nvjpegCreateEx(NvJpeg.BACKEND_HARDWARE, null, null, 0, hw) == 0 ? hw.getValue() : null;
        try {
            return new NvJpegCodec(api, hybrid, hardware, CudaLibrary.address(stream));
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

    /**
     * Decodes the files into planar YCbCr on the device: the ones the hardware takes in one batched call,
     * the rest one at a time. Each result's planes stay valid until the next call.
     */
    List<Decoded> decode(List<byte[]> jpegs, CUstream stream) {
        long total = 0;
        for (byte[] j : jpegs) {
            total += j.length;
        }
        staging = PinnedBuffer.atLeast(staging, total);
        long base = CudaLibrary.address(staging.pointer());
        long[] at = new long[jpegs.size()];
        long offset = 0;
        for (int i = 0; i < jpegs.size(); i++) {
            at[i] = base + offset;
            staging.put(jpegs.get(i), offset);
            offset += jpegs.get(i).length;
        }
        List<Decoded> out = new ArrayList<>();
        List<Integer> ok = new ArrayList<>();
        for (int i = 0; i < jpegs.size(); i++) {
            Decoded d = info(at[i], jpegs.get(i).length, i);
            out.add(d);
            if (d.refusal() == null) {
                ok.add(i);
            }
        }
        long s = CudaLibrary.address(stream);
        if (hardware != null && !ok.isEmpty() && decodeOnHardware(ok, at, jpegs, out, s)) {
            return out;
        }
        for (int i : ok) {
            Decoded d = out.get(i);
            Memory image = planes(d);
            int status = api.nvjpegDecode(hybrid, hybridState, at[i], jpegs.get(i).length, NvJpeg.YUV, image, s);
            if (NvJpeg.refusedTheData(status)) {
                out.set(i, refused(d, "nvJPEG cannot decode this file (status " + status + ")"));
            } else {
                NvJpeg.check(status, "nvjpegDecode of a " + d.width() + "x" + d.height() + " JPEG");
            }
        }
        return out;
    }

    /** The batch on the hardware decoders; false (nothing decoded) when they refuse it. */
    private boolean decodeOnHardware(List<Integer> ok, long[] at, List<byte[]> jpegs, List<Decoded> out, long stream) {
        int n = ok.size();
        if (n != hardwareBatch) {
            if (api.nvjpegDecodeBatchedInitialize(hardware, hardwareState, n, 1, NvJpeg.YUV) != 0) {
                hardwareBatch = 0;
                return false;
            }
            hardwareBatch = n;
        }
        Memory data = new Memory(8L * n);
        Memory lengths = new Memory(8L * n);
        Memory images = new Memory((long) NvJpeg.IMAGE_STRUCT_BYTES * n);
        for (int k = 0; k < n; k++) {
            int i = ok.get(k);
            data.setLong(8L * k, at[i]);
            lengths.setLong(8L * k, jpegs.get(i).length);
            Memory one = planes(out.get(i));
            images.write((long) NvJpeg.IMAGE_STRUCT_BYTES * k, one.getByteArray(0, NvJpeg.IMAGE_STRUCT_BYTES), 0,
                    NvJpeg.IMAGE_STRUCT_BYTES);
        }
        return api.nvjpegDecodeBatched(hardware, hardwareState, data, lengths, images, stream) == 0;
    }

    /** The header of one file, with a slot of device memory for its planes, or why the device path refuses it. */
    private Decoded info(long data, int length, int slot) {
        IntByReference components = new IntByReference();
        IntByReference subsampling = new IntByReference();
        int[] widths = new int[4];
        int[] heights = new int[4];
        int status = api.nvjpegGetImageInfo(hybrid, data, length, components, subsampling, widths, heights);
        int w = widths[0];
        int h = heights[0];
        if (status != 0) {
            return new Decoded(w, h, 1, 1, 0, 0, null, "nvJPEG cannot read this file's header (status " + status + ")");
        }
        int css = subsampling.getValue();
        if (components.getValue() != 3 || (css != NvJpeg.CSS_444 && css != NvJpeg.CSS_422 && css != NvJpeg.CSS_420)) {
            return new Decoded(w, h, 1, 1, 0, 0, null, "chroma subsampling " + css + " with " + components.getValue() + " components");
        }
        int hs = css == NvJpeg.CSS_444 ? 1 : 2;
        int vs = css == NvJpeg.CSS_420 ? 2 : 1;
        int cw = (w + hs - 1) / hs;
        int ch = (h + vs - 1) / vs;
        long bytes = (long) w * h + 2L * cw * ch;
        if (w < 1 || h < 1 || 3L * w * h > Integer.MAX_VALUE) {
            return new Decoded(w, h, hs, vs, cw, ch, null, "a " + w + "x" + h + " image");
        }
        while (slots.size() <= slot) {
            slots.add(null);
        }
        DeviceBuffer b = slots.get(slot);
        if (b == null || b.bytes() < bytes) {
            if (b != null) {
                b.close();
            }
            b = new DeviceBuffer(bytes);
            slots.set(slot, b);
        }
        return new Decoded(w, h, hs, vs, cw, ch, b, null);
    }

    private static Decoded refused(Decoded d, String why) {
        return new Decoded(d.width(), d.height(), d.hs(), d.vs(), d.chromaWidth(), d.chromaHeight(), null, why);
    }

    /** The nvjpegImage_t of a decoded file's three planes. */
    private static Memory planes(Decoded d) {
        Memory image = new Memory(NvJpeg.IMAGE_STRUCT_BYTES);
        image.clear();
        long base = CudaLibrary.address(d.planes().ptr());
        image.setLong(0, base);
        image.setLong(8, base + d.cbOffset());
        image.setLong(16, base + d.crOffset());
        image.setLong(32, d.width());
        image.setLong(40, d.chromaWidth());
        image.setLong(48, d.chromaWidth());
        return image;
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
     * chroma subsampling from quality 90, 4:2:0 below (as the CPU codec writes).
     */
    byte[] encode(int w, int h, int quality, CUstream stream) {
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
        encoded = PinnedBuffer.atLeast(encoded, length.getValue());
        Pointer out = new Pointer(CudaLibrary.address(encoded.pointer()));
        NvJpeg.check(api.nvjpegEncodeRetrieveBitstream(hybrid, encodeState, out, length, s), "nvjpegEncodeRetrieveBitstream");
        cuStreamSynchronize(stream);
        byte[] bytes = new byte[(int) length.getValue()];
        out.getByteBuffer(0, bytes.length).get(bytes); // a bulk copy: JNA's getByteArray goes at about 2 GB/s
        return bytes;
    }

    @Override
    public void close() {
        api.nvjpegEncoderParamsDestroy(encodeParams);
        api.nvjpegEncoderStateDestroy(encodeState);
        api.nvjpegJpegStateDestroy(hybridState);
        api.nvjpegDestroy(hybrid);
        if (hardware != null) {
            api.nvjpegJpegStateDestroy(hardwareState);
            api.nvjpegDestroy(hardware);
        }
        List<AutoCloseable> held = new ArrayList<>(slots);
        held.add(rgbi);
        held.add(staging);
        held.add(encoded);
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
