package org.convolab.ui;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.stage.Stage;
import org.convolab.core.MaskPresets;
import org.convolab.core.Backend;
import org.testfx.util.WaitForAsyncUtils;

/** What the window tests share: a main window on the CPU engine, and waiting for a condition. */
final class WindowTests {
    private WindowTests() {
    }

    /** The main window in the stage, with fresh preferences, on the CPU engine with a 3x3 box mask. */
    static MainWindow openOnCpu(Stage stage) {
        new AppPreferences().clear();
        MainWindow window = ConvolabApp.open(stage, null);
        MainModel model = window.model();
        model.edit(model.current().withBackend(Backend.CPU).withMask(MaskPresets.parse("box:3")));
        return window;
    }

    /** The main window shown in the stage, with fresh preferences, on a test's engine with a 3x3 box mask. */
    static MainWindow openWith(Stage stage, org.convolab.core.ConvolutionEngine engine) {
        new AppPreferences().clear();
        MainWindow window = new MainWindow(stage, new EngineProvider(engine), new AppPreferences());
        stage.show();
        window.model().edit(window.model().current().withBackend(Backend.CPU).withMask(MaskPresets.parse("box:3")));
        return window;
    }

    /** Waits until the condition holds, failing the test after the given seconds. */
    static void waitUntil(int seconds, BooleanSupplier condition) {
        try {
            WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, condition::getAsBoolean);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("timed out", e);
        }
    }
}
