package org.convolab.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.scene.control.Tab;
import javafx.stage.Stage;
import org.convolab.core.Histogram;
import org.convolab.core.Histogram.Channel;
import org.convolab.core.RgbaImage;
import org.convolab.ui.classroom.ClassroomWindow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The before/after histograms under the images, headless, on the CPU engine. */
@ExtendWith(ApplicationExtension.class)
class HistogramWindowTest {
    private MainWindow window;
    private MainModel model;

    @Start
    void start(Stage stage) {
        window = TestWindows.openOnTheCpu(stage);
        model = window.model();
    }

    /** Red values counted by a plain loop, one bin per value. */
    private static long[] redCounts(RgbaImage img) {
        long[] counts = new long[256];
        for (int p : img.pixels()) {
            counts[(p >>> 16) & 0xff]++;
        }
        return counts;
    }

    /** Waits for the current result and for both histograms to be those of the input and that result. */
    private void settled() {
        UiWait.settled(model);
        UiWait.until(() -> window.histograms.input.histogram.get() != null
                && window.histograms.output.histogram.get() != null
                && window.histograms.output.histogram.get().pixels() == (long) model.outcome().result().image().size()
                && java.util.Arrays.equals(window.histograms.output.histogram.get().channelCounts(Channel.RED),
                        redCounts(model.outcome().result().image())));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void theHistogramsCountTheInputAndTheOutputPixelByPixel() {
        settled();
        RgbaImage in = model.input();
        Histogram h = window.histograms.input.histogram.get();
        assertThat(h.bins()).isEqualTo(256);
        assertThat(h.pixels()).isEqualTo((long) in.width() * in.height());
        long total = 0;
        for (long c : h.channelCounts(Channel.GREEN)) {
            total += c;
        }
        assertThat(total).isEqualTo((long) in.width() * in.height());
        assertThat(h.channelCounts(Channel.RED)).containsExactly(redCounts(in));
        int red = (in.argb(100, 100) >>> 16) & 0xff;
        assertThat(h.count(Channel.RED, red)).isPositive().isEqualTo(redCounts(in)[red]);
        // the box filter smooths: the output's counts differ from the input's, and are its own
        Histogram out = window.histograms.output.histogram.get();
        assertThat(out.channelCounts(Channel.RED)).containsExactly(redCounts(model.outcome().result().image()));
        assertThat(out).isNotEqualTo(h);
    }

    @Test
    void hoveringNamesTheBinAndItsCounts(FxRobot robot) {
        settled();
        robot.moveTo(window.histograms.input);
        WaitForAsyncUtils.waitForFxEvents();
        String text = window.histograms.inputHover.getText();
        Matcher m = Pattern.compile("bin (\\d+) \\(value (\\d+)\\): R (\\d+), G (\\d+), B (\\d+), L (\\d+)").matcher(text);
        assertThat(m.matches()).as(text).isTrue();
        int bin = Integer.parseInt(m.group(1));
        assertThat(bin).isBetween(100, 156); // the pointer is at the view's centre
        assertThat(Integer.parseInt(m.group(2))).isEqualTo(bin);
        Histogram h = window.histograms.input.histogram.get();
        assertThat(Long.parseLong(m.group(3))).isEqualTo(h.count(Channel.RED, bin));
        assertThat(Long.parseLong(m.group(4))).isEqualTo(h.count(Channel.GREEN, bin));
        assertThat(Long.parseLong(m.group(6))).isEqualTo(h.count(Channel.LUMINANCE, bin));
        assertThat(window.histograms.input.hoverTextAt(-1)).isEmpty();
    }

    @Test
    void theViewMenuHidesAndShowsThemAndRemembersIt(FxRobot robot) {
        settled();
        assertThat(window.histograms.row.isVisible()).isTrue();
        robot.interact(() -> window.menus.showHistograms.setSelected(false));
        assertThat(window.histograms.row.isVisible()).isFalse();
        assertThat(window.histograms.row.isManaged()).isFalse();
        assertThat(new AppPreferences().showHistograms()).isFalse();
        robot.interact(() -> {
            window.menus.histogramsPerChannel.setSelected(true);
            window.menus.histogramsLog.setSelected(true);
            window.menus.showHistograms.setSelected(true);
        });
        assertThat(window.histograms.row.isVisible()).isTrue();
        assertThat(window.histograms.output.layout.get()).isEqualTo(HistogramView.Layout.PER_CHANNEL);
        assertThat(window.histograms.input.logScale.get()).isTrue();
        AppPreferences prefs = new AppPreferences();
        assertThat(prefs.showHistograms()).isTrue();
        assertThat(prefs.histogramsPerChannel()).isTrue();
        assertThat(prefs.histogramsLog()).isTrue();
    }

    @Test
    void theClassroomHasAHistogramsTab(FxRobot robot) {
        ClassroomWindow[] c = new ClassroomWindow[1];
        robot.interact(() -> c[0] = window.tools.openClassroom());
        assertThat(c[0].tabs().getTabs()).extracting(Tab::getText).contains("Histograms");
        robot.interact(() -> c[0].stage().close());
    }
}
