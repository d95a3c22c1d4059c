package org.convolab.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.convolab.core.ConvolabException;
import org.convolab.core.Mask;
import org.convolab.core.MaskText;
import org.convolab.core.UserText;

/**
 * Reads and writes mask files: ImageJ-style text (see {@link MaskText}), and libvips matrix files
 * ({@code .mat}, as {@code vips conv} and {@code vips matrixload} take them): a first line
 * {@code width height [scale [offset]]}, then the rows. libvips divides the sum by the scale and adds the
 * offset, which {@link #readMatrix} gives as a divisor and offset.
 */
public final class MaskFiles {

    /**
     * A mask file's weights with the output mapping it carries: a libvips matrix's scale and offset, or 1 and 0
     * for a text mask.
     *
     * @param divisor the sum is divided by it (libvips's scale); never 0
     * @param offset  added after dividing
     */
    public record Matrix(Mask mask, float divisor, float offset) {
    }

    /** Mask files larger than this are refused unread: 1023x1023 weights of 15 characters take 16 MiB. */
    private static final long MAX_BYTES = 32L << 20;

    private MaskFiles() {
    }

    /**
     * Reads a mask file's weights (UTF-8, a byte-order mark allowed); errors name the file, line and column.
     * A pipe, FIFO or device ({@code --mask-file <(printf ...)}, {@code /dev/stdin}) is read as a stream.
     * A libvips {@code .mat} file's scale divides the weights (the same sums, up to float rounding); an offset
     * other than 0 cannot ride on the weights and is refused here: {@link #readMatrix} keeps it.
     */
    public static Mask read(Path file) {
        Matrix m = readMatrix(file);
        if (m.offset() != 0f) {
            throw new ConvolabException("mask file " + UserText.escape(file.toString()) + " has offset "
                    + MaskText.formatWeight(m.offset()) + ", which the weights alone cannot carry (the command line's "
                    + "--mask-file keeps it; or set the offset to 0 in the file and add it yourself)");
        }
        if (m.divisor() == 1f) {
            return m.mask();
        }
        float[] w = m.mask().weights();
        for (int k = 0; k < w.length; k++) {
            w[k] /= m.divisor();
        }
        return Mask.of(m.mask().width(), m.mask().height(), w);
    }

