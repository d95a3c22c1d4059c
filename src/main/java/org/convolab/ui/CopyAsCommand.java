package org.convolab.ui;

import java.nio.file.Path;
import java.util.Locale;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import org.convolab.core.Mask;
import org.convolab.core.MaskText;
import org.convolab.core.Strategy;
import org.convolab.core.Backend;

/**
 * Edit › Copy as Command: the window's settings as a {@code convolab filter} line and as an ImageJ macro line
 * for "Convolab Convolve...", both on the clipboard, so what was tuned by eye can be run on a folder, a
 * cluster or in Fiji.
 */
final class CopyAsCommand {

    private CopyAsCommand() {
    }

    /** Puts both lines on the system clipboard, the command line first. */
    static void copy(MainModel model) {
        ClipboardContent c = new ClipboardContent();
        c.putString(cliLine(model.current(), model.file()) + "\n" + macroLine(model.current()) + "\n");
        Clipboard.getSystemClipboard().setContent(c);
    }

    /**
     * {@code convolab filter IN -o OUT --mask=ROWS --border=P} with the divisor, offset, abs, strategy and backend
     * where they are not the defaults; IN is the open file (or {@code IN.png}), OUT beside it with "-filtered".
     */
    static String cliLine(EditState s, Path input) {
        String in = input == null ? "IN.png" : input.toString();
        String name = input == null ? "IN.png" : input.getFileName().toString();
        int dot = name.lastIndexOf('.');
        // a float result is written as TIFF only (a PNG or JPEG with --depth float is a usage error)
        String ext = s.depth() == org.convolab.core.OutputDepth.FLOAT ? ".tif" : dot > 0 ? name.substring(dot) : ".png";
        String outName = (dot > 0 ? name.substring(0, dot) : name) + "-filtered" + ext;
        String out = input == null || input.getParent() == null ? outName : input.resolveSibling(outName).toString();
        StringBuilder sb = new StringBuilder("convolab filter ").append(shell(in)).append(" -o ").append(shell(out))
                .append(" --mask=").append(shell(rows(s.mask(), "; "))).append(" --border=").append(s.border().name());
        if (s.divisor() != 1f) {
            sb.append(" --divisor=").append(MaskText.formatWeight(s.divisor()));
        }
        if (s.offset() != 0f) {
            sb.append(" --offset=").append(MaskText.formatWeight(s.offset()));
        }
        if (s.abs()) {
            sb.append(" --abs");
        }
        if (s.strategy() != Strategy.AUTO) {
            sb.append(" --strategy=").append(s.strategy().id());
        }
        if (s.backend() != Backend.AUTO) {
            sb.append(" --backend=").append(s.backend());
        }
        if (s.depth() != org.convolab.core.OutputDepth.SAME) {
            sb.append(" --depth=").append(s.depth());
        }
        return sb.toString();
    }

    /**
     * {@code run("Convolab Convolve...", "mask=[...] border=... strategy=... backend=...");}. The ImageJ command has
     * no divisor: it is folded into the weights; an offset or abs, which it cannot do, is said in a comment.
     */
    static String macroLine(EditState s) {
        Mask m = s.mask();
        if (s.divisor() != 1f) {
            float[] w = m.weights();
            for (int k = 0; k < w.length; k++) {
                w[k] /= s.divisor();
            }
            m = Mask.of(m.width(), m.height(), w);
        }
        String line = "run(\"Convolab Convolve...\", \"mask=[" + rows(m, ";") + "] border=" + s.border().name()
                + " strategy=" + s.strategy().id() + " backend=" + s.backend().toString().toLowerCase(Locale.ROOT) + "\");";
        if (s.offset() != 0f || s.abs()) {
            line += " // not in Convolab Convolve:" + (s.abs() ? " --abs" : "")
                    + (s.offset() != 0f ? " --offset " + MaskText.formatWeight(s.offset()) : "");
        }
        return line;
    }

    private static String rows(Mask m, String separator) {
        StringBuilder sb = new StringBuilder();
        for (int y = 0; y < m.height(); y++) {
            sb.append(y > 0 ? separator : "");
            for (int x = 0; x < m.width(); x++) {
                sb.append(x > 0 ? " " : "").append(MaskText.formatWeight(m.get(x, y)));
            }
        }
        return sb.toString();
    }

    /** A word for POSIX shells: as it is when it is safe, else in single quotes. */
    static String shell(String s) {
        return s.matches("[A-Za-z0-9_./:=+-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }
}
