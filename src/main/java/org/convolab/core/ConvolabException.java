package org.convolab.core;

/**
 * An error the user can act on: bad input, a file that cannot be read, a strategy that does not
 * apply. Its message is one complete sentence meant to be shown as it is (CLI stderr, GUI dialog),
 * never a stack trace.
 */
public class ConvolabException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ConvolabException(String message) {
        super(message);
    }

    public ConvolabException(String message, Throwable cause) {
        super(message, cause);
    }

    /** The first ConvolabException in {@code t}'s cause chain ({@code t} itself included), if any. */
    public static java.util.Optional<ConvolabException> foundIn(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof ConvolabException ce) {
                return java.util.Optional.of(ce);
            }
        }
        return java.util.Optional.empty();
    }
}
