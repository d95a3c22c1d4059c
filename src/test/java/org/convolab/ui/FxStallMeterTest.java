package org.convolab.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.locks.LockSupport;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The stall meter that BigImageWindowTest bounds the window with sees what it is meant to: work done on the FX thread
 * as that thread's own time, and a wait inside Convolab's code as a wait; and it leaves out a thread that merely idles.
 */
@ExtendWith(ApplicationExtension.class)
class FxStallMeterTest {
    @Start
    void start(Stage stage) {
        stage.show();
    }

    @Test
    void countsWorkOnTheFxThreadAsItsOwn(FxRobot robot) {
        FxStallMeter meter = new FxStallMeter();
        robot.interact(meter::start);
        robot.interact(() -> {
            // 600 ms of the thread's own CPU, however long the machine takes to give it
            java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
            long cpuEnd = threads.getCurrentThreadCpuTime() + 600_000_000L;
            long wallEnd = System.nanoTime() + 10_000_000_000L;
            long sink = 0;
            while (threads.getCurrentThreadCpuTime() < cpuEnd && System.nanoTime() < wallEnd) {
                for (int i = 0; i < 200_000; i++) { // the clock read is a system call: keep its share small
                    sink += Long.numberOfTrailingZeros(sink + i);
                }
            }
            assertThat(sink).isNotNegative();
        });
        robot.interact(meter::stop);
        assertThat(meter.longestMs()).isGreaterThanOrEqualTo(600);
        // user time comes in ticks of 10 ms, and some of the loop's time is the kernel's
        assertThat(meter.longestUserMs()).as(meter.seen()).isGreaterThan(400);
        assertThat(meter.longestAppWaitMs()).as(meter.seen()).isLessThan(100);
    }

    @Test
    void countsAWaitInConvolabsCodeAsTheWindowsWait(FxRobot robot) {
        FxStallMeter meter = new FxStallMeter();
        robot.interact(meter::start);
        robot.interact(() -> LockSupport.parkNanos(800_000_000L));
        robot.interact(meter::stop);
        assertThat(meter.longestMs()).isGreaterThanOrEqualTo(700);
        assertThat(meter.longestAppWaitMs()).as(meter.seen()).isGreaterThan(400);
        assertThat(meter.longestUserMs()).as(meter.seen()).isLessThan(300);
        assertThat(meter.seen()).contains("FxStallMeterTest");
    }

    @Test
    void leavesOutAThreadThatIdles(FxRobot robot) throws InterruptedException {
        FxStallMeter meter = new FxStallMeter();
        robot.interact(meter::start);
        Thread.sleep(500);
        robot.interact(meter::stop);
        assertThat(meter.longestAppWaitMs()).as(meter.seen()).isZero();
        assertThat(meter.longestUserMs()).as(meter.seen()).isLessThan(300);
    }
}
