package org.convolab.imagej;

import ij.IJ;
import java.util.HashMap;
import java.util.Map;
import org.convolab.api.Convolab;
import java.util.Locale;

/**
 * One open {@link Convolab} per backend for the whole ImageJ session: opening the GPU engine (the CUDA
 * context, the kernels' module) takes a noticeable moment, and a filter run again and again on a stack or from
 * a macro loop should not pay it each time. Closed when the JVM exits.
 */
final class SharedEngines {

    private static final Map<String, Convolab> OPEN = new HashMap<>();
    private static boolean hooked;

    private SharedEngines() {
    }

    /** The open engine for a backend name (auto, cuda, cpu); the first call opens it, saying in ImageJ's log why auto took the CPU. */
    static synchronized Convolab get(String backend) {
        String key = backend.strip().toLowerCase(Locale.ROOT);
        Convolab lab = OPEN.get(key);
        if (lab == null) {
            lab = Convolab.open(key, msg -> IJ.log("Convolab: " + msg));
            OPEN.put(key, lab);
            if (!hooked) {
                hooked = true;
                Runtime.getRuntime().addShutdownHook(new Thread(SharedEngines::closeAll, "convolab-imagej-close"));
            }
        }
        return lab;
    }

    private static synchronized void closeAll() {
        for (Convolab lab : OPEN.values()) {
            lab.close();
        }
        OPEN.clear();
    }
}
