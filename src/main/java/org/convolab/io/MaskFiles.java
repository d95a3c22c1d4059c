package org.convolab.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.convolab.core.ConvolabException;
import org.convolab.core.Mask;
import org.convolab.core.MaskText;

/** Reads and writes masks as ImageJ-style text files (see {@link MaskText}). */
public final class MaskFiles {

    /** Mask files larger than this are refused unread: 63x63 weights fit in far less. */
    private static final long MAX_BYTES = 1 << 20;

    private MaskFiles() {
    }

    /** Reads a mask file; errors name the file, line and column. */
    public static Mask read(Path file) {
        try {
            if (!Files.isRegularFile(file)) {
                throw new ConvolabException("cannot read mask file " + file + ": no such file");
            }
            if (Files.size(file) > MAX_BYTES) {
                throw new ConvolabException("cannot read mask file " + file + ": over 1 MiB, too large for a mask");
            }
            String text = Files.readString(file, StandardCharsets.UTF_8);
            return MaskText.parse(text, file.getFileName().toString());
        } catch (java.nio.charset.MalformedInputException e) {
            throw new ConvolabException("cannot read mask file " + file + ": not a text file");
        } catch (IOException e) {
            throw new ConvolabException("cannot read mask file " + file + ": " + e.getMessage());
        }
    }

    /** Writes a mask file atomically (temporary file, then rename). */
    public static void write(Mask mask, Path file) {
        String text = MaskText.format(mask);
        try {
            AtomicWrite.replace(file.toAbsolutePath().normalize(), tmp -> Files.writeString(tmp, text, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new ConvolabException("cannot write mask file " + file + ": " + e.getMessage());
        }
    }
}
