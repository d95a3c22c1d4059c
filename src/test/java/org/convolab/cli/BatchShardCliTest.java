package org.convolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.convolab.core.RgbaImage;
import org.convolab.io.ImageFiles;
import org.convolab.io.SyntheticImages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code batch --shard K/N}: N parts write exactly what one batch writes, and a part re-run resumes. */
class BatchShardCliTest {

    @TempDir
    Path dir;

    private static CliTest.Run batch(Path in, Path out, String... more) {
        String[] base = {"batch", in.toString(), "-o", out.toString(), "--recursive", "--mask", "gaussian:1", "--backend", "cpu",
                "--jobs", "2"};
        String[] all = new String[base.length + more.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return CliTest.run(all);
    }

    /** Each file under a folder, by relative path, with its bytes' hash. */
    private static Map<String, Integer> tree(Path root) throws Exception {
        Map<String, Integer> files = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path f : s.filter(Files::isRegularFile).toList()) {
                files.put(root.relativize(f).toString(), java.util.Arrays.hashCode(Files.readAllBytes(f)));
            }
        }
        return files;
    }

    @Test
    void threePartsWriteExactlyTheOutputsOfOneBatch() throws Exception {
        Path in = dir.resolve("in");
        Files.createDirectories(in.resolve("sub"));
        for (int i = 0; i < 14; i++) {
            RgbaImage img = SyntheticImages.checkerboard(20 + i, 15, 1 + i % 4);
            ImageFiles.write(img, in.resolve((i % 3 == 0 ? "sub/" : "") + "img" + i + ".png"), false);
        }
        CliTest.Run whole = batch(in, dir.resolve("whole"));
        assertThat(whole.code()).as(whole.err()).isZero();

        Path parts = dir.resolve("parts");
        int total = 0;
        for (int k = 1; k <= 3; k++) {
            CliTest.Run r = batch(in, parts, "--shard", k + "/3");
            assertThat(r.code()).as(r.err()).isZero();
            assertThat(r.out()).containsPattern("shard " + k + "/3: \\d+ of 14 files");
            total += Integer.parseInt(r.out().replaceAll("(?s).*shard " + k + "/3: (\\d+) of.*", "$1"));
        }
        assertThat(total).isEqualTo(14);
        assertThat(tree(parts)).isEqualTo(tree(dir.resolve("whole"))).hasSize(14);

        // a part run again finds its files done and writes nothing new
        CliTest.Run again = batch(in, parts, "--shard", "2/3");
        assertThat(again.code()).isZero();
        assertThat(again.out()).doesNotContain("done ").contains("0 done");
    }

    @Test
    void aBadShardIsAUsageError() {
        CliTest.Run r = CliTest.run("batch", dir.toString(), "-o", dir.resolve("o").toString(), "--mask", "box:3", "--shard", "4/3");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--shard 4/3 is out of range");
        assertThat(dir.resolve("o")).doesNotExist();
    }
}