    /** True for a libvips matrix file name ({@code .mat}). */
    public static boolean isMatrixFile(Path file) {
        return file.getFileName() != null && file.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".mat");
    }

    /**
     * Reads a mask file with its output mapping: a libvips {@code .mat} file's scale and offset, or divisor 1
     * and offset 0 for a text mask.
     *
     * @throws ConvolabException naming the file, line and column of the first problem
     */
    public static Matrix readMatrix(Path file) {
        String text = readText(file);
        // a file by its name ("m.txt line 3: ..."); a device or pipe by its whole path ("/dev/null", not "null")
        String source = UserText.escape((Files.isRegularFile(file) ? file.getFileName() : file).toString());
        if (!isMatrixFile(file)) {
            return new Matrix(MaskText.parse(text, source), 1f, 0f);
        }
        return parseMatrix(text, source);
    }

    /** A libvips matrix: the header line, then rows (the header's line numbering kept for the rows' errors). */
    static Matrix parseMatrix(String text, String source) {
        int nl = text.indexOf('\n');
        String header = (nl < 0 ? text : text.substring(0, nl)).strip();
        String[] h = header.split("[\\s,]+");
        if (header.isEmpty() || h.length < 2 || h.length > 4) {
            throw new ConvolabException(source + " line 1: a libvips matrix starts with 'width height [scale [offset]]', not "
                    + UserText.quote(header));
        }
        int width = headerInt(h[0], "width", source);
        int height = headerInt(h[1], "height", source);
        float scale = h.length > 2 ? headerFloat(h[2], "scale", source) : 1f;
        float offset = h.length > 3 ? headerFloat(h[3], "offset", source) : 0f;
        if (scale == 0f) {
            throw new ConvolabException(source + " line 1: scale 0; libvips divides the sum by the scale, so it must not be 0 (1 leaves the sum as it is)");
        }
        // the header becomes a comment, so the rows' errors name their lines in the file
        String rows = "#" + (nl < 0 ? "" : text.substring(nl));
        java.util.List<String> lines = rows.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        int given = lines.isEmpty() ? 0 : lines.get(0).split("\\s*,\\s*|\\s+").length;
        if (given != width || lines.size() != height) {
            throw new ConvolabException(source + ": the header says " + width + "x" + height + " but the rows give "
                    + given + "x" + lines.size());
        }
        return new Matrix(MaskText.parse(rows, source), scale, offset);
    }

    private static int headerInt(String token, String what, String source) {
        try {
            return Integer.parseInt(token);
        } catch (NumberFormatException e) {
            throw new ConvolabException(source + " line 1: the " + what + " " + UserText.quote(token) + " is not a whole number");
        }
    }

    private static float headerFloat(String token, String what, String source) {
        try {
            float v = Float.parseFloat(token);
            if (Float.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new ConvolabException(source + " line 1: the " + what + " " + UserText.quote(token) + " is not a finite number");
    }

    static String readText(Path file) {
        String name = UserText.escape(file.toString());
        try {
            if (Files.isDirectory(file)) {
                throw new ConvolabException("cannot read mask file " + name + ": it is a folder, not a mask file");
            }
            if (!Files.exists(file)) {
                throw new ConvolabException("cannot read mask file " + name + ": no such file");
            }
            if (!Files.isRegularFile(file)) {
                try (InputStream in = Files.newInputStream(file)) {
                    return readText(in, name);
                }
            }
            if (Files.size(file) > MAX_BYTES) {
                throw new ConvolabException("cannot read mask file " + name + ": over 32 MiB, too large for a mask");
            }
            String text = Files.readString(file, StandardCharsets.UTF_8);
            if (text.startsWith("\uFEFF")) {
                text = text.substring(1); // editors on Windows start UTF-8 files with a byte-order mark
            }
            return text;
        } catch (java.nio.charset.MalformedInputException e) {
            throw new ConvolabException("cannot read mask file " + name + ": not a text file");
        } catch (java.nio.file.AccessDeniedException e) {
            throw new ConvolabException("cannot read mask file " + name + ": permission denied");
        } catch (IOException e) {
            throw new ConvolabException("cannot read mask file " + name + ": " + e.getMessage());
        }
    }

    /**
     * Reads a mask from a stream (standard input, a pipe) to its end: at most 32 MiB of UTF-8 text.
     *
     * @param name what messages call the stream, e.g. "standard input"
     */
    public static Mask read(InputStream in, String name) {
        return MaskText.parse(readText(in, name), name);
    }

    /** The text of a stream, to its end: at most 32 MiB of UTF-8, a byte-order mark dropped. */
    private static String readText(InputStream in, String name) {
        try {
            byte[] bytes = in.readNBytes((int) MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw new ConvolabException("cannot read mask from " + name + ": over 32 MiB, too large for a mask");
            }
            String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
            return text.startsWith("\uFEFF") ? text.substring(1) : text;
        } catch (CharacterCodingException e) {
            throw new ConvolabException("cannot read mask from " + name + ": not text (UTF-8)");
        } catch (IOException e) {
            throw new ConvolabException("cannot read mask from " + name + ": " + e.getMessage());
        }
    }

    /**
     * Writes (or replaces) a mask file atomically (see {@link AtomicWrite}): a libvips matrix with scale 1 and
     * offset 0 for a {@code .mat} name, else ImageJ-style text.
     */
    public static void write(Mask mask, Path file) {
        write(new Matrix(mask, 1f, 0f), file);
    }

    /**
     * Writes a mask with its mapping: a libvips matrix for a {@code .mat} name ({@code vips conv} reads it);
     * for a text mask the divisor must be 1 and the offset 0, which text cannot hold.
     *
     * @throws ConvolabException when a text file is asked to hold a mapping, or the file cannot be written
     */
    public static void write(Matrix matrix, Path file) {
        String body;
        if (isMatrixFile(file)) {
            body = formatMatrix(matrix);
        } else if (matrix.divisor() != 1f || matrix.offset() != 0f) {
            throw new ConvolabException("a text mask file holds no divisor or offset; save as .mat (libvips matrix) to keep them");
        } else {
            body = MaskText.format(matrix.mask());
        }
        byte[] text = body.getBytes(StandardCharsets.UTF_8);
        try {
            AtomicWrite.write(FileIdentity.resolved(file), true, out -> out.write(text));
        } catch (IOException e) {
            throw new ConvolabException("cannot write mask file " + UserText.escape(file.toString()) + ": " + e.getMessage());
        }
    }

    /** The libvips matrix text: {@code width height scale offset}, then one row a line. */
    static String formatMatrix(Matrix m) {
        Mask mask = m.mask();
        StringBuilder sb = new StringBuilder().append(mask.width()).append(' ').append(mask.height()).append(' ')
                .append(MaskText.formatWeight(m.divisor())).append(' ').append(MaskText.formatWeight(m.offset())).append('\n');
        for (int y = 0; y < mask.height(); y++) {
            for (int x = 0; x < mask.width(); x++) {
                sb.append(x > 0 ? " " : "").append(MaskText.formatWeight(mask.get(x, y)));
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
