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

    StandardOutput(OutputStream out) {
        super(out);
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

    private void remember(IOException e) {
        if (failure == null) {
            failure = e;
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
