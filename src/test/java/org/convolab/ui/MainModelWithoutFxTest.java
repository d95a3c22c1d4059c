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

    /**
     * A stack without the toolkit: its first slice filtered on open, another slice after a move, the whole stack on
     * demand (then the move shows its page, no new filter), and a 3D mask's slice as the middle of the 3D filter.
     */
    @Test
    void aStackIsBrowsedAndFilteredWholeOnTheCallersThread() {
        int w = 23;
        int h = 17;
        org.convolab.core.SampleFormat f = new org.convolab.core.SampleFormat(1, 16);
        java.util.Random rnd = new java.util.Random(9);
        SampleImage[] pages = new SampleImage[4];
        for (int p = 0; p < pages.length; p++) {
            int[] px = new int[w * h];
            for (int i = 0; i < px.length; i++) {
                px[i] = rnd.nextInt(65536);
            }
            pages[p] = new SampleImage(w, h, f, px);
        }
        ImageStack stack = new ImageStack("s.tif", pages, org.convolab.io.Hyperstack.slices(4), java.util.Optional.empty());
        try (CpuEngine cpu = new CpuEngine(2)) {
            DirectExecutor direct = new DirectExecutor(cpu);
            MainModel model = new MainModel(new EngineProvider(cpu), EditState.initial(), direct);
            model.openedStack(Path.of("s.tif"), stack, pages[0].render(DisplayRange.initial(pages)), null);
            assertThat(model.outcome().stack().label()).isEqualTo("slice z 1/4");
            model.showSlice(0, 2, 0);
            assertThat(model.samples()).isSameAs(pages[2]);
            assertThat(model.outcome().samples().samples()).isEqualTo(FilterService.filterSamples(cpu, pages[2], model.current(), 0)
                    .samples().samples());
            int runs = direct.ran.size();
            model.filterWholeStack();
            FilteredStack whole = model.stack().filtered(model.current());
            assertThat(whole).isNotNull();
            model.showSlice(0, 1, 0);
            assertThat(direct.ran).as("the page of the filtered stack: no filter run for the move").hasSize(runs + 2);
            assertThat(model.outcome().samples()).isSameAs(whole.stack().pages()[1]);

            model.masks().applyPreset("box3d:3");
            float[] voxels = new float[w * h * 4];
            for (int i = 0; i < voxels.length; i++) {
                voxels[i] = pages[i / (w * h)].samples()[i % (w * h)];
            }
            double[] ref = org.convolab.cpu.VolumeReference.correlate(voxels, w, h, 4, model.current().volume(),
                    model.current().border());
            int[] got = model.outcome().samples().samples();
            for (int i = 0; i < got.length; i++) {
                assertThat((double) got[i]).isCloseTo(ref[w * h + i], org.assertj.core.data.Offset.offset(1.0));
            }
        }
    }
}
