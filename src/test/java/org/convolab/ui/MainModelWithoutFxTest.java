package org.convolab.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.concurrent.Worker;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.ResultLease;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.cpu.CpuEngine;
import org.convolab.cpu.ReferenceConvolver;
import org.convolab.selftest.TestImages;
import org.junit.jupiter.api.Test;

/**
 * {@link MainModel} driven on the test's thread with a {@link FilterExecutor} that filters there, without the
 * JavaFX toolkit (the window's {@link FilterService} is a JavaFX Service, which refuses any thread but the FX
 * one): edits filter, the status tells what ran, a strategy that does not apply says why, undo filters again.
 */
class MainModelWithoutFxTest {

    /** Filters each request at once on the calling thread (JabRef's CurrentThreadTaskExecutor). */
    static final class DirectExecutor implements FilterExecutor {
        private final ConvolutionEngine engine;
        private long sequence;
        private Consumer<FilterOutcome> done;
        private Consumer<FilterOutcome> preview;
        final List<EditState> ran = new ArrayList<>();

        DirectExecutor(ConvolutionEngine engine) {
            this.engine = engine;
        }

        @Override
        public long submit(RgbaImage image, EditState state) {
            long seq = ++sequence;
            ran.add(state);
            ResultLease r = engine.filterLeased(image, state.spec(), state.strategy());
            FilterOutcome o = FilterOutcome.whole(r, engine.backend(), engine.device(), state, seq);
            preview.accept(o);
            done.accept(o);
            return seq;
        }

        @Override
        public long submit(RgbaImage shown, Job job, EditState state) {
            long seq = ++sequence;
            ran.add(state);
            FilterOutcome o = job.run(engine, seq, Progress.NONE);
            preview.accept(o);
            done.accept(o);
            return seq;
        }

        @Override
        public long latest() {
            return sequence;
        }

        @Override
        public boolean isRunning() {
            return false;
        }

        @Override
        public boolean cancel() {
            return false;
        }

        @Override
        public void setVisibleRegion(Supplier<int[]> region) {
        }

        @Override
        public void setListeners(Consumer<FilterOutcome> done, Consumer<FilterOutcome> preview, Consumer<Throwable> failed) {
            this.done = done;
            this.preview = preview;
        }

        @Override
        public Worker<FilterOutcome> worker() {
            return null;
        }
    }

    @Test
    void editsFilterAndUndoFiltersAgainOnTheCallersThread() {
        try (CpuEngine cpu = new CpuEngine(2)) {
            DirectExecutor direct = new DirectExecutor(cpu);
            MainModel model = new MainModel(new EngineProvider(cpu), EditState.initial(), direct);
            RgbaImage image = TestImages.randomImage(41, 29, new java.util.Random(5));
            model.opened(Path.of("random.png"), image, null, "");

            assertThat(model.outcome()).isNotNull();
            assertThat(model.statusProperty().get()).startsWith("Filtered with ").contains(" on cpu in ");
            FilterSpec first = model.current().spec();
            assertThat(model.outcome().result().image().difference(ReferenceConvolver.filter(image, first)).max()).isLessThanOrEqualTo(1);

            // a separable strategy with a mask that is not: no filter, the status says why
            Mask cross = Mask.of(3, 3, 0, 1, 0, 1, 1, 1, 0, 1, 0);
            model.edit(model.current().withMask(cross).withStrategy(Strategy.SEPARABLE));
            assertThat(direct.ran).hasSize(1);
            assertThat(model.statusProperty().get()).contains("needs a separable (rank-1) mask");

            model.edit(model.current().withStrategy(Strategy.NAIVE));
            assertThat(direct.ran).hasSize(2);
            assertThat(model.outcome().state().mask()).isEqualTo(cross);

            model.undo();
            model.undo();
            assertThat(direct.ran).hasSize(3);
            assertThat(model.outcome().state().spec()).isEqualTo(first);
            boolean[] got = {false};
            assertThat(model.whenCurrent(o -> got[0] = true, why -> { })).isFalse();
            assertThat(got[0]).isTrue();
        }
    }
}
