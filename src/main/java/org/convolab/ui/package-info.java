/**
 * The JavaFX desktop app. {@link org.convolab.ui.ConvolabApp} starts it; the main window is a model
 * ({@link org.convolab.ui.MainModel}: the image, the settings with undo, filtering through
 * {@code FilterService}, all as JavaFX properties), the file actions, the menus and
 * the window's layout, whose views only show the model. Sub-packages hold the classroom and compare
 * windows.
 *
 * <p>May import {@code core}, {@code engine} (the one door to the backends) and {@code io}; never
 * {@code cuda} or {@code cpu}. Work on the FX thread; engines run on background threads that
 * {@code EngineProvider} and the services own.
 */
package org.convolab.ui;
