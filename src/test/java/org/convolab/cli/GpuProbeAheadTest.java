package org.convolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which command lines start the CUDA probe ahead of picocli ({@link Cli#mayUseGpu}). */
class GpuProbeAheadTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "filter a.png -o b.png                 | true",
        "batch in -o out --backend cuda        | true",
        "batch in -o out --backend cpu         | false",
        "filter a.png -o b.png --backend=cpu   | false",
        "bench --backend auto                  | true",
        "gui                                   | true",
        "explain --tile 16                     | false",
        "masks                                 | false",
        "filter a.png -o cpu --backend cuda    | true",
    })
    void probesOnlyWhereAGpuMayBeOpened(String line, boolean expected) {
        assertThat(Cli.mayUseGpu(line.trim().split("\\s+"))).isEqualTo(expected);
    }

    @org.junit.jupiter.api.Test
    void noArgumentsProbeNothing() {
        assertThat(Cli.mayUseGpu(new String[0])).isFalse();
    }
}
