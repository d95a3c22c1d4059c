package org.convolab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.convolab.core.ConvolabException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BatchPlanTest {

    @TempDir
    Path dir;

    private Path touch(String rel) throws Exception {
        Path f = dir.resolve(rel);
        Files.createDirectories(f.getParent());
        return Files.writeString(f, "x");
    }

    @Test
    void foldersGiveTheirImagesByExtensionAndRecursiveKeepsSubFolders() throws Exception {
        touch("in/b.png");
        touch("in/a.JPG");
        touch("in/notes.txt");
        touch("in/.convolab-123.tmp");
        touch("in/deep/c.tif");
        Path out = dir.resolve("out");
        List<BatchPipeline.Job> flat = BatchPlan.jobs(List.of(dir.resolve("in")), out, "same", false);
        assertThat(flat).extracting(j -> dir.relativize(j.output()).toString()).containsExactly("out/a.JPG", "out/b.png");
        List<BatchPipeline.Job> deep = BatchPlan.jobs(List.of(dir.resolve("in")), out, "png", true);
        assertThat(deep).extracting(j -> dir.relativize(j.output()).toString())
                .containsExactly("out/a.png", "out/b.png", "out/deep/c.png");
        assertThat(deep).allSatisfy(j -> assertThat(j.refusal()).isNull());
    }

    @Test
    void theSecondInputForAnOutputNameIsRefusedNotOverwritten() throws Exception {
        Path a = touch("x/photo.png");
        Path b = touch("y/photo.png");
        List<BatchPipeline.Job> jobs = BatchPlan.jobs(List.of(a, b), dir.resolve("out"), "same", false);
        assertThat(jobs.get(0).refusal()).isNull();
        assertThat(jobs.get(1).refusal()).contains("already the one of " + a);
    }

    @Test
    void anInputIsNeverItsOwnOutputAndMissingInputsAreRefused() throws Exception {
        Path a = touch("in/a.png");
        List<BatchPipeline.Job> jobs = BatchPlan.jobs(List.of(a, dir.resolve("gone.png")), dir.resolve("in"), "same", false);
        assertThat(jobs.get(0).refusal()).contains("refusing to overwrite the input");
        assertThat(jobs.get(1).refusal()).contains("no such file");
    }

    @Test
    void anOutputFolderInsideTheInputIsNotReadBack() throws Exception {
        touch("in/a.png");
        touch("in/out/a.png"); // last run's result
        List<BatchPipeline.Job> jobs = BatchPlan.jobs(List.of(dir.resolve("in")), dir.resolve("in/out"), "same", true);
        assertThat(jobs).extracting(j -> dir.relativize(j.input()).toString()).containsExactly("in/a.png");
    }

    @Test
    void noOutputReplacesAnyInputOfTheBatchWhateverTheFormat() throws Exception {
        // a.jpg's PNG result would be in/a.png, which is itself an input (the round-three loss)
        Path a = touch("in/a.png");
        touch("in/a.jpg");
        touch("in/b.jpg");
        List<BatchPipeline.Job> jobs = BatchPlan.jobs(List.of(dir.resolve("in")), dir.resolve("in"), "png", false);
        assertThat(jobs).extracting(j -> dir.relativize(j.input()).toString()).containsExactly("in/a.jpg", "in/a.png", "in/b.jpg");
        assertThat(jobs.get(0).refusal()).contains("refusing to overwrite an input of this batch");
        assertThat(jobs.get(1).refusal()).contains("refusing to overwrite the input file " + a);
        assertThat(jobs.get(2).refusal()).isNull();
        assertThat(dir.relativize(jobs.get(2).output())).hasToString("in/b.png");
    }

    @Test
    void anOutputFolderReachedThroughALinkIsStillInsideTheInput() throws Exception {
        touch("data/Pictures/a.png");
        touch("data/Pictures/filtered/a.png"); // the last run's result
        Path home = Files.createDirectories(dir.resolve("home"));
        Files.createSymbolicLink(home.resolve("Pictures"), dir.resolve("data/Pictures"));
        List<BatchPipeline.Job> jobs = BatchPlan.jobs(List.of(dir.resolve("data/Pictures")),
                home.resolve("Pictures/filtered"), "same", true);
        assertThat(jobs).extracting(j -> dir.relativize(j.input()).toString()).containsExactly("data/Pictures/a.png");
    }

    @Test
    void aLinkedFolderIsWalkedRecursivelyAndALoopOfLinksOnce() throws Exception {
        touch("data/Pictures/a.png");
        touch("data/Pictures/deep/b.png");
        Files.createSymbolicLink(dir.resolve("data/Pictures/deep/up"), dir.resolve("data/Pictures")); // a loop
        Path home = Files.createDirectories(dir.resolve("home"));
        Path pics = Files.createSymbolicLink(home.resolve("Pictures"), dir.resolve("data/Pictures"));
        List<BatchPipeline.Job> jobs = BatchPlan.jobs(List.of(pics), dir.resolve("out"), "same", true);
        assertThat(jobs).extracting(j -> pics.relativize(j.input()).toString()).containsExactly("a.png", "deep/b.png");
        assertThat(jobs).allSatisfy(j -> assertThat(j.refusal()).isNull());
    }

    @Test
    void formatsAndNames() {
        assertThat(BatchPlan.outputName(Path.of("a.b.gif"), "same")).isEqualTo("a.b.png");
        assertThat(BatchPlan.outputName(Path.of("a.jpeg"), "same")).isEqualTo("a.jpeg");
        assertThat(BatchPlan.outputName(Path.of("a.jpeg"), "tif")).isEqualTo("a.tif");
        assertThatThrownBy(() -> BatchPlan.jobs(List.of(dir), dir.resolve("o"), "webp", false))
                .isInstanceOf(ConvolabException.class).hasMessageContaining("unknown format 'webp'");
    }
}
