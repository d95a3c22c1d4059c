package org.convolab.io;

import java.util.Locale;
import org.convolab.core.ConvolabException;

/** Refuses, before the work starts, what the Java heap cannot hold, with the -Xmx that would do. */
final class HeapCheck {

    private HeapCheck() {
    }

    /** Bytes the heap can still give: its limit less what is in use now. */
    static long available() {
        Runtime rt = Runtime.getRuntime();
        return rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    }

    /**
     * @param bytes about what the work needs
     * @param what  e.g. "decoding this 20000x20000 JPEG whole"
     * @throws ConvolabException "... needs about 9.6 GB, the heap allows 6.0 GB: run with -Xmx12g ..."
     */
    static void require(long bytes, String what) {
        long free = available();
        if (bytes <= free) {
            return;
        }
        long maxGb = Runtime.getRuntime().maxMemory() >> 30;
        long suggest = Math.max(2, (long) Math.ceil((bytes + (Runtime.getRuntime().maxMemory() - free)) * 1.25 / (1L << 30)));
        throw new ConvolabException(String.format(Locale.ROOT,
                "%s needs about %.1f GB, the heap allows %.1f GB: run with -Xmx%dg (CONVOLAB_JAVA_OPTS=-Xmx%dg for the "
                        + "bundle's launcher), or write PNG or TIFF, which are streamed", what, bytes / 1e9, free / 1e9,
                Math.max(suggest, maxGb + 1), Math.max(suggest, maxGb + 1)));
    }
}
