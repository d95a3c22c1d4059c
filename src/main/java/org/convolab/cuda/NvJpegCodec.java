package org.convolab.cuda;

import static jcuda.driver.JCudaDriver.cuStreamSynchronize;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;
import com.sun.jna.ptr.PointerByReference;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;
import org.convolab.core.DeviceJpeg;

/**
 * The engine's nvJPEG state in its context: a library handle, a decoder and an encoder state, the
 * interleaved RGB image on the device that the decoder writes and the encoder reads, and a pinned
 * buffer for the compressed bytes. Made on first use by {@link CudaSession#jpegCodec()} and closed
 * with the context; on the CUDA thread only.
 *
 * <p>Huffman decoding runs on the GPU ({@code NVJPEG_BACKEND_GPU_HYBRID}: the CPU would take tens of
 * milliseconds for a 24-megapixel photograph), falling back to the default back end where that one
 * cannot be made.
 */
final class NvJpegCodec implements AutoCloseable {
    private final NvJpeg.Api api;
    private final Pointer handle;
    private final Pointer decodeState;
    private final Pointer encodeState;
    private final Pointer encodeParams;
    private final String backend;
    private final Memory image = new Memory(NvJpeg.IMAGE_STRUCT_BYTES);
    private DeviceBuffer rgb;
    private PinnedBuffer compressed;
    private PinnedBuffer encoded;

    private NvJpegCodec(NvJpeg.Api api, Pointer handle, String backend, long stream) {
        this.api = api;
        this.handle = handle;
        this.backend = backend;
        PointerByReference ref = new PointerByReference();
        NvJpeg.check(api.nvjpegJpegStateCreate(handle, ref), "nvjpegJpegStateCreate");
        decodeState = ref.getValue();
        NvJpeg.check(api.nvjpegEncoderStateCreate(handle, ref, stream), "nvjpegEncoderStateCreate");
        encodeState = ref.getValue();
        NvJpeg.check(api.nvjpegEncoderParamsCreate(handle, ref, stream), "nvjpegEncoderParamsCreate");
        encodeParams = ref.getValue();
        NvJpeg.check(api.nvjpegEncoderParamsSetOptimizedHuffman(encodeParams, 0, stream), "nvjpegEncoderParamsSetOptimizedHuffman");
    }

    /**
     * Opens nvJPEG in the current context.
     *
     * @throws DeviceJpeg.Unsupported where no nvJPEG library loads on this host
     */
    static NvJpegCodec open(CUstream stream) {
        NvJpeg.Api api = NvJpeg.api();
        if (api == null) {
            throw new DeviceJpeg.Unsupported(NvJpeg.problem());
        }
        long s = CudaLibrary.address(stream);
        PointerByReference h = new PointerByReference();
        String backend = "GPU Huffman";
        if (api.nvjpegCreateEx(NvJpeg.BACKEND_GPU_HYBRID, null, null, 0, h) != 0) {
            backend = "default back end";
            NvJpeg.check(api.nvjpegCreateEx(NvJpeg.BACKEND_DEFAULT, null, null, 0, h), "nvjpegCreateEx");
        }
        try {
            return new NvJpegCodec(api, h.getValue(), backend, s);
        } catch (RuntimeException e) {
            api.nvjpegDestroy(h.getValue());
            throw e;
        }
    }

    /** "nvJPEG 12.8.0, GPU Huffman". */
    String name() {
        return "nvJPEG " + NvJpeg.version() + ", " + backend;
    }

