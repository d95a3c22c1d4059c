package org.convolab.io;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Which JPEG codec runs, chosen once per process: libjpeg-turbo ({@link TurboJpegCodec}) where the system
 * has it, else ImageIO ({@link ImageIoJpegCodec}); and which ran, counted per file, for {@code --timings}
 * and the batch summary (a file the native codec does not take, a CMYK JPEG say, goes the ImageIO way and
 * is counted there).
 *
 * <p>The system property {@value #PROPERTY} set to {@code imageio} keeps to ImageIO (to compare, or to
 * work around a broken library). A faster codec (a GPU's) can be put first with {@link #prefer}.
 */
public final class JpegCodecs {

    /** {@code -Dconvolab.jpeg=imageio} keeps to ImageIO. */
    public static final String PROPERTY = "convolab.jpeg";

    /** How to get the native codec where it is missing. */
    public static final String INSTALL_HINT = "apt-get install libturbojpeg0 on Debian and Ubuntu, dnf install turbojpeg on Fedora";

    private static final JpegCodec IMAGE_IO = new ImageIoJpegCodec();
    private static final Map<String, LongAdder[]> USED = new ConcurrentHashMap<>();

    private static volatile JpegCodec preferred;
    private static volatile boolean imageIoOnly;
    private static JpegCodec loaded;
    private static String problem;
    private static boolean tried;

    private JpegCodecs() {
    }

    /** The native codec, loaded on first use; empty where there is none ({@link #problem()} says why). */
    static synchronized Optional<JpegCodec> nativeCodec() {
        if (!tried) {
            tried = true;
            if ("imageio".equalsIgnoreCase(System.getProperty(PROPERTY, ""))) {
                problem = "asked for with -D" + PROPERTY + "=imageio";
            } else {
                Object c = TurboJpegCodec.load();
                if (c instanceof JpegCodec codec) {
                    loaded = codec;
                } else {
                    problem = (String) c;
                }
            }
        }
        return Optional.ofNullable(loaded);
    }

    /** Why there is no native codec, or null when there is one. */
    static synchronized String problem() {
        nativeCodec();
        return problem;
    }

    /** Puts a codec before the native one (a GPU codec), or null to remove it. */
    public static void prefer(JpegCodec codec) {
        preferred = codec;
    }

    /** The codec that decodes first, where there is one besides ImageIO's general reader path. */
    static Optional<JpegCodec> decoder() {
        if (imageIoOnly) {
            return Optional.empty();
        }
        JpegCodec p = preferred;
        return p != null ? Optional.of(p) : nativeCodec();
    }

    /** The codec that encodes 8-bit colour JPEGs. */
    static JpegCodec encoder() {
        return decoder().orElse(IMAGE_IO);
    }

    /** Counts a file decoded by the codec of that name. */
    static void decoded(String codec) {
        count(codec, 0);
    }

    /** Counts a file encoded by the codec of that name. */
    static void encoded(String codec) {
        count(codec, 1);
    }

    /** The name ImageIO's decodes and encodes are counted under. */
    static String imageIoName() {
        return IMAGE_IO.name();
    }

    private static void count(String codec, int which) {
        USED.computeIfAbsent(codec, k -> new LongAdder[] {new LongAdder(), new LongAdder()})[which].increment();
    }

    /**
     * The codec this process uses for JPEG, e.g. "libjpeg-turbo 2.1.5 (TurboJPEG)", or "ImageIO (no
     * libjpeg-turbo ...: apt-get install ...)".
     */
    public static String describe() {
        JpegCodec c = encoder();
        String why = problem();
        return c != IMAGE_IO || why == null ? c.name()
                : c.name() + " (" + why + (why.startsWith("asked for") ? "" : "; for about 3x faster JPEG: " + INSTALL_HINT) + ")";
    }

    /**
     * One line on the JPEG codecs that ran in this process and for how many files, e.g. "JPEG codec:
     * libjpeg-turbo 2.1.5 (TurboJPEG), 6 decoded, 6 encoded"; empty when no JPEG was read or written.
     */
    public static Optional<String> summary() {
        if (USED.isEmpty()) {
            return Optional.empty();
        }
        List<String> parts = new ArrayList<>();
        List<String> names = new ArrayList<>(USED.keySet());
        names.sort((a, b) -> a.equals(imageIoName()) ? 1 : b.equals(imageIoName()) ? -1 : a.compareTo(b));
        for (String n : names) {
            LongAdder[] c = USED.get(n);
            String label = n.equals(imageIoName()) && decoder().isEmpty() ? describe() : n;
            StringBuilder s = new StringBuilder(label);
            if (c[0].sum() > 0) {
                s.append(String.format(Locale.ROOT, ", %d decoded", c[0].sum()));
            }
            if (c[1].sum() > 0) {
                s.append(String.format(Locale.ROOT, ", %d encoded", c[1].sum()));
            }
            parts.add(s.toString());
        }
        return Optional.of((parts.size() == 1 ? "JPEG codec: " : "JPEG codecs: ") + String.join("; ", parts));
    }

    /** Keeps to ImageIO from now on, or no longer (tests: the property is read once a process). */
    static void imageIoOnly(boolean on) {
        imageIoOnly = on;
    }

    /** Forgets the counts: a command starts counting afresh (the window and tests run several in one process). */
    public static void resetCounts() {
        USED.clear();
    }
}
