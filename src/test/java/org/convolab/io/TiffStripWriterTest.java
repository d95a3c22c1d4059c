package org.convolab.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ij.IJ;
import ij.ImagePlus;
import ij.io.FileSaver;
import ij.process.ShortProcessor;
import java.awt.color.ColorSpace;
import java.awt.color.ICC_Profile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.convolab.core.SampleFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The streamed TIFF writer: every sample format round-trips bit for bit through Convolab's reader, in several
 * strips; ImageJ and libvips read what it writes, and what they write is read back exactly; the ICC profile and
 * the EXIF orientation are kept.
 */
class TiffStripWriterTest {

    @TempDir
    Path dir;

    /** Random samples of the format: any bits for 32-bit ones, 0..max for the others. */
    static int[] samples(int n, SampleFormat f, long seed) {
        Random rnd = new Random(seed);
        int[] s = new int[n];
        for (int i = 0; i < n; i++) {
            s[i] = f.bitDepth() == 32 ? (f.isFloat() ? Float.floatToRawIntBits((float) (rnd.nextGaussian() * 1e3)) : rnd.nextInt())
                    : rnd.nextInt(f.maxValue() + 1);
        }
        if (f.bitDepth() < 32) {
            s[0] = 0;
            s[n - 1] = f.maxValue();
        }
        return s;
    }

    private Path write(String name, int w, int h, SampleFormat f, int[] s, Optional<byte[]> icc, RowSinks.Options o) {
        Path file = dir.resolve(name);
        int n = w * f.channels();
        RowSinks.write(file, true, w, h, f, icc, o, m -> { }, sink -> {
            for (int y = 0; y < h; y++) {
                int[] row = new int[n];
                System.arraycopy(s, y * n, row, 0, n);
                sink.writeRow(row);
            }
        });
        return file;
    }

    @Test
    void everyFormatRoundTripsBitForBitOverSeveralStrips() {
        int w = 301;
        int h = 2 * TiffStripWriter.STRIP_BYTES / (w * 4 * 4) + 7; // 32-bit RGBA: three strips, the last short
        for (int ch = 1; ch <= 4; ch++) {
            for (SampleFormat f : new SampleFormat[] {new SampleFormat(ch, 8), new SampleFormat(ch, 16),
                    new SampleFormat(ch, 32, SampleFormat.Kind.FLOAT), new SampleFormat(ch, 32, SampleFormat.Kind.SIGNED),
                    new SampleFormat(ch, 32, SampleFormat.Kind.UNSIGNED)}) {
                int[] s = samples(w * h * ch, f, ch * 31L + f.bitDepth());
                WideSamples.Read back = WideSamples.read(write("r.tif", w, h, f, s, Optional.empty(), RowSinks.Options.defaults()));
                assertThat(back.format()).as("%s", f).isEqualTo(f);
                assertThat(back.width()).isEqualTo(w);
                assertThat(back.samples()).as("%s", f).isEqualTo(s);
            }
        }
    }

    @Test
    void imageJReadsTheSixteenBitFileWrittenAndItsOwnIsReadExactly() {
        SampleFormat f = new SampleFormat(1, 16);
        int[] s = samples(37 * 23, f, 5);
        ImagePlus imp = IJ.openImage(write("g16.tif", 37, 23, f, s, Optional.empty(), RowSinks.Options.defaults()).toString());
        assertThat(imp.getBitDepth()).isEqualTo(16);
        for (int i = 0; i < s.length; i++) {
            assertThat(imp.getProcessor().get(i % 37, i / 37)).isEqualTo(s[i]);
        }
        ShortProcessor sp = new ShortProcessor(29, 17);
        int[] mine = samples(29 * 17, f, 6);
        for (int i = 0; i < mine.length; i++) {
            sp.set(i % 29, i / 29, mine[i]);
        }
        Path ij = dir.resolve("ij16.tif");
        assertThat(new FileSaver(new ImagePlus("x", sp)).saveAsTiff(ij.toString())).isTrue();
        WideSamples.Read back = WideSamples.read(ij);
        assertThat(back.format()).isEqualTo(f);
        assertThat(back.samples()).isEqualTo(mine);
    }

    @Test
    void libvipsReadsWhatIsWrittenAndItsCompressedCopiesReadBackExactly() throws Exception {
        assumeTrue(vips("--version"), "vips (libvips-tools) is not installed");
        for (SampleFormat f : new SampleFormat[] {new SampleFormat(3, 16), new SampleFormat(4, 8), new SampleFormat(1, 16)}) {
            int[] s = samples(45 * 31 * f.channels(), f, f.channels());
            Path ours = write("ours.tif", 45, 31, f, s, Optional.empty(), RowSinks.Options.defaults());
            for (String opts : new String[] {"", "[compression=lzw]", "[compression=deflate,predictor=horizontal]",
                    "[tile,tile-width=16,tile-height=16]"}) {
                Path theirs = dir.resolve("vips" + opts.length() + ".tif");
                assertThat(vips("copy", ours.toString(), theirs + opts)).as("vips copy %s", opts).isTrue();
                WideSamples.Read back = WideSamples.read(theirs);
                assertThat(back.format()).as("%s %s", f, opts).isEqualTo(f);
                assertThat(back.samples()).as("%s %s", f, opts).isEqualTo(s);
            }
        }
    }

    @Test
    void theIccProfileAndTheOrientationAreKept() throws IOException {
        byte[] profile = ICC_Profile.getInstance(ColorSpace.CS_LINEAR_RGB).getData().clone();
        profile[24] = 7; // another creation year: not the JDK's built-in profile, which readers leave out
        SampleFormat f = new SampleFormat(3, 16);
        int[] s = samples(20 * 10 * 3, f, 1);
        Path file = write("icc.tif", 20, 10, f, s, Optional.of(profile), RowSinks.Options.defaults().withExif(new Exif(6, Optional.empty())));
        // the readers here turn this profile back into the JDK's linear RGB and leave it out: look for its bytes
        byte[] bytes = java.nio.file.Files.readAllBytes(file);
        assertThat(indexOf(bytes, profile)).isPositive();
        assertThat(Exif.read(file).orientation()).isEqualTo(6);
        assertThat(WideSamples.read(file).samples()).isEqualTo(s);
    }

    @Test
    void rowsArePackedLittleEndian() {
        byte[] out = new byte[12];
        TiffStripWriter.packRow(new int[] {0x1234, 0xfffe}, 2, 2, out, 0);
        TiffStripWriter.packRow(new int[] {Float.floatToRawIntBits(-2.5f)}, 1, 4, out, 4);
        TiffStripWriter.packRow(new int[] {200}, 1, 1, out, 8);
        ByteBuffer b = ByteBuffer.wrap(out).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(b.getShort(0) & 0xffff).isEqualTo(0x1234);
        assertThat(b.getShort(2) & 0xffff).isEqualTo(0xfffe);
        assertThat(b.getFloat(4)).isEqualTo(-2.5f);
        assertThat(out[8] & 0xff).isEqualTo(200);
    }

    private static int indexOf(byte[] in, byte[] part) {
        for (int i = 0; i + part.length <= in.length; i++) {
            if (java.util.Arrays.equals(in, i, i + part.length, part, 0, part.length)) {
                return i;
            }
        }
        return -1;
    }

    static boolean vips(String... args) throws Exception {
        String[] cmd = new String[args.length + 1];
        cmd[0] = "vips";
        System.arraycopy(args, 0, cmd, 1, args.length);
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        }
    }
}
