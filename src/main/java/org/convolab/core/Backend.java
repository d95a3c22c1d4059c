package org.convolab.core;

import java.util.Locale;

/** Which engine to filter with, and which one an open engine is ({@code ConvolutionEngine.backend()}: CPU or CUDA). */
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