    /**
     * Decodes a JPEG into the device's interleaved RGB image (rows {@code 3 * width} bytes apart).
     *
     * @return width and height
     * @throws DeviceJpeg.Unsupported when nvJPEG refuses the file (the CPU codec may still read it)
     */
    int[] decode(byte[] jpeg, CUstream stream) {
        compressed = PinnedBuffer.atLeast(compressed, jpeg.length);
        compressed.put(jpeg);
        long data = CudaLibrary.address(compressed.pointer());
        IntByReference components = new IntByReference();
        IntByReference subsampling = new IntByReference();
        int[] widths = new int[4];
        int[] heights = new int[4];
        int status = api.nvjpegGetImageInfo(handle, data, jpeg.length, components, subsampling, widths, heights);
        if (status != 0) {
            throw new DeviceJpeg.Unsupported("nvJPEG cannot read this file's header (status " + status + ")");
        }
        int w = widths[0];
        int h = heights[0];
        long pitch = 3L * w;
        if (w < 1 || h < 1 || pitch * h > Integer.MAX_VALUE) {
            throw new DeviceJpeg.Unsupported("nvJPEG reports a " + w + "x" + h + " image");
        }
        rgbImage(w, h);
        status = api.nvjpegDecode(handle, decodeState, data, jpeg.length, NvJpeg.RGBI, image, CudaLibrary.address(stream));
        if (NvJpeg.refusedTheData(status)) {
            throw new DeviceJpeg.Unsupported("nvJPEG cannot decode this file (status " + status + ")");
        }
        NvJpeg.check(status, "nvjpegDecode of a " + w + "x" + h + " JPEG");
        return new int[] {w, h};
    }

    /** The device's interleaved RGB image: what {@link #decode} wrote and {@link #encode} reads. */
    CUdeviceptr rgb() {
        return rgb.ptr();
    }

    /**
     * Encodes the device's interleaved RGB image ({@code w x h}) as a JPEG of the given quality: no
     * chroma subsampling from quality 90, 4:2:0 below (as the CPU codec writes).
     */
    byte[] encode(int w, int h, int quality, CUstream stream) {
        long s = CudaLibrary.address(stream);
        NvJpeg.check(api.nvjpegEncoderParamsSetQuality(encodeParams, quality, s), "nvjpegEncoderParamsSetQuality");
        NvJpeg.check(api.nvjpegEncoderParamsSetSamplingFactors(encodeParams, quality >= 90 ? NvJpeg.CSS_444 : NvJpeg.CSS_420, s),
                "nvjpegEncoderParamsSetSamplingFactors");
        NvJpeg.check(api.nvjpegEncodeImage(handle, encodeState, encodeParams, image, NvJpeg.RGBI, w, h, s),
                "nvjpegEncodeImage of a " + w + "x" + h + " image");
        LongByReference length = new LongByReference();
        NvJpeg.check(api.nvjpegEncodeRetrieveBitstream(handle, encodeState, null, length, s), "nvjpegEncodeRetrieveBitstream");
        cuStreamSynchronize(stream);
        encoded = PinnedBuffer.atLeast(encoded, length.getValue());
        Pointer out = new Pointer(CudaLibrary.address(encoded.pointer()));
        NvJpeg.check(api.nvjpegEncodeRetrieveBitstream(handle, encodeState, out, length, s), "nvjpegEncodeRetrieveBitstream");
        cuStreamSynchronize(stream);
        return out.getByteArray(0, (int) length.getValue());
    }

    /** Points the nvjpegImage_t at an interleaved RGB image of this size, growing the buffer as needed. */
    private void rgbImage(int w, int h) {
        long bytes = 3L * w * h;
        if (rgb == null || rgb.bytes() < bytes) {
            if (rgb != null) {
                rgb.close();
                rgb = null;
            }
            rgb = new DeviceBuffer(bytes);
        }
        image.clear();
        image.setLong(0, CudaLibrary.address(rgb.ptr()));
        image.setLong(32, 3L * w); // pitch[0]
    }

    @Override
    public void close() {
        api.nvjpegEncoderParamsDestroy(encodeParams);
        api.nvjpegEncoderStateDestroy(encodeState);
        api.nvjpegJpegStateDestroy(decodeState);
        api.nvjpegDestroy(handle);
        for (AutoCloseable c : new AutoCloseable[] {rgb, compressed, encoded}) {
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
