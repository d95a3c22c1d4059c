package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventRecord;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import jcuda.driver.CUevent;
import jcuda.driver.CUstream;
import jcuda.driver.CUevent_flags;

/**
 * One batch's decoding resources: the decoder states, the pinned staging of the compressed files and a
 * slot of device memory for each file's planes. {@link NvJpegCodec} keeps two, so a batch decodes into one
 * (on the decode stream, on the hardware JPEG decoders where the GPU has them) while the previous batch,
 * in the other, is filtered and encoded; an event marks when a set's decode is done. On the CUDA thread.
 */
final class NvJpegDecodeSet implements AutoCloseable {

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
    private final Pointer hardware;
    /** The GPU-Huffman decoder's state: made on first use where the hardware decoders take the files (it then serves
     * only the files they refuse), at once where there are none. */
    private Pointer hybridState;
    private final Pointer hardwareState;
    private final CUevent decoded = new CUevent();
    private int hardwareBatch;
    private final List<DeviceBuffer> slots = new ArrayList<>();
    private PinnedBuffer staging;
    /** Nanoseconds the last {@link #decode} spent copying the files into the staging (for the trace). */
    private long copyNs;

    /** States on the codec's handles (hardware may be null: no hardware decoders). */
    NvJpegDecodeSet(NvJpeg.Api api, Pointer hybrid, Pointer hardware) {
        this.api = api;
        this.hybrid = hybrid;
        this.hardware = hardware;
        PointerByReference ref = new PointerByReference();
        if (hardware != null) {
            long t0 = System.nanoTime();
            NvJpeg.check(api.nvjpegJpegStateCreate(hardware, ref), "nvjpegJpegStateCreate (hardware)");
            hardwareState = ref.getValue();
            NvJpegTrace.line("hardware decoder state made in %.1f ms", NvJpegTrace.since(t0));
        } else {
            hardwareState = null;
            hybridState();
        }
        cuEventCreate(decoded, CUevent_flags.CU_EVENT_DISABLE_TIMING);
    }

    private Pointer hybridState() {
        if (hybridState == null) {
            long t0 = System.nanoTime();
            PointerByReference ref = new PointerByReference();
            NvJpeg.check(api.nvjpegJpegStateCreate(hybrid, ref), "nvjpegJpegStateCreate");
            hybridState = ref.getValue();
            NvJpegTrace.line("GPU-Huffman decoder state made in %.1f ms", NvJpegTrace.since(t0));
        }
        return hybridState;
    }

    /** Milliseconds the last {@link #decode} spent copying its files into pinned memory. */
    double copyMs() {
        return copyNs / 1e6;
    }

    /** Recorded on the decode stream after the last {@link #decode}'s work. */
    CUevent decodedEvent() {
        return decoded;
    }

