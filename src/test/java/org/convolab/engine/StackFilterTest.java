package org.convolab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import ij.ImagePlus;
import ij.ImageStack;
import ij.io.FileSaver;
import ij.io.Opener;
import ij.process.ShortProcessor;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Random;
import org.convolab.core.ClampPolicy;
import org.convolab.core.FilterSpec;
import org.convolab.core.Mask;
import org.convolab.core.Mask3D;
import org.convolab.core.MaskPresets;
import org.convolab.core.MirrorPolicy;
import org.convolab.core.ReflectPolicy;
import org.convolab.core.Strategy;
import org.convolab.core.VolumeStrategy;
import org.convolab.cpu.CpuEngine;
import org.convolab.cpu.VolumeReference;
import org.convolab.io.RowSinks;
import org.convolab.io.RowSources;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Stacks through {@link FileFilter} and the batch stages: every page filtered, the dimensions kept. */
class StackFilterTest {

    private static final CpuEngine ENGINE = new CpuEngine(2);

    @TempDir
    Path dir;

    @AfterAll
    static void close() {
        ENGINE.close();
    }

    /** A 16-bit hyperstack written by ImageJ itself: random samples, c channels, z slices, t frames. */
    private Path imageJStack(String name, int w, int h, int c, int z, int t, long seed) {
        Random rnd = new Random(seed);
        ImageStack st = new ImageStack(w, h);
        for (int p = 0; p < c * z * t; p++) {
            short[] px = new short[w * h];
            for (int i = 0; i < px.length; i++) {
                px[i] = (short) rnd.nextInt(65536);
            }
            st.addSlice(new ShortProcessor(w, h, px, null));
        }
        ImagePlus imp = new ImagePlus(name, st);
        imp.setDimensions(c, z, t);
        imp.setOpenAsHyperStack(c > 1 || t > 1);
        imp.getCalibration().pixelDepth = 3.0;
        imp.getCalibration().setUnit("micron");
        Path file = dir.resolve(name);
        FileSaver saver = new FileSaver(imp);
        assertThat(c * z * t == 1 ? saver.saveAsTiff(file.toString()) : saver.saveAsTiffStack(file.toString())).isTrue();
        return file;
    }

    private static short[] page(ImagePlus imp, int n) {
        return (short[]) imp.getStack().getProcessor(n).getPixels();
    }

    /** Was: a 3-page TIFF in, the first page out, exit 0. */
    @Test
    void everyPageComesOutAndTheIdentityRoundTripsBitForBit() {
        Path in = imageJStack("three.tif", 17, 11, 1, 3, 1, 1);
        Path out = dir.resolve("out.tif");
        FileFilter.run(FileFilter.Job.of(in, out, false), ENGINE, FilterSpec.of(Mask.of(1, 1, 1f), new MirrorPolicy()),
                Strategy.AUTO, n -> { });
        ImagePlus a = new Opener().openImage(in.toString());
        ImagePlus b = new Opener().openImage(out.toString());
        assertThat(b.getStackSize()).isEqualTo(3);
        assertThat(b.getCalibration().pixelDepth).isEqualTo(3.0);
        for (int p = 1; p <= 3; p++) {
            assertThat(page(b, p)).as("page %d", p).isEqualTo(page(a, p));
        }
    }

    @Test
    void eachPageGetsTheTwoDimensionalMaskAsASingleImageWould() {
        Path in = imageJStack("hyper.tif", 23, 9, 2, 3, 2, 2);
        Path out = dir.resolve("out.tif");
        FilterSpec spec = FilterSpec.of(MaskPresets.parse("gaussian:1"), new ReflectPolicy());
        FileFilter.run(FileFilter.Job.of(in, out, false), ENGINE, spec, Strategy.AUTO, n -> { });
        ImagePlus a = new Opener().openImage(in.toString());
        ImagePlus b = new Opener().openImage(out.toString());
        assertThat(new int[] {b.getNChannels(), b.getNSlices(), b.getNFrames()}).containsExactly(2, 3, 2);
        for (int p = 1; p <= 12; p++) {
            Path one = dir.resolve("page" + p + ".tif");
            Path oneOut = dir.resolve("page" + p + "-out.tif");
            new FileSaver(new ImagePlus("p", a.getStack().getProcessor(p))).saveAsTiff(one.toString());
            FileFilter.run(FileFilter.Job.of(one, oneOut, false), ENGINE, spec, Strategy.AUTO, n -> { });
            assertThat(page(b, p)).as("page %d", p).isEqualTo(page(new Opener().openImage(oneOut.toString()), 1));
        }
    }

