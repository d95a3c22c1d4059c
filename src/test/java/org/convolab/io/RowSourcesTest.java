package org.convolab.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.color.ColorSpace;
import java.awt.color.ICC_Profile;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import javax.imageio.ImageIO;
import org.convolab.core.ConvolabException;
import org.convolab.core.RgbaImage;
import org.convolab.core.RowSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile and unusual files through every decode path: {@link RowSources} (what {@code filter} and a batch
 * read) and {@link ImageFiles#read} (the window's open). Issue 26, items 4, 5, 6 and 9.
 */
class RowSourcesTest {

    @TempDir
    Path dir;

    /** Every row of the file, as {@code filter} streams it. */
    private static int[][] rows(Path file) {
        try (RowSource src = RowSources.opener(file, RowSources.DEFAULT_MAX_PIXELS).get()) {
            int[][] rows = new int[src.height()][src.width() * src.format().channels()];
            for (int[] row : rows) {
                src.readRow(row);
            }
            return rows;
        }
    }

    private void refusedEverywhere(Path file, String message) {
        assertThatThrownBy(() -> rows(file)).isInstanceOf(ConvolabException.class).hasMessageContaining(message);
        assertThatThrownBy(() -> ImageFiles.read(file)).isInstanceOf(ConvolabException.class).hasMessageContaining(message);
    }

    // item 4

    @Test
    void theFirstHalfOfAJpegIsRefusedOnTheWayFilterAndBatchReadIt() throws Exception {
        Path whole = dir.resolve("whole.jpg");
        ImageFiles.write(SyntheticImages.gradient(200, 150), whole, false);
        byte[] bytes = Files.readAllBytes(whole);
        Path half = Files.write(dir.resolve("half.jpg"), Arrays.copyOf(bytes, bytes.length / 2));
        refusedEverywhere(half, "cannot decode " + half + ": the JPEG data is damaged or truncated");
        assertThat(rows(whole)).hasNumberOfRows(150);
    }

    @Test
    void aTiffWhoseLastStripIsShorterIsReadAndOneCutShortIsStillRefused() throws Exception {
        // libvips's 40x150 16-bit RGB TIFF: strips of 128 rows, the last one 22 rows (TwelveMonkeys warns of it)
        Path tiff = dir.resolve("short-last-strip.tif");
        try (var in = RowSourcesTest.class.getResourceAsStream("short-last-strip-16bit.tif")) {
            Files.copy(in, tiff);
        }
        int[][] rows = rows(tiff);
        assertThat(rows).hasNumberOfRows(150);
        assertThat(rows[149]).hasSize(40 * 3);
        assertThat(Arrays.stream(rows[149]).max().getAsInt()).as("the last strip's pixels are there").isGreaterThan(255);
        byte[] bytes = Files.readAllBytes(tiff);
        Path cut = Files.write(dir.resolve("cut.tif"), Arrays.copyOf(bytes, bytes.length / 2));
        assertThatThrownBy(() -> rows(cut)).isInstanceOf(ConvolabException.class).hasMessageContaining("cannot");
    }

    // item 5

    /** A GIF whose one image declares {@code w}x{@code h} and whose LZW data holds one pixel. */
    private static byte[] gifOfOnePixel(int w, int h) {
        ByteBuffer b = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
        b.put("GIF89a".getBytes(StandardCharsets.US_ASCII)).putShort((short) w).putShort((short) h)
                .put((byte) 0x80).put((byte) 0).put((byte) 0) // a global table of 2 colours
                .put(new byte[] {0, 0, 0, (byte) 255, (byte) 255, (byte) 255})
                .put((byte) 0x2c).putShort((short) 0).putShort((short) 0).putShort((short) w).putShort((short) h).put((byte) 0)
                .put((byte) 2) // LZW minimum code size
                .put(new byte[] {2, 0x44, 0x01, 0}) // clear, pixel 0, end
                .put((byte) 0x3b);
        return Arrays.copyOf(b.array(), b.position());
    }

    @Test
    void aGifWhoseDataEndsBeforeItsDeclaredSizeIsRefusedBeforeItsRasterIsMade() throws Exception {
        Path gif = Files.write(dir.resolve("lie.gif"), gifOfOnePixel(8000, 8000));
        assertThat(Files.size(gif)).isLessThan(40);
        refusedEverywhere(gif, "the GIF data ends after 1 of its 64,000,000 pixels (8000x8000 declared)");
        // the one pixel it does hold reads
        Path one = Files.write(dir.resolve("one.gif"), gifOfOnePixel(1, 1));
        assertThat(ImageFiles.read(one).width()).isEqualTo(1);
    }

    @Test
    void wholeGifsReadAsBeforeHoweverWellTheyCompress() throws Exception {
        Random r = new Random(3);
        for (int[] size : new int[][] {{300, 200}, {2000, 1500}}) {
            BufferedImage b = new BufferedImage(size[0], size[1], BufferedImage.TYPE_BYTE_INDEXED);
            if (size[0] == 300) {
                for (int y = 0; y < size[1]; y++) {
                    for (int x = 0; x < size[0]; x++) {
                        b.setRGB(x, y, r.nextInt(1 << 24));
                    }
                }
            } // else one colour: the longest LZW strings
            Path f = dir.resolve("w" + size[0] + ".gif");
            ImageIO.write(b, "gif", f.toFile());
            assertThat(ImageFiles.read(f).width()).isEqualTo(size[0]);
            assertThat(rows(f)).hasNumberOfRows(size[1]);
            // and cut short, refused by the count
            byte[] bytes = Files.readAllBytes(f);
            Path cut = Files.write(dir.resolve("cut" + size[0] + ".gif"), Arrays.copyOf(bytes, bytes.length * 3 / 4));
            assertThatThrownBy(() -> rows(cut)).isInstanceOf(ConvolabException.class).hasMessageContaining("GIF data");
        }
    }

    @Test
    void aBmpOrPngWhoseDataCannotHoldTheDeclaredPixelsIsRefused() throws Exception {
        Path bmp = dir.resolve("small.bmp");
        ImageFiles.write(SyntheticImages.gradient(20, 10), bmp, false);
        byte[] b = Files.readAllBytes(bmp);
        // biSizeImage 0 (allowed without compression): the JDK's reader then checks nothing before allocating
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(18, 8000).putInt(22, 8000).putInt(34, 0);
        Path lie = Files.write(dir.resolve("lie.bmp"), b);
        refusedEverywhere(lie, "Invalid width/height"); // the JDK's reader checks the rows against the file's length

        byte[] png = PngBytes.start(8000, 8000, 8, 2).end(new byte[] {0, 1, 2, 3});
        Path lying = Files.write(dir.resolve("lie.png"), png);
        refusedEverywhere(lying, "the PNG data is truncated");
        // one flat colour compresses near deflate's limit, and is whole
        Path flat = Files.write(dir.resolve("flat.png"), PngBytes.start(3000, 3000, 8, 0).end(new byte[3001 * 3000]));
        assertThat(ImageFiles.read(flat).width()).isEqualTo(3000);
    }

    // item 6

    @Test
    void aColourKeyBecomesAlphaOnBothPaths() throws Exception {
        int w = 20;
        int h = 20;
        ByteArrayOutputStream rgb = new ByteArrayOutputStream();
        ByteArrayOutputStream grey = new ByteArrayOutputStream();
        for (int y = 0; y < h; y++) {
            rgb.write(0);
            grey.write(0);
            for (int x = 0; x < w; x++) {
                boolean keyed = y * w + x < 150;
                rgb.writeBytes(keyed ? new byte[] {(byte) 255, 0, (byte) 255} : new byte[] {10, (byte) 200, 30});
                grey.write(keyed ? 7 : 100);
            }
        }
        Path rgbKey = Files.write(dir.resolve("key-rgb.png"), PngBytes.start(w, h, 8, 2)
                .chunk("tRNS", new byte[] {0, (byte) 255, 0, 0, 0, (byte) 255}).end(rgb.toByteArray()));
        Path greyKey = Files.write(dir.resolve("key-grey.png"), PngBytes.start(w, h, 8, 0)
                .chunk("tRNS", new byte[] {0, 7}).end(grey.toByteArray()));
        for (Path f : new Path[] {rgbKey, greyKey}) {
            int[][] rows = rows(f);
            int channels = rows[0].length / w;
            assertThat(channels).as(f + " has alpha").isIn(2, 4);
            long transparent = 0;
            for (int[] row : rows) {
                for (int x = 0; x < w; x++) {
                    transparent += row[x * channels + channels - 1] == 0 ? 1 : 0;
                }
            }
            assertThat(transparent).as(f + " streamed").isEqualTo(150);
            RgbaImage whole = ImageFiles.read(f);
            assertThat(Arrays.stream(whole.pixels()).filter(p -> p >>> 24 == 0).count()).as(f + " whole").isEqualTo(150);
            assertThat(whole.pixels()[399] >>> 24).isEqualTo(255);
        }
    }

    @Test
    void aSixteenBitColourKeyComparesTheStoredSamples() throws Exception {
        // 2x1, 16-bit RGB: the key 0x1234 0x5678 0x9abc, then a pixel differing in its low byte of blue only
        byte[] row = {0, 0x12, 0x34, 0x56, 0x78, (byte) 0x9a, (byte) 0xbc, 0x12, 0x34, 0x56, 0x78, (byte) 0x9a, (byte) 0xbd};
        Path f = Files.write(dir.resolve("key16.png"), PngBytes.start(2, 1, 16, 2)
                .chunk("tRNS", new byte[] {0x12, 0x34, 0x56, 0x78, (byte) 0x9a, (byte) 0xbc}).end(row));
        assertThat(rows(f)[0]).containsExactly(0x1234, 0x5678, 0x9abc, 0, 0x1234, 0x5678, 0x9abd, 65535);
    }

    // item 9

    private Path withChunk(String name, String type, byte[] data) throws Exception {
        return Files.write(dir.resolve(name), PngBytes.start(10, 10, 8, 2).chunk(type, data).end(new byte[31 * 10]));
    }

    private static byte[] keyword(String k) {
        return (k + "\0\0").getBytes(StandardCharsets.ISO_8859_1); // keyword, NUL, compression method 0
    }

    @Test
    void metadataChunksThatInflateToHundredsOfMegabytesAreRefusedUninflated() throws Exception {
        Runtime rt = Runtime.getRuntime();
        Path icc = withChunk("iccp-bomb.png", "iCCP", PngBytes.zerosDeflated(keyword("icc"), 300L << 20));
        assertThat(Files.size(icc)).isLessThan(400_000);
        refusedEverywhere(icc, "its ICC profile (iCCP chunk) inflates to more than 4 MB");
        Path text = withChunk("ztxt-bomb.png", "zTXt", PngBytes.zerosDeflated(keyword("Comment"), 300L << 20));
        refusedEverywhere(text, "its text chunk (zTXt) inflates to more than 1 MB");
        // many chunks each under its cap: the total is capped too
        PngBytes many = PngBytes.start(10, 10, 8, 2);
        byte[] chunk = PngBytes.zerosDeflated(keyword("Comment"), 1000_000);
        for (int i = 0; i < 20; i++) {
            many.chunk("zTXt", chunk);
        }
        Path manyFile = Files.write(dir.resolve("many.png"), many.end(new byte[31 * 10]));
        refusedEverywhere(manyFile, "16 MB of metadata in all");
    }

    @Test
    void aRealIccProfileIsReadAndHandedOn() throws Exception {
        byte[] profile = ICC_Profile.getInstance(ColorSpace.CS_LINEAR_RGB).getData();
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        data.writeBytes(keyword("linear"));
        data.writeBytes(PngBytes.deflate(profile));
        Path f = withChunk("icc.png", "iCCP", data.toByteArray());
        try (RowSource src = RowSources.opener(f, RowSources.DEFAULT_MAX_PIXELS).get()) {
            assertThat(src.iccProfile()).hasValueSatisfying(p -> assertThat(p).isEqualTo(profile));
        }
        assertThat(ImageFiles.read(f).width()).isEqualTo(10);
    }
}
