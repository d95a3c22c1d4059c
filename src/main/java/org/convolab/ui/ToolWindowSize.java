package org.convolab.ui;

import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Window;

/**
 * The size a tool window (Compare, Classroom) opens at: the size it wants, but never larger than the
 * screen its owner is on (a 1000x760 window on a 1280x720 screen had its tabs above the screen's top).
 */
public final class ToolWindowSize {
    private ToolWindowSize() {
    }

    /** {width, height}: the wanted size, within the owner's screen less a margin for the title bar. */
    public static double[] fit(Window owner, double width, double height) {
        Rectangle2D screen = Screen.getScreensForRectangle(owner.getX(), owner.getY(), Math.max(1, owner.getWidth()),
                Math.max(1, owner.getHeight())).stream().findFirst().orElse(Screen.getPrimary()).getVisualBounds();
        return new double[] {Math.min(width, screen.getWidth() - 20), Math.min(height, screen.getHeight() - 60)};
    }
}
