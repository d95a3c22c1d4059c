package org.convolab.core;

import java.util.OptionalLong;

/**
 * What an engine can say about its own health, for soak runs, self-tests and the status bar: device
 * memory, faults it survived, and a way to drop what it keeps between filters. The CPU engine has
 * nothing to report ({@link #NONE}).
 */
public interface EngineDiagnostics {

    /** An engine with no device and no faults. */
    EngineDiagnostics NONE = new EngineDiagnostics() {
    };

    /** Free device memory in bytes, when the engine has a device. */
    default OptionalLong deviceFreeBytes() {
        return OptionalLong.empty();
    }

    /** Faults the engine recovered from by rebuilding its context. */
    default int faultsSurvived() {
        return 0;
    }

    /** Null while the engine runs where it was opened, else why it went over to another (the CPU). */
    default String fallbackReason() {
        return null;
    }

    /** Frees what the engine keeps between filters (the resident image); the next filter uploads again. */
    default void releaseImage() {
    }
}
