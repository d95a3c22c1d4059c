package org.convolab.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.convolab.core.ConvolabException;
import org.convolab.core.Mask;
import org.convolab.core.MaskText;
import org.convolab.core.UserText;

/** Reads and writes masks as ImageJ-style text files (see {@link MaskText}). */
public final class MaskFiles {

    /** Mask files larger than this are refused unread: 1023x1023 weights of 15 characters take 16 MiB. */
    private static final long MAX_BYTES = 32L << 20;

    private MaskFiles() {
    }

    /** Reads a mask file (UTF-8, a byte-order mark allowed); errors name the file, line and column. */
    public static Mask read(Path file) {
        String name = UserText.escape(file.toString());
        try {
            if (Files.isDirectory(file)) {
                throw new ConvolabException("cannot read mask file " + name + ": it is a folder, not a mask file");
            }
            if (!Files.isRegularFile(file)) {
                throw new ConvolabException("cannot read mask file " + name + ": no such file");
            }
            if (Files.size(file) > MAX_BYTES) {
                throw new ConvolabException("cannot read mask file " + name + ": over 32 MiB, too large for a mask");
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

    /** Writes (or replaces) a mask file atomically (see {@link AtomicWrite}). */
    public static void write(Mask mask, Path file) {
        byte[] text = MaskText.format(mask).getBytes(StandardCharsets.UTF_8);
        try {
            AtomicWrite.write(file.toAbsolutePath().normalize(), true, out -> out.write(text));
        } catch (IOException e) {
            throw new ConvolabException("cannot write mask file " + UserText.escape(file.toString()) + ": " + e.getMessage());
        }
    }
}
