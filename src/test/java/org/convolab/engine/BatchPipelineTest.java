package org.convolab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConvolabException;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterSpec;
import org.convolab.core.MaskPresets;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.cpu.CpuEngine;
import org.convolab.cpu.ReferenceConvolver;

import org.convolab.io.ImageFiles;
import org.convolab.io.SyntheticImages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BatchPipelineTest {

    @TempDir
    Path dir;

    /** Stages on strings: "decoding" reads the file's text, filtering upper-cases it, encoding writes it. */
    static final class TextStages implements BatchPipeline.Stages<String, String> {
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger maxInFlight = new AtomicInteger();
        final List<String> filteredOn = Collections.synchronizedList(new ArrayList<>());

        @Override
        public String decode(Path input) {
            try {
                String s = Files.readString(input);
                if (s.startsWith("bad")) {
                    throw new ConvolabException("cannot decode " + input.getFileName() + ": bad data");
                }
                maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                Thread.sleep(s.length() % 3); // finish out of order
                return s;
            } catch (java.io.IOException e) {
                throw new ConvolabException("cannot read " + input);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public String filter(ConvolutionEngine engine, String decoded) {
            filteredOn.add(System.identityHashCode(engine) + "@" + Thread.currentThread().getName());
            return decoded.toUpperCase();
        }

        @Override
        public void encode(String filtered, Path output, boolean replace) {
            try {
                Files.writeString(output, filtered);
                inFlight.decrementAndGet();
            } catch (java.io.IOException e) {
                throw new ConvolabException("cannot write " + output);
            }
        }

        @Override
        public long pixels(String decoded) {
            return decoded.length();
        }
    }

    private List<BatchPipeline.Job> textJobs(int n) throws Exception {
        List<BatchPipeline.Job> jobs = new ArrayList<>();
        Files.createDirectories(dir.resolve("out"));
        for (int i = 0; i < n; i++) {
            Path in = Files.writeString(dir.resolve("in" + i + ".txt"), (i == 3 ? "bad " : "file ") + i);
            jobs.add(new BatchPipeline.Job(in, dir.resolve("out").resolve("in" + i + ".txt")));
        }
        return jobs;
    }

    @Test
    void everyOutputIsItsOwnInputFilteredAndOutcomesKeepTheJobOrder() throws Exception {
        List<BatchPipeline.Job> jobs = textJobs(40);
        TextStages stages = new TextStages();
        List<BatchPipeline.Outcome> heard = Collections.synchronizedList(new ArrayList<>());
        BatchPipeline.Result r = new BatchPipeline<>(stages, List.of(new CpuEngine()), 3, false, heard::add).run(jobs);
        assertThat(r.cancelled()).isFalse();
        assertThat(r.outcomes()).hasSize(40);
        for (int i = 0; i < 40; i++) {
            BatchPipeline.Outcome o = r.outcomes().get(i);
            assertThat(o.job()).isEqualTo(jobs.get(i));
            if (i == 3) {
                assertThat(o.status()).isEqualTo(BatchPipeline.Status.FAILED);
                assertThat(o.message()).isEqualTo("cannot decode in3.txt: bad data");
                assertThat(jobs.get(i).output()).doesNotExist();
            } else {
                assertThat(o.status()).isEqualTo(BatchPipeline.Status.DONE);
                assertThat(Files.readString(jobs.get(i).output())).isEqualTo("FILE " + i);
            }
        }
        assertThat(heard).hasSize(40);
        assertThat(r.count(BatchPipeline.Status.DONE)).isEqualTo(39);
        assertThat(r.count(BatchPipeline.Status.FAILED)).isEqualTo(1);
        // bounded: the codec threads plus two per engine at most
        assertThat(stages.maxInFlight.get()).isLessThanOrEqualTo(3 + 2);
    }

    @Test
    void existingOutputsAreSkippedUnlessForced() throws Exception {
        List<BatchPipeline.Job> jobs = textJobs(5);
        Files.writeString(jobs.get(1).output(), "old");
        BatchPipeline.Result r = new BatchPipeline<>(new TextStages(), List.of(new CpuEngine()), 2, false, o -> { }).run(jobs);
        assertThat(r.outcomes().get(1).status()).isEqualTo(BatchPipeline.Status.SKIPPED);
        assertThat(r.outcomes().get(1).message()).contains("exists (use --force");
        assertThat(Files.readString(jobs.get(1).output())).isEqualTo("old");
        assertThat(r.count(BatchPipeline.Status.SKIPPED)).isEqualTo(1);

        BatchPipeline.Result forced = new BatchPipeline<>(new TextStages(), List.of(new CpuEngine()), 2, true, o -> { }).run(jobs);
        assertThat(forced.outcomes().get(1).status()).isEqualTo(BatchPipeline.Status.DONE);
        assertThat(Files.readString(jobs.get(1).output())).isEqualTo("FILE 1");
        assertThat(forced.count(BatchPipeline.Status.SKIPPED)).isZero();
    }

    @Test
    void refusedJobsFailWithoutWorkAndTheOthersGoOn() throws Exception {
        List<BatchPipeline.Job> jobs = new ArrayList<>(textJobs(3));
        jobs.set(1, new BatchPipeline.Job(jobs.get(1).input(), jobs.get(1).output(), "not writing it: taken"));
        BatchPipeline.Result r = new BatchPipeline<>(new TextStages(), List.of(new CpuEngine()), 2, false, o -> { }).run(jobs);
        assertThat(r.outcomes().get(1).status()).isEqualTo(BatchPipeline.Status.FAILED);
        assertThat(r.outcomes().get(1).message()).isEqualTo("not writing it: taken");
        assertThat(jobs.get(1).output()).doesNotExist();
        assertThat(r.outcomes().get(0).status()).isEqualTo(BatchPipeline.Status.DONE);
        assertThat(r.outcomes().get(2).status()).isEqualTo(BatchPipeline.Status.DONE);
    }

    @Test
    void eachEngineIsFedFromItsOwnThread() throws Exception {
        List<BatchPipeline.Job> jobs = textJobs(30);
        TextStages stages = new TextStages();
        try (CpuEngine a = new CpuEngine(); CpuEngine b = new CpuEngine()) {
            new BatchPipeline<>(stages, List.of(a, b), 2, false, o -> { }).run(jobs);
        }
        // one worker thread per engine: an engine is only ever called from its own thread
        var threadsPerEngine = stages.filteredOn.stream().collect(java.util.stream.Collectors.groupingBy(
                s -> s.substring(0, s.indexOf('@')), java.util.stream.Collectors.mapping(s -> s.substring(s.indexOf('@')),
                        java.util.stream.Collectors.toSet())));
        assertThat(threadsPerEngine.values()).allSatisfy(threads -> assertThat(threads).hasSize(1));
        assertThat(stages.filteredOn).hasSize(29) // in3 fails to decode
                .allSatisfy(s -> assertThat(s).contains("convolab-engine-"));
    }

    @Test
    void cancelStopsTheBatchAndLeavesOnlyWholeFilesAndNoTemporaryOnes() throws Exception {
        Path in = dir.resolve("in");
        Path out = dir.resolve("out");
        Files.createDirectories(in);
        Files.createDirectories(out);
        List<BatchPipeline.Job> jobs = new ArrayList<>();
        RgbaImage photo = SyntheticImages.gradient(900, 700);
        for (int i = 0; i < 30; i++) {
            Path f = in.resolve("p" + i + ".png");
            ImageFiles.write(photo, f, false);
            jobs.add(new BatchPipeline.Job(f, out.resolve("p" + i + ".png")));
        }
        FilterSpec spec = FilterSpec.of(MaskPresets.parse("gaussian:1:5"), BorderPolicy.parse("mirror"));
        CountDownLatch firstDone = new CountDownLatch(1);
        try (CpuEngine engine = new CpuEngine()) {
            BatchPipeline<FaithfulFileStages.Opened, FaithfulFileStages.Filtered> p = new BatchPipeline<>(new FaithfulFileStages(spec,
                    Strategy.AUTO, Long.MAX_VALUE, org.convolab.io.RowSinks.Options.defaults(), n -> { }), List.of(engine), 2, false,
                    o -> firstDone.countDown());
            Thread canceller = new Thread(() -> {
                try {
                    firstDone.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    return;
                }
                p.cancel();
            });
            canceller.start();
            BatchPipeline.Result r = p.run(jobs);
            canceller.join();
            assertThat(p.awaitStopped(Duration.ofSeconds(1))).isTrue();
            assertThat(r.cancelled()).isTrue();
            long done = r.count(BatchPipeline.Status.DONE);
            assertThat(done).isBetween(1L, 29L);
            assertThat(r.count(BatchPipeline.Status.FAILED)).isZero();
            List<Path> left;
            try (Stream<Path> s = Files.list(out)) {
                left = s.toList();
            }
            assertThat(left).hasSize((int) done).allSatisfy(f -> assertThat(f.getFileName().toString()).doesNotStartWith(".convolab-"));
            RgbaImage expected = ReferenceConvolver.filter(photo, spec);
            for (Path f : left) {
                assertThat(ImageFiles.read(f).maxDifference(expected)).isLessThanOrEqualTo(1);
            }
        }
    }

    @Test
    void anOutputAnotherRunWritesMeanwhileIsSkippedNotFailed() throws Exception {
        RgbaImage image = SyntheticImages.gradient(30, 20);
        RgbaImage theirs = SyntheticImages.gradient(7, 5);
        Path in = Files.createDirectories(dir.resolve("in"));
        Path out = Files.createDirectories(dir.resolve("out"));
        ImageFiles.write(image, in.resolve("n01.png"), false);
        ImageFiles.write(image, in.resolve("n02.png"), false);
        FaithfulFileStages real = new FaithfulFileStages(FilterSpec.of(MaskPresets.parse("box:3"), BorderPolicy.parse("mirror")),
                Strategy.AUTO, 1_000_000, org.convolab.io.RowSinks.Options.defaults(), n -> { });
        // a second batch into the same folder writes each output after this one checked it and before it encodes
        BatchPipeline.Stages<FaithfulFileStages.Opened, FaithfulFileStages.Filtered> racing = new BatchPipeline.Stages<>() {
            @Override
            public FaithfulFileStages.Opened decode(Path input) {
                return real.decode(input);
            }

            @Override
            public FaithfulFileStages.Filtered filter(ConvolutionEngine engine, FaithfulFileStages.Opened decoded) {
                return real.filter(engine, decoded);
            }

            @Override
            public void encode(FaithfulFileStages.Filtered filtered, Path output, boolean replace) {
                ImageFiles.write(theirs, output, false);
                real.encode(filtered, output, replace);
            }

            @Override
            public long pixels(FaithfulFileStages.Opened decoded) {
                return real.pixels(decoded);
            }
        };
        List<BatchPipeline.Job> jobs = List.of(new BatchPipeline.Job(in.resolve("n01.png"), out.resolve("n01.png")),
                new BatchPipeline.Job(in.resolve("n02.png"), out.resolve("n02.png")));
        BatchPipeline.Result r;
        try (CpuEngine engine = new CpuEngine()) {
            r = new BatchPipeline<>(racing, List.of(engine), 2, false, o -> { }).run(jobs);
        }
        assertThat(r.count(BatchPipeline.Status.SKIPPED)).isEqualTo(2);
        assertThat(r.count(BatchPipeline.Status.FAILED)).isZero();
        assertThat(r.outcomes()).allSatisfy(o -> assertThat(o.message()).contains("exists, skipped").doesNotContain(".tmp"));
        assertThat(ImageFiles.read(out.resolve("n01.png")).maxDifference(theirs)).isZero(); // the other run's output, whole
    }
}
