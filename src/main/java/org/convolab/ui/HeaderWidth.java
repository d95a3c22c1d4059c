package org.convolab.ui;

import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;

/** How wide a table column must be for its header ("Kernel ms\n(median)") to show uncut. */
public final class HeaderWidth {
    private HeaderWidth() {
    }

    /** The width of the header's longest line in the header font, with its padding and room for the sort arrow. */
    public static double of(String title) {
        double widest = 0;
        for (String line : title.split("\n")) {
            Text t = new Text(line);
            t.setFont(Font.font(Font.getDefault().getFamily(), FontWeight.BOLD, Font.getDefault().getSize() + 1));
            widest = Math.max(widest, t.getLayoutBounds().getWidth());
        }
        return Math.ceil(widest + 28);
    }
}
