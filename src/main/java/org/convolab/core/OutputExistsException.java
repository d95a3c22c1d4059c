package org.convolab.core;

/**
 * The output file exists and replacing it was not asked for: found before the write, or at its very
 * end, when the finished file is linked to its name and another run has taken that name meanwhile.
 * A batch counts such a file as skipped, not failed: the output is there, whole, written by the other run.
 */
public class OutputExistsException extends ConvolabException {
    private static final long serialVersionUID = 1L;

    public OutputExistsException(String message) {
        super(message);
    }
}
