package org.convolab.ui;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConvolabException;
import org.convolab.core.MaskText;
import org.convolab.core.Strategy;
import org.convolab.core.Backend;

/**
 * What the app remembers between runs (java.util.prefs): window place and size per screen, theme, last folder, recent files and
 * the last settings. Tests use their own node (system property {@code convolab.prefs.node}).
 */
final class AppPreferences {
    private static final int RECENT = 8;
    private final Preferences node;

    AppPreferences() {
        String name = System.getProperty("convolab.prefs.node", "convolab");
        node = Preferences.userRoot().node("org/convolab/" + name);
    }

    /** The window's remembered bounds on a screen (see {@link WindowPlacement#key}), or null. */
    javafx.geometry.Rectangle2D windowBounds(String screen) {
        String v = node.get("window." + screen, null);
        if (v == null) {
            return null;
        }
        try {
            String[] p = v.split(",");
            return new javafx.geometry.Rectangle2D(Double.parseDouble(p[0]), Double.parseDouble(p[1]),
                    Double.parseDouble(p[2]), Double.parseDouble(p[3]));
        } catch (RuntimeException e) {
            return null; // an unreadable entry is forgotten, not an error
        }
    }

    /** Remembers the window's bounds on a screen, and that screen as the last one used. */
    void saveWindow(String screen, javafx.geometry.Rectangle2D b) {
        node.put("window." + screen, b.getMinX() + "," + b.getMinY() + "," + b.getWidth() + "," + b.getHeight());
        node.put("window.screen", screen);
    }

    /** The key of the screen the window was last on, or null. */
    String lastScreen() {
        return node.get("window.screen", null);
    }

    /** The theme name (View > Theme). */
    Theme theme() {
        return Theme.named(node.get("theme", Theme.LIGHT.name()));
    }

    void saveTheme(Theme t) {
        node.put("theme", t.name());
    }

    /** Whether View › Show histograms is on (it is, until the user turns it off). */
    boolean showHistograms() {
        return node.getBoolean("histograms", true);
    }

    /** Whether the histograms show each channel in a strip of its own. */
    boolean histogramsPerChannel() {
        return node.getBoolean("histograms.perChannel", false);
    }

    /** Whether the histograms use a log scale. */
    boolean histogramsLog() {
        return node.getBoolean("histograms.log", false);
    }

    /** Remembers the histogram choices of the View menu. */
    void saveHistograms(boolean shown, boolean perChannel, boolean log) {
        node.putBoolean("histograms", shown);
        node.putBoolean("histograms.perChannel", perChannel);
        node.putBoolean("histograms.log", log);
    }

    Path lastFolder() {
        String f = node.get("folder", null);
        return f != null && Files.isDirectory(Path.of(f)) ? Path.of(f) : null;
    }

    List<Path> recentFiles() {
        List<Path> list = new ArrayList<>();
        for (String s : node.get("recent", "").split("\n")) {
            if (!s.isBlank()) {
                list.add(Path.of(s));
            }
        }
        return list;
    }

    void opened(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        if (abs.getParent() != null) {
            node.put("folder", abs.getParent().toString());
        }
        List<Path> recent = recentFiles();
        recent.remove(abs);
        recent.add(0, abs);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(RECENT, recent.size()); i++) {
            sb.append(recent.get(i)).append('\n');
        }
        node.put("recent", sb.toString());
    }

    /** The last settings, or the initial ones when none were saved or they no longer parse. */
    EditState lastState() {
        EditState d = EditState.initial();
        try {
            String mask = node.get("mask", null);
            if (mask == null) {
                return d;
            }
            return new EditState(MaskText.parse(mask, "saved mask"), BorderPolicy.parse(node.get("border", "mirror")),
                    node.getFloat("divisor", 1f), node.getFloat("offset", 0f), node.getBoolean("abs", false),
                    Strategy.parse(node.get("strategy", "auto")), Backend.valueOf(node.get("backend", "AUTO")),
                    org.convolab.core.OutputDepth.parse(node.get("depth", "same")));
        } catch (ConvolabException | IllegalArgumentException e) {
            return d;
        }
    }

    void saveState(EditState s) {
        String mask = MaskText.format(s.mask());
        // a large mask of long weights is longer than a preference may be: the mask saved before stays
        if (mask.length() <= java.util.prefs.Preferences.MAX_VALUE_LENGTH) {
            node.put("mask", mask);
        }
        node.put("border", s.border().name());
        node.putFloat("divisor", s.divisor());
        node.putFloat("offset", s.offset());
        node.putBoolean("abs", s.abs());
        node.put("strategy", s.strategy().id());
        node.put("backend", s.backend().name());
        node.put("depth", s.depth().toString());
    }

    void flush() {
        try {
            node.flush();
        } catch (BackingStoreException e) {
            // preferences are a convenience; losing them is not an error worth a dialog
        }
    }

    /** Forgets everything (tests). */
    void clear() {
        try {
            node.clear();
        } catch (BackingStoreException e) {
            // nothing to forget then
        }
    }
}
