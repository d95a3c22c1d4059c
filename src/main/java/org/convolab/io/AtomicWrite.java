package org.convolab.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a file so that readers see the old file or the whole new one, never part of it: the content
 * goes to a temporary file in the target's folder, which is then renamed over the target. A failed
 * write deletes the temporary file.
 */
final class AtomicWrite {

    /** Writes the content into the file it is given. */
    @FunctionalInterface
    interface Content {
        void writeTo(Path file) throws IOException;
    }

    private AtomicWrite() {
    }

    /** Replaces (or creates) {@code target} with what {@code content} writes. */
    static void replace(Path target, Content content) throws IOException {
        Path tmp = Files.createTempFile(target.getParent(), ".convolab-", ".tmp");
        try {
            content.writeTo(tmp);
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            tmp = null;
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // the write already failed; that error is the one to report
                }
            }
        }
    }
}
