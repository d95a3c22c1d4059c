package org.convolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonParser;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProgressTest {

    @Test
    void plainLinesCountTheWorkAndEstimateWhatIsLeft() {
        StringWriter sink = new StringWriter();
        try (Progress p = Progress.lines("batch", 4, "files", new PrintWriter(sink), Duration.ZERO)) {
            p.step(1, "3.0 MP/s");
            p.step(3, "");
        }
        String[] lines = sink.toString().split("\\R");
        assertThat(lines).hasSize(2);
        assertThat(lines[0]).startsWith("batch: 1/4 files (25%), ").contains(" left, 3.0 MP/s");
        assertThat(lines[1]).startsWith("batch: 4/4 files (100%), ").doesNotContain("left");
    }

    @Test
    void percentProgressMovesOnlyForwardAndLinesWaitForTheInterval() {
        StringWriter sink = new StringWriter();
        Progress p = Progress.lines("selftest", 100, "%", new PrintWriter(sink), Duration.ZERO);
        p.stepTo(40, "");
        p.stepTo(30, "");
        assertThat(sink.toString()).startsWith("selftest: 40%, ");
        assertThat(sink.toString().split("\\R")).hasSize(1);
        StringWriter quiet = new StringWriter();
        Progress slow = Progress.lines("soak", 10, "filters", new PrintWriter(quiet), Duration.ofHours(1));
        slow.step(5, "");
        assertThat(quiet.toString()).isEmpty();
        assertThat(Progress.duration(75)).isEqualTo("1 min 15 s");
        assertThat(Progress.duration(7300)).isEqualTo("2 h 1 min");
    }

    @Test
    void benchOnTheCpuDefaultsToASizeThatTakesSeconds() {
        CliTest.Run r = CliTest.run("bench", "--backend", "cpu", "--radius", "1", "--strategy", "naive", "--repeat", "1",
                "--warmup", "0", "--format", "json");
        assertThat(r.code()).as(r.err()).isZero();
        var row = JsonParser.parseString(r.out()).getAsJsonArray().get(0).getAsJsonObject();
        assertThat(row.get("width").getAsInt()).isEqualTo(1024);
        assertThat(row.get("height").getAsInt()).isEqualTo(1024);
        assertThat(BenchCommand.CPU_DEFAULT_SIZE).isEqualTo("1024x1024");
    }
}
