package org.convolab.ui;

import java.util.Locale;
import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;

/**
 * Where the main window opens: on the screen it was last closed on (or the primary screen), at its
 * remembered place and size for that screen, clamped so the whole window is on the screen. Without
 * a remembered place it takes most of the screen, centred, up to 1400 x 900.
 */
final class WindowPlacement {
    static final double DEFAULT_WIDTH = 1400;
    static final double DEFAULT_HEIGHT = 900;
    /** The smallest useful window; smaller screens get the whole screen. */
    static final double MIN_WIDTH = 900;
    static final double MIN_HEIGHT = 560;

    private WindowPlacement() {
    }

    /**
     * The window's bounds on a screen (its visual bounds, without task bars).
     *
     * @param saved the remembered bounds on this screen, or null
     */
    static Rectangle2D place(Rectangle2D screen, Rectangle2D saved) {
        double w;
        double h;
        if (saved == null) {
            w = Math.min(DEFAULT_WIDTH, Math.round(screen.getWidth() * 0.92));
            h = Math.min(DEFAULT_HEIGHT, Math.round(screen.getHeight() * 0.92));
        } else {
            w = saved.getWidth();
            h = saved.getHeight();
        }
        w = Math.min(screen.getWidth(), Math.max(Math.min(MIN_WIDTH, screen.getWidth()), w));
        h = Math.min(screen.getHeight(), Math.max(Math.min(MIN_HEIGHT, screen.getHeight()), h));
        double x = saved == null ? screen.getMinX() + (screen.getWidth() - w) / 2 : saved.getMinX();
        double y = saved == null ? screen.getMinY() + (screen.getHeight() - h) / 2 : saved.getMinY();
        x = Math.max(screen.getMinX(), Math.min(screen.getMaxX() - w, x));
        y = Math.max(screen.getMinY(), Math.min(screen.getMaxY() - h, y));
        return new Rectangle2D(x, y, w, h);
    }

    /** A name for a screen that survives restarts: its bounds. */
    static String key(Rectangle2D screenBounds) {
        return String.format(Locale.ROOT, "%.0fx%.0f@%.0f,%.0f", screenBounds.getWidth(), screenBounds.getHeight(),
                screenBounds.getMinX(), screenBounds.getMinY());
    }

    /** The screen to open on: the one last used when it is still there, else the primary one. */
    static Screen screen(AppPreferences prefs) {
        String last = prefs.lastScreen();
        for (Screen s : Screen.getScreens()) {
            if (key(s.getBounds()).equals(last)) {
                return s;
            }
        }
        return Screen.getPrimary();
    }

    /** Places the stage on a screen from what the preferences remember for it. */
    static void apply(Stage stage, Screen screen, AppPreferences prefs) {
        Rectangle2D b = place(screen.getVisualBounds(), prefs.windowBounds(key(screen.getBounds())));
        stage.setX(b.getMinX());
        stage.setY(b.getMinY());
        stage.setWidth(b.getWidth());
        stage.setHeight(b.getHeight());
    }

    /** Remembers the stage's place and size for the screen its centre is on. */
    static void remember(Stage stage, AppPreferences prefs) {
        double cx = stage.getX() + stage.getWidth() / 2;
        double cy = stage.getY() + stage.getHeight() / 2;
        var screens = Screen.getScreensForRectangle(cx, cy, 1, 1);
        Screen s = screens.isEmpty() ? Screen.getPrimary() : screens.get(0);
        String key = key(s.getBounds());
        prefs.saveWindow(key, new Rectangle2D(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight()));
    }
}
