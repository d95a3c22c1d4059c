package org.convolab.io;

import com.sun.jna.Library;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.NativeLongByReference;
import com.sun.jna.ptr.PointerByReference;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Optional;
import org.convolab.core.ConvolabException;
import org.convolab.core.RgbaImage;
import org.convolab.core.UserText;

/**
 * JPEG through libjpeg-turbo's TurboJPEG API (the system's {@code libturbojpeg.so.0}: Debian and Ubuntu
 * {@code libturbojpeg0}, Fedora {@code turbojpeg}; or the copy in the bundle's runtime), bound at run time through JNA: about three times
 * ImageIO's speed on one core. Decodes YCbCr JPEGs of 8 bits (baseline, progressive, arithmetic where the
 * library has it) straight into the byte order of packed ARGB, then into the image's {@code int[]} in one
 * copy; grey, CMYK, YCCK, RGB-coded, 12-bit and lossless files are left to ImageIO. Thread-safe: each call
 * has its own TurboJPEG handle.
 */
final class TurboJpegCodec implements JpegCodec {

    // turbojpeg.h (2.x; 3.x keeps these entry points)
    private static final int TJPF_BGRX = 3;
    private static final int TJPF_XRGB = 5;
    private static final int TJSAMP_444 = 0;
    private static final int TJSAMP_420 = 2;
    private static final int TJCS_YCBCR = 1;
    private static final int TJERR_WARNING = 0;
    /** At most 500 progressive scans: a crafted file cannot keep the decoder busy for minutes. */
    private static final int TJFLAG_LIMITSCANS = 32768;
    private static final int TJFLAG_STOPONWARNING = 8192;

    /** The entry points Convolab calls; handles and buffers as pointers. */
    interface Api extends Library {
        Pointer tjInitDecompress();

        Pointer tjInitCompress();

        int tjDestroy(Pointer handle);

        int tjDecompressHeader3(Pointer handle, Pointer jpeg, NativeLong size, IntByReference width, IntByReference height,
                                IntByReference subsamp, IntByReference colorspace);

        int tjDecompress2(Pointer handle, Pointer jpeg, NativeLong size, Pointer dst, int width, int pitch, int height,
                          int pixelFormat, int flags);

        int tjCompress2(Pointer handle, Pointer src, int width, int pitch, int height, int pixelFormat, PointerByReference jpeg,
                        NativeLongByReference size, int subsamp, int quality, int flags);

        void tjFree(Pointer buffer);

        String tjGetErrorStr2(Pointer handle);

        int tjGetErrorCode(Pointer handle);
    }

    /**
     * Names tried in order: the development link, then the runtime soname (JNA resolves the first through the
     * ldconfig cache it reads anyway, which gives the file the version is read from).
     */
    private static final String[] NAMES = {"turbojpeg", "libturbojpeg.so.0"};

    /** ARGB ints in memory are B, G, R, A bytes on a little-endian machine, A, R, G, B on a big-endian one. */
    private static final int PIXEL_FORMAT = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN ? TJPF_BGRX : TJPF_XRGB;

    /** Each thread's native pixel buffer, kept for its next image: a fresh 100 MB buffer costs page faults each time. */
    private static final ThreadLocal<Memory> PIXELS = new ThreadLocal<>();

    private final Api api;
    private final String name;

    private TurboJpegCodec(Api api, String name) {
        this.api = api;
        this.name = name;
    }

    /**
     * Binds the system's TurboJPEG library.
     *
     * @return the codec, or a sentence saying why there is none
     */
    static Object load() {
        StringBuilder tried = new StringBuilder();
        // the bundle's runtime carries the build host's library (src/bundle/make-bundle.sh): that one first
        java.util.List<String> names = new java.util.ArrayList<>();
        File bundled = new File(System.getProperty("java.home"), "lib/libturbojpeg.so.0");
        if (bundled.isFile()) {
            names.add(bundled.getPath());
        }
        names.addAll(java.util.List.of(NAMES));
        for (String lib : names) {
            try {
                Api api = Native.load(lib, Api.class);
                api.tjGetErrorCode(null); // 2.0 or later: the error codes that tell a warning from a failure
                return new TurboJpegCodec(api, "libjpeg-turbo" + version(lib) + " (TurboJPEG)");
            } catch (LinkageError | RuntimeException e) {
                // not found, too old, or JNA cannot load here: try the next name, then report
                tried.append(tried.length() == 0 ? "" : ", ").append(lib);
            }
        }
        return "no libjpeg-turbo (tried " + tried + ")";
    }