    @Test
    void theBatchStagesWriteEveryPage() {
        Path in = imageJStack("batch.tif", 8, 8, 1, 4, 1, 3);
        Path out = dir.resolve("batch-out.tif");
        FaithfulFileStages stages = new FaithfulFileStages(FilterSpec.of(Mask.of(1, 1, 1f), new ClampPolicy()), Strategy.AUTO,
                RowSources.DEFAULT_MAX_PIXELS, RowSinks.Options.defaults(), n -> { });
        stages.encode(stages.filter(ENGINE, stages.decode(in)), out, false);
        ImagePlus a = new Opener().openImage(in.toString());
        ImagePlus b = new Opener().openImage(out.toString());
        assertThat(b.getStackSize()).isEqualTo(4);
        for (int p = 1; p <= 4; p++) {
            assertThat(page(b, p)).isEqualTo(page(a, p));
        }
    }

    /** A 3D mask over each channel's z slices, frame by frame, against the double-precision reference. */
    @Test
    void aThreeDimensionalMaskFiltersEachChannelAndFrameAsAVolume() {
        int w = 13;
        int h = 7;
        int c = 2;
        int z = 5;
        int t = 2;
        Path in = imageJStack("vol.tif", w, h, c, z, t, 4);
        Path out = dir.resolve("vol-out.tif");
        Random rnd = new Random(5);
        float[] k = new float[3 * 3 * 5];
        for (int i = 0; i < k.length; i++) {
            k[i] = rnd.nextFloat() / k.length;
        }
        Mask3D mask = Mask3D.of(3, 3, 5, k);
        FilterSpec spec = new FilterSpec(mask.slice(2), new MirrorPolicy(), 1f, 0f, false);
        FileFilter.runVolume(FileFilter.Job.of(in, out, false), () -> ENGINE, mask, spec, VolumeStrategy.NAIVE, n -> { });
        ImagePlus a = new Opener().openImage(in.toString());
        ImagePlus b = new Opener().openImage(out.toString());
        assertThat(new int[] {b.getNChannels(), b.getNSlices(), b.getNFrames()}).containsExactly(c, z, t);
        for (int tt = 1; tt <= t; tt++) {
            for (int cc = 1; cc <= c; cc++) {
                float[] vol = new float[w * h * z];
                for (int zz = 1; zz <= z; zz++) {
                    short[] px = page(a, a.getStackIndex(cc, zz, tt));
                    for (int i = 0; i < px.length; i++) {
                        vol[(zz - 1) * w * h + i] = px[i] & 0xffff;
                    }
                }
                double[] want = VolumeReference.correlate(vol, w, h, z, mask, new MirrorPolicy());
                for (int zz = 1; zz <= z; zz++) {
                    short[] got = page(b, b.getStackIndex(cc, zz, tt));
                    for (int i = 0; i < got.length; i++) {
                        double exact = Math.min(65535, Math.max(0, Math.floor(want[(zz - 1) * w * h + i] + 0.5)));
                        assertThat((double) (got[i] & 0xffff)).as("c%d z%d t%d voxel %d", cc, zz, tt, i).isCloseTo(exact,
                                org.assertj.core.data.Offset.offset(1.0));
                    }
                }
            }
        }
    }

    @Test
    void aThreeDimensionalMaskOnASingleImageIsAStackOfOnePage() {
        Path in = imageJStack("single.tif", 9, 6, 1, 1, 1, 6);
        Path out = dir.resolve("single-out.png");
        Mask3D mask = Mask3D.of(1, 1, 3, 0.25f, 0.5f, 0.25f); // along z only: with clamp, every voxel stays
        FileFilter.runVolume(FileFilter.Job.of(in, out, false), () -> ENGINE, mask,
                new FilterSpec(mask.slice(1), new ClampPolicy(), 1f, 0f, false), VolumeStrategy.AUTO, n -> { });
        ImagePlus a = new Opener().openImage(in.toString());
        ImagePlus b = new Opener().openImage(out.toString());
        assertThat(b.getStackSize()).isEqualTo(1);
        assertThat(page(b, 1)).isEqualTo(page(a, 1));
        assertThat(Optional.of(b.getBitDepth())).contains(16);
    }
}
