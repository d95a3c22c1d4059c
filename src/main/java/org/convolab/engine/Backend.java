package org.convolab.engine;

import java.util.Locale;

/** Which engine to filter with. */
public enum Backend {
    /** CUDA when a usable GPU is present, else the CPU engine with a message. */
    AUTO,
    /** The GPU engine; an error when no GPU is usable. */
    CUDA,
    /** The multi-threaded CPU engine. */
    CPU;

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