    /** " 2.1.5" from the library's own banner, or "" where it has none. */
    private static String version(String lib) {
        try {
            File f = NativeLibrary.getInstance(lib).getFile();
            if (f == null || f.length() > (64 << 20)) {
                return "";
            }
            String text = new String(Files.readAllBytes(f.toPath()), StandardCharsets.ISO_8859_1);
            String mark = "libjpeg-turbo version ";
            int i = text.indexOf(mark);
            if (i < 0) {
                return "";
            }
            int s = i + mark.length();
            int e = s;
            while (e < text.length() && (Character.isDigit(text.charAt(e)) || text.charAt(e) == '.')) {
                e++;
            }
            return e > s ? " " + text.substring(s, e) : "";
        } catch (IOException | RuntimeException | LinkageError e) {
            return "";
        }
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Optional<Header> header(byte[] jpeg) {
        Pointer h = api.tjInitDecompress();
        if (h == null) {
            return Optional.empty();
        }
        try (Memory src = copy(jpeg)) {
            IntByReference w = new IntByReference();
            IntByReference ht = new IntByReference();
            IntByReference sub = new IntByReference();
            IntByReference cs = new IntByReference();
            if (api.tjDecompressHeader3(h, src, new NativeLong(jpeg.length), w, ht, sub, cs) != 0
                    || cs.getValue() != TJCS_YCBCR || w.getValue() < 1 || ht.getValue() < 1) {
                return Optional.empty(); // not ours (or damaged): ImageIO decides
            }
            return Optional.of(new Header(w.getValue(), ht.getValue()));
        } finally {
            api.tjDestroy(h);
        }
    }

    @Override
    public Optional<RgbaImage> decode(byte[] jpeg, String name) {
        Optional<Header> header = header(jpeg);
        if (header.isEmpty()) {
            return Optional.empty();
        }
        int w = header.get().width();
        int ht = header.get().height();
        int n = Math.multiplyExact(w, ht);
        Memory dst = pixelBuffer(4L * n);
        if (!decodeTo(jpeg, name, dst, w, ht)) {
            return Optional.empty();
        }
        int[] argb = new int[n];
        dst.read(0, argb, 0, n); // the X byte is 0xFF: alpha 255
        return Optional.of(new RgbaImage(w, ht, argb));
    }

    @Override
    public boolean decodeInto(byte[] jpeg, String name, Header header, java.nio.ByteBuffer argb) {
        if (!argb.isDirect()) {
            return false;
        }
        int w = header.width();
        int ht = header.height();
        if (argb.capacity() < 4L * w * ht) {
            throw new IllegalArgumentException("a " + w + "x" + ht + " image needs " + 4L * w * ht + " bytes, the buffer has "
                    + argb.capacity());
        }
        return decodeTo(jpeg, name, Native.getDirectBufferPointer(argb), w, ht);
    }

    /**
     * Decodes into {@code dst} (w x h packed ARGB); false when TurboJPEG refuses the file (ImageIO then decides).
     *
     * @throws ConvolabException when the data is damaged or truncated
     */
    private boolean decodeTo(byte[] jpeg, String name, Pointer dst, int w, int ht) {
        Pointer h = api.tjInitDecompress();
        if (h == null) {
            return false;
        }
        try (Memory src = copy(jpeg)) {
            // stop at the first warning: damaged data is refused at once rather than filled in to the last row
            int flags = TJFLAG_LIMITSCANS | TJFLAG_STOPONWARNING;
            while (api.tjDecompress2(h, src, new NativeLong(jpeg.length), dst, w, 4 * w, ht, PIXEL_FORMAT, flags) != 0) {
                String why = api.tjGetErrorStr2(h);
                if (api.tjGetErrorCode(h) != TJERR_WARNING) {
                    return false; // a failure: a kind of JPEG it refuses, or damage; ImageIO says which
                }
                if (!ImageFiles.isHarmless(why)) {
                    // libjpeg fills what is missing with grey and only warns: a damaged file must not pass
                    throw new ConvolabException("cannot decode " + name + ": the JPEG data is damaged or truncated ("
                            + UserText.escape(String.valueOf(why).strip()) + ")");
                }
                if ((flags & TJFLAG_STOPONWARNING) == 0) {
                    break; // decoded to the end past a warning about metadata (a bad ICC marker)
                }
                flags &= ~TJFLAG_STOPONWARNING; // that warning stopped it: decode again, to the end
            }
            return true;
        } finally {
            api.tjDestroy(h);
        }
    }

    @Override
    public void encode(RgbaImage image, int quality, Optional<byte[]> icc, OutputStream out) throws IOException {
        int w = image.width();
        int ht = image.height();
        Memory src = pixelBuffer(4L * image.size());
        src.write(0, image.pixels(), 0, image.size());
        Pointer h = api.tjInitCompress();
        if (h == null) {
            throw new IOException("TurboJPEG could not start a compressor");
        }
        PointerByReference jpeg = new PointerByReference();
        NativeLongByReference size = new NativeLongByReference();
        try {
            int sub = quality >= FULL_CHROMA_FROM_QUALITY ? TJSAMP_444 : TJSAMP_420;
            if (api.tjCompress2(h, src, w, 4 * w, ht, PIXEL_FORMAT, jpeg, size, sub, quality, 0) != 0) {
                throw new IOException("TurboJPEG: " + api.tjGetErrorStr2(h));
            }
            byte[] bytes = jpeg.getValue().getByteArray(0, Math.toIntExact(size.getValue().longValue()));
            JpegMarkers.writeWithProfile(bytes, icc, out);
        } finally {
            if (jpeg.getValue() != null) {
                api.tjFree(jpeg.getValue());
            }
            api.tjDestroy(h);
        }
    }

    private static Memory copy(byte[] bytes) {
        Memory m = new Memory(Math.max(1, bytes.length));
        m.write(0, bytes, 0, bytes.length);
        return m;
    }

    /** This thread's pixel buffer, grown to {@code bytes} when smaller. */
    private static Memory pixelBuffer(long bytes) {
        Memory m = PIXELS.get();
        if (m == null || m.size() < bytes) {
            if (m != null) {
                m.close();
            }
            m = new Memory(bytes);
            PIXELS.set(m);
        }
        return m;
    }
}
