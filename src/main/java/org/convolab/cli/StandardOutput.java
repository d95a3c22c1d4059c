package org.convolab.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The process's standard output as the CLI writes it: it remembers the first write error, so that a
 * reader that went away (a closed pipe, {@code convolab histogram IMG | head}) can be told from a full
 * disk. {@link java.io.PrintStream} and {@link java.io.PrintWriter} swallow the error and keep only a
 * flag; this keeps the cause.
 */
final class StandardOutput extends FilterOutputStream {

    private volatile IOException failure;
    private final Runnable onReaderGone;

    /** A stream that only remembers its first write error. */
    StandardOutput(OutputStream out) {
        this(out, () -> { });
    }

    /**
     * @param onReaderGone run once, on the first write that finds the pipe's reader gone (the entry point
     *                     ends the process there, as SIGPIPE ends {@code cat}, so a long run does not go on
     *                     for nobody)
     */
    StandardOutput(OutputStream out, Runnable onReaderGone) {
        super(out);
        this.onReaderGone = onReaderGone;
    }

    @Override
    public void write(int b) throws IOException {
        try {
            out.write(b);
        } catch (IOException e) {
            remember(e);
            throw e;
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            remember(e);
            throw e;
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            remember(e);
            throw e;
        }
    }

    private synchronized void remember(IOException e) {
        if (failure == null) {
            failure = e;
            if (readerGone()) {
                onReaderGone.run();
            }
        }
    }

    /** The first write error, or null. */
    IOException failure() {
        return failure;
    }

    /** True when a write failed because the reading end of the pipe is closed (EPIPE). */
    boolean readerGone() {
        IOException f = failure;
        // the JVM ignores SIGPIPE, so a closed pipe comes back as EPIPE, whose text is "Broken pipe"
        return f != null && f.getMessage() != null && f.getMessage().contains("Broken pipe");
    }
}
