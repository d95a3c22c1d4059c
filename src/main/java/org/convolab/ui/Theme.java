package org.convolab.ui;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import javafx.application.Application;

/**
 * The app's look: AtlantaFX's Primer theme, light or dark, for every window of the app at once
 * (it is the user-agent stylesheet), with Convolab's own few rules on top ({@code convolab.css}).
 */
enum Theme {
    LIGHT("Light", new PrimerLight().getUserAgentStylesheet()),
    DARK("Dark", new PrimerDark().getUserAgentStylesheet());

    /** Convolab's own rules, added to every scene: overlay, mask cells, heat map legend. */
    static final String APP_CSS = Theme.class.getResource("convolab.css").toExternalForm();

    private final String label;
    private final String stylesheet;

    Theme(String label, String stylesheet) {
        this.label = label;
        this.stylesheet = stylesheet;
    }

    /** The menu text. */
    String label() {
        return label;
    }

    /** Makes this the look of every window. */
    void apply() {
        Application.setUserAgentStylesheet(stylesheet);
    }

    /** The theme saved under a name, or light for anything else. */
    static Theme named(String name) {
        for (Theme t : values()) {
            if (t.name().equals(name)) {
                return t;
            }
        }
        return LIGHT;
    }
}
