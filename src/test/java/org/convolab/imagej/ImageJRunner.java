package org.convolab.imagej;

import ij.ImagePlus;
import ij.Macro;
import ij.WindowManager;
import ij.plugin.filter.PlugInFilterRunner;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a filter as ImageJ runs a macro's {@code run("Command...", "options")}: on a thread whose name marks it
 * as a macro's (ImageJ hands macro options only to such threads), with the image current and the options
 * set, through ImageJ's own {@link PlugInFilterRunner} (stacks, selections and masks as in Fiji). Headless:
 * ImageJ's log goes to standard output, which this captures.
 */
final class ImageJRunner {

    private ImageJRunner() {
    }

    /** Runs {@code filter} on {@code imp} with the macro options; returns what ImageJ logged. */
    static String run(Object filter, String command, ImagePlus imp, String options) throws Exception {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintStream out = System.out;
        Thread t = new Thread(() -> {
            WindowManager.setTempCurrentImage(imp);
            Macro.setOptions(Thread.currentThread(), options);
            try {
                new PlugInFilterRunner(filter, command, "");
            } catch (Throwable e) {
                failure.set(e);
            } finally {
                Macro.setOptions(Thread.currentThread(), null);
                WindowManager.setTempCurrentImage(null);
            }
        }, "Run$_convolab-test");
        System.setOut(new PrintStream(log, true, StandardCharsets.UTF_8));
        try {
            t.start();
            t.join();
        } finally {
            System.setOut(out);
        }
        if (failure.get() != null && !String.valueOf(failure.get().getMessage()).contains(Macro.MACRO_CANCELED)) {
            throw new AssertionError("the command failed", failure.get());
        }
        String s = log.toString(StandardCharsets.UTF_8);
        out.print(s);
        return s;
    }
}