    /**
     * Decodes the files into planar YCbCr on the device, on {@code stream}: the ones the hardware takes in one
     * batched call, the rest one at a time; then records {@link #decodedEvent}. The files are copied into the
     * pinned staging on all cores. Each result's planes stay valid until this set's next call.
     */
    List<Decoded> decode(List<ByteBuffer> jpegs, CUstream stream) {
        int n = jpegs.size();
        long[] at = new long[n];
        long total = 0;
        for (int i = 0; i < n; i++) {
            at[i] = total;
            total += jpegs.get(i).remaining();
        }
        long t0 = System.nanoTime();
        staging = PinnedBuffer.atLeast(staging, total);
        PinnedBuffer into = staging;
        // a memcpy of a few MB a file; on the CUDA thread alone it was a millisecond a file
        IntStream.range(0, n).parallel().forEach(i -> into.put(jpegs.get(i), at[i]));
        copyNs = System.nanoTime() - t0;
        long base = CudaLibrary.address(staging.pointer());
        for (int i = 0; i < n; i++) {
            at[i] += base;
        }
        List<Decoded> out = new ArrayList<>();
        List<Integer> ok = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Decoded d = info(at[i], jpegs.get(i).remaining(), i);
            out.add(d);
            if (d.refusal() == null) {
                ok.add(i);
            }
        }
        long s = CudaLibrary.address(stream);
        if (hardware == null || ok.isEmpty() || !decodeOnHardware(ok, at, jpegs, out, s)) {
            for (int i : ok) {
                Decoded d = out.get(i);
                int status = api.nvjpegDecode(hybrid, hybridState(), at[i], jpegs.get(i).remaining(), NvJpeg.YUV, planes(d), s);
                if (NvJpeg.refusedTheData(status)) {
                    out.set(i, refused(d, "nvJPEG cannot decode this file (status " + status + ")"));
                } else {
                    NvJpeg.check(status, "nvjpegDecode of a " + d.width() + "x" + d.height() + " JPEG");
                }
            }
        }
        cuEventRecord(decoded, stream);
        return out;
    }

    /**
     * Makes the buffers for batches of {@code batch} files like one whose header is {@code like} and whose length
     * is {@code bytes} (the hardware decoder set up for that batch size), so the first batch does not wait for them.
     */
    void prepare(Decoded like, long bytes, int batch) {
        staging = PinnedBuffer.atLeast(staging, bytes * batch);
        for (int i = 0; i < batch; i++) {
            slot(i, like.crOffset() + (long) like.chromaWidth() * like.chromaHeight());
        }
        if (hardware != null && hardwareBatch != batch
                && api.nvjpegDecodeBatchedInitialize(hardware, hardwareState, batch, 1, NvJpeg.YUV) == 0) {
            hardwareBatch = batch;
        }
    }

    /** The batch on the hardware decoders; false (nothing decoded) when they refuse it. */
    private boolean decodeOnHardware(List<Integer> ok, long[] at, List<ByteBuffer> jpegs, List<Decoded> out, long stream) {
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
            lengths.setLong(8L * k, jpegs.get(i).remaining());
            Memory one = planes(out.get(i));
            images.write((long) NvJpeg.IMAGE_STRUCT_BYTES * k, one.getByteArray(0, NvJpeg.IMAGE_STRUCT_BYTES), 0,
                    NvJpeg.IMAGE_STRUCT_BYTES);
        }
        return api.nvjpegDecodeBatched(hardware, hardwareState, data, lengths, images, stream) == 0;
    }

    /** The header of one file, with a slot of device memory for its planes, or why the device path refuses it. */
    private Decoded info(long data, int length, int slot) {
        Decoded d = header(api, hybrid, data, length);
        if (d.refusal() != null) {
            return d;
        }
        return new Decoded(d.width(), d.height(), d.hs(), d.vs(), d.chromaWidth(), d.chromaHeight(),
                slot(slot, d.crOffset() + (long) d.chromaWidth() * d.chromaHeight()), null);
    }

    /** What nvJPEG reads in a file's header (no planes yet), or why the device path refuses the file. */
    static Decoded header(NvJpeg.Api api, Pointer handle, long data, int length) {
        IntByReference components = new IntByReference();
        IntByReference subsampling = new IntByReference();
        int[] widths = new int[4];
        int[] heights = new int[4];
        int status = api.nvjpegGetImageInfo(handle, data, length, components, subsampling, widths, heights);
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
        String refusal = w < 1 || h < 1 || 3L * w * h > Integer.MAX_VALUE ? "a " + w + "x" + h + " image" : null;
        return new Decoded(w, h, hs, vs, cw, ch, null, refusal);
    }

    /** Slot {@code i}'s device memory, made larger if it holds fewer than {@code bytes}. */
    private DeviceBuffer slot(int i, long bytes) {
        while (slots.size() <= i) {
            slots.add(null);
        }
        DeviceBuffer b = slots.get(i);
        if (b == null || b.bytes() < bytes) {
            if (b != null) {
                b.close();
            }
            b = new DeviceBuffer(bytes);
            slots.set(i, b);
        }
        return b;
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

    @Override
    public void close() {
        if (hybridState != null) {
            api.nvjpegJpegStateDestroy(hybridState);
        }
        if (hardwareState != null) {
            api.nvjpegJpegStateDestroy(hardwareState);
        }
        List<AutoCloseable> held = new ArrayList<>(slots);
        held.add(staging);
        held.add(() -> cuEventDestroy(decoded));
        NvJpegCodec.closeAll(held);
    }
}
