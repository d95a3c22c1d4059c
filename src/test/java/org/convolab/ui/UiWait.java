package org.convolab.ui;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import org.testfx.util.WaitForAsyncUtils;

/** Waiting in the window tests: for a condition, and for the window to show its current settings. */
final class UiWait {
    private UiWait() {
    }

    /** Waits up to 60 s for a condition (checked on the test thread). */
    static void until(BooleanSupplier condition) {
        try {
            WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, condition::getAsBoolean);
        } catch (TimeoutException e) {
            throw new AssertionError("timed out", e);
        }
    }

    /** Waits until the model shows a filter result of its current settings, and the FX thread is idle. */
    static void settled(MainModel model) {
        until(() -> model.outcome() != null && model.outcome().state().equals(model.current()));
        WaitForAsyncUtils.waitForFxEvents();
    }
}
