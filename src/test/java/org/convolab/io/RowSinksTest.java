package org.convolab.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;
import org.convolab.core.ConvolabException;
import org.convolab.core.SampleFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RowSinksTest {

    @TempDir
    Path dir;

    @Test
    void aNameTakenWhileTheImageIsEncodedSaysTheFileExists() throws Exception {
        Path out = dir.resolve("n01.png");
        // another run (a second batch into the same folder) takes the name after the check, while this one
        // encodes: the atomic link at the end finds it taken
        assertThatThrownBy(() -> RowSinks.write(out, false, 3, 2, new SampleFormat(3, 8), Optional.empty(),
                RowSinks.Options.defaults(), n -> { }, sink -> {
                    try {
                        Files.writeString(out, "the other run's");
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                    sink.writeRow(new int[9]);
                    sink.writeRow(new int[9]);
                }))
                .isInstanceOf(ConvolabException.class)
                .hasMessage("not writing " + out + ": the file exists (use --force to replace it)");
        assertThat(Files.readString(out)).isEqualTo("the other run's");
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("n01.png"); // no temporary file left
        }
    }
}
