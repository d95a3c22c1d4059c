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

/** Reads and writes masks as ImageJ-style text files (see {@link MaskText}). */
public final class MaskFiles {

    /** Mask files larger than this are refused unread: 63x63 weights fit in far less. */
    private static final long MAX_BYTES = 1 << 20;

    private MaskFiles() {
    }

    /**
     * Reads a mask file (UTF-8, a byte-order mark allowed); errors name the file, line and column. A pipe,
     * FIFO or device ({@code --mask-file <(printf ...)}, {@code /dev/stdin}) is read as a stream.
     */
    public static Mask read(Path file) {
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
                    return read(in, name);
                }
            }
            if (Files.size(file) > MAX_BYTES) {
                throw new ConvolabException("cannot read mask file " + name + ": over 1 MiB, too large for a mask");
            }
            String text = Files.readString(file, StandardCharsets.UTF_8);
            if (text.startsWith("\uFEFF")) {
                text = text.substring(1); // editors on Windows start UTF-8 files with a byte-order mark
            }
            return MaskText.parse(text, UserText.escape(file.getFileName().toString()));
        } catch (java.nio.charset.MalformedInputException e) {
            throw new ConvolabException("cannot read mask file " + name + ": not a text file");
        } catch (java.nio.file.AccessDeniedException e) {
            throw new ConvolabException("cannot read mask file " + name + ": permission denied");
        } catch (IOException e) {
            throw new ConvolabException("cannot read mask file " + name + ": " + e.getMessage());
        }
    }

    /**
     * Reads a mask from a stream (standard input, a pipe) to its end: at most 1 MiB of UTF-8 text.
     *
     * @param name what messages call the stream, e.g. "standard input"
     */
    public static Mask read(InputStream in, String name) {
        try {
            byte[] bytes = in.readNBytes((int) MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw new ConvolabException("cannot read mask from " + name + ": over 1 MiB, too large for a mask");
            }
            String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
            if (text.startsWith("\uFEFF")) {
                text = text.substring(1);
            }
            return MaskText.parse(text, name);
        } catch (CharacterCodingException e) {
            throw new ConvolabException("cannot read mask from " + name + ": not text (UTF-8)");
        } catch (IOException e) {
            throw new ConvolabException("cannot read mask from " + name + ": " + e.getMessage());
        }
    }

    /** Writes (or replaces) a mask file atomically (see {@link AtomicWrite}). */
    public static void write(Mask mask, Path file) {
        byte[] text = MaskText.format(mask).getBytes(StandardCharsets.UTF_8);
        try {
            AtomicWrite.write(FileIdentity.resolved(file), true, out -> out.write(text));
        } catch (IOException e) {
            throw new ConvolabException("cannot write mask file " + UserText.escape(file.toString()) + ": " + e.getMessage());
        }
    }
}
