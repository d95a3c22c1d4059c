package org.convolab.ui;

import javafx.concurrent.Service;
import javafx.concurrent.Task;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterResult;
import org.convolab.core.RgbaImage;

/**
 * Runs filters off the FX thread, one at a time, newest first. {@link #submit} replaces the pending
 * request and restarts the service: a request still waiting is dropped, one already running finishes
 * but its result is ignored (the service reports only the current task, and each outcome carries its
 * sequence number so an older one can never overtake a newer one).
 */
final class FilterService extends Service<FilterOutcome> {

    /** One request: immutable inputs. */
    private record Request(RgbaImage image, EditState state, long sequence) {
    }

    private final EngineProvider engines;
    private volatile Request pending;
    private long sequence;

    FilterService(EngineProvider engines) {
        this.engines = engines;
        setExecutor(BackgroundThreads.single("convolab-filter"));
    }

    /** Filters the image with the state, replacing any request not yet shown. Call on the FX thread. */
    long submit(RgbaImage image, EditState state) {
        pending = new Request(image, state, ++sequence);
        restart();
        return sequence;
    }

    /** The number of the newest request. */
    long latest() {
        return sequence;
    }

    @Override
    protected Task<FilterOutcome> createTask() {
        Request r = pending;
        return new Task<>() {
            @Override
            protected FilterOutcome call() {
                if (isCancelled() || r == null) {
                    return null;
                }
                ConvolutionEngine engine = engines.engine(r.state().backend());
                FilterResult result = engine.filter(r.image(), r.state().spec(), r.state().strategy());
                if (isCancelled()) {
                    return null;
                }
                return new FilterOutcome(result, engine.backend(), engine.device(), r.state(), r.sequence(),
                        FxImages.toFx(result.image()));
            }
        };
    }
}
