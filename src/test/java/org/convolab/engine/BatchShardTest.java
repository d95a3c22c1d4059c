package org.convolab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BatchShardTest {

    private static final Path OUT = Path.of("/data/out");

    private static List<BatchPipeline.Job> jobs(int from, int to) {
        List<BatchPipeline.Job> jobs = new ArrayList<>();
        for (int i = from; i < to; i++) {
            jobs.add(new BatchPipeline.Job(Path.of("/in/d" + i % 7 + "/img" + i + ".png"), OUT.resolve("d" + i % 7 + "/img" + i + ".png")));
        }
        return jobs;
    }

    @Test
    void theNPartsAreDisjointAndCoverEveryJobAndNoneIsEmpty() {
        List<BatchPipeline.Job> all = jobs(0, 500);
        Set<BatchPipeline.Job> seen = new HashSet<>();
        for (int k = 1; k <= 8; k++) {
            List<BatchPipeline.Job> part = new BatchShard(k, 8).select(all, OUT);
            assertThat(part).as("part %d of 8 (about 62 expected)", k).hasSizeBetween(35, 90);
            for (BatchPipeline.Job j : part) {
                assertThat(seen.add(j)).as("%s in two parts", j).isTrue();
            }
        }
        assertThat(seen).containsExactlyInAnyOrderElementsOf(all);
        assertThat(new BatchShard(1, 1).select(all, OUT)).isEqualTo(all);
    }

    @Test
    void addingFilesMovesNoOtherFileAndTheFormatDoesNotMatter() {
        List<BatchPipeline.Job> before = jobs(0, 200);
        List<BatchPipeline.Job> after = new ArrayList<>(jobs(0, 200));
        after.addAll(0, jobs(200, 260));
        for (int k = 1; k <= 5; k++) {
            BatchShard s = new BatchShard(k, 5);
            List<BatchPipeline.Job> kept = new ArrayList<>(s.select(after, OUT));
            kept.retainAll(before);
            assertThat(kept).containsExactlyInAnyOrderElementsOf(s.select(before, OUT));
        }
        BatchShard s = new BatchShard(2, 3);
        assertThat(s.part(BatchShard.key(OUT, OUT.resolve("d1/img3.png"))))
                .isEqualTo(s.part(BatchShard.key(OUT, OUT.resolve("d1/img3.jpg"))));
        assertThat(BatchShard.key(OUT, OUT.resolve("d1/img3.tif"))).isEqualTo("d1/img3");
        assertThat(BatchShard.key(OUT, OUT.resolve(".hidden"))).isEqualTo(".hidden");
    }

    @Test
    void parsesKOverNAndSaysWhatIsWrong() {
        assertThat(BatchShard.parse(" 3/8 ")).isEqualTo(new BatchShard(3, 8));
        assertThatThrownBy(() -> BatchShard.parse("0/8")).hasMessageContaining("out of range");
        assertThatThrownBy(() -> BatchShard.parse("9/8")).hasMessageContaining("K from 1 to N");
        assertThatThrownBy(() -> BatchShard.parse("3")).hasMessage("--shard '3' is not K/N (e.g. 3/8: the third of eight parts, K from 1 to N)");
        assertThatThrownBy(() -> BatchShard.parse("a/b")).hasMessageContaining("is not K/N");
    }
}
