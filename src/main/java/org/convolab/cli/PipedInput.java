package org.convolab.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.convolab.core.ConvolabException;
import org.convolab.core.UserText;

/**
 * An image input as the readers need it: a regular file is used as it is; standard input given as
 * {@code -}, or a pipe, FIFO or device named by path ({@code /dev/stdin} under {@code cat x.png |},
 * {@code /dev/fd/63} from {@code <(...)}), is read to its end, up to {@link #MAX_BYTES}, into an
 * owner-only temporary file, because the readers open an image more than once (the header, then the
 * rows). The temporary file is deleted on {@link #close()} (and at exit, after a Ctrl+C). Messages that
 * name the temporary file are given the input's own name instead ({@link #renamed}).
 */
final class PipedInput implements AutoCloseable {

    /** The most a piped image may hold: a larger one is refused (save it to a file). */
    static final long MAX_BYTES = 1L << 30;

    /** The name messages give standard input. */
    static final String STDIN = "standard input";

    private final Path path;
    private final Path temp;
    private final String name;

    private PipedInput(Path path, Path temp, String name) {
        this.path = path;
        this.temp = temp;
        this.name = name;
    }

    /** True when {@code p} is {@code -}, standard input. */
    static boolean isStdin(Path p) {
        return p != null && p.toString().equals("-");
    }

    /** True when {@code p} is read as a stream: {@code -}, or something that exists and is neither a regular file nor a folder. */
    static boolean isStream(Path p) {
        return isStdin(p) || (Files.exists(p) && !Files.isRegularFile(p) && !Files.isDirectory(p));
    }

    /**
     * The input ready for the readers: {@code input} itself, or its stream copied into a temporary file.
     *
     * @param stdin what {@code -} reads
     * @throws ConvolabException when the stream is empty, over {@link #MAX_BYTES}, a terminal, or fails
     */
    static PipedInput of(Path input, InputStream stdin) {
        if (!isStream(input)) {
            return new PipedInput(input, null, null);
        }
        String name = isStdin(input) ? STDIN : UserText.escape(input.toString());
        if (isStdin(input) && stdinIsTerminal()) {
            throw new ConvolabException("refusing to read an image from the terminal: pipe one in "
                    + "(cat in.png | convolab filter - -o out.png ...) or give its file name");
        }
        Path temp = null;
        try {
            temp = Files.createTempFile("convolab-input-", ".tmp"); // owner-only (0600) on POSIX
            temp.toFile().deleteOnExit();
            long n;
            try (InputStream in = isStdin(input) ? stdin : Files.newInputStream(input);
                 OutputStream out = Files.newOutputStream(temp, StandardOpenOption.TRUNCATE_EXISTING)) {
                n = copy(in, out, name);
            }
            if (n == 0) {
                throw new ConvolabException("cannot read " + name + ": it is empty (nothing came through the pipe)");
            }
            return new PipedInput(temp, temp, name);
        } catch (IOException e) {
            deleteQuietly(temp);
            // a failed read of the pipe, or a full temporary folder: say which folder, since the user never named it
            throw new ConvolabException("cannot read " + name + " (copied into the temporary folder "
                    + UserText.escape(System.getProperty("java.io.tmpdir")) + "): "
                    + UserText.escape(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
        } catch (RuntimeException e) {
            deleteQuietly(temp);
            throw e;
        }
    }

    private static long copy(InputStream in, OutputStream out, String name) throws IOException {
        byte[] buf = new byte[1 << 16];
        long total = 0;
        for (int n; (n = in.read(buf)) > 0; ) {
            total += n;
            if (total > MAX_BYTES) {
                throw new ConvolabException("cannot read " + name + ": it holds over " + (MAX_BYTES >> 30)
                        + " GiB, more than Convolab reads from a pipe; save it to a file and give its name");
            }
            out.write(buf, 0, n);
        }
        return total;
    }

    /** True when file descriptor 0 is a terminal (Linux; false where it cannot be told). */
    private static boolean stdinIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/0")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** The path the readers open. */
    Path path() {
        return path;
    }

    /** The message with the temporary file's path replaced by the input's name (the message itself for a regular file). */
    String renamed(String message) {
        return temp == null || message == null ? message : message.replace(temp.toString(), name);
    }

    /** {@link #renamed(String)} for an error about the input. */
    ConvolabException renamed(ConvolabException e) {
        return temp == null ? e : new ConvolabException(renamed(e.getMessage()), e);
    }

    @Override
    public void close() {
        deleteQuietly(temp);
    }

    private static void deleteQuietly(Path p) {
        if (p != null) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException ignored) {
                // in the temporary folder: deleteOnExit tries again
            }
        }
    }
}
