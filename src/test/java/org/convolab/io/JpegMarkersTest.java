package org.convolab.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import javax.imageio.ImageIO;
import org.convolab.core.RgbaImage;
import org.junit.jupiter.api.Test;

/** Which JPEG files a device codec may take, read from their markers; the kept segments put back. */
class JpegMarkersTest {

    private final RgbaImage image = SyntheticImages.gradient(67, 45);

    @Test
    void aBaselineColourJpegIsForTheDeviceWithItsSizeAndEnd() {
        JpegMarkers.Info m = JpegMarkers.parse(TestJpegs.jpeg(image, 92, false, false));
        assertThat(m.frame()).isEqualTo(0xC0);
        assertThat(m.precision()).isEqualTo(8);
        assertThat(m.components()).isEqualTo(3);
        assertThat(m.width()).isEqualTo(67);
        assertThat(m.height()).isEqualTo(45);
        assertThat(m.complete()).isTrue();
        assertThat(m.deviceRefusal()).isNull();
    }

    @Test
    void progressiveGreyAndCutFilesGoTheCpuWay() {
        assertThat(JpegMarkers.parse(TestJpegs.jpeg(image, 92, true, false)).deviceRefusal()).isEqualTo("progressive");
        assertThat(JpegMarkers.parse(TestJpegs.jpeg(image, 92, false, true)).deviceRefusal()).isEqualTo("1 components");
        byte[] whole = TestJpegs.jpeg(image, 92, false, false);
        byte[] cut = Arrays.copyOf(whole, whole.length / 2);
        assertThat(JpegMarkers.parse(cut).deviceRefusal()).isEqualTo("no end-of-image marker");
        assertThat(JpegMarkers.parse(Arrays.copyOf(whole, 40)).deviceRefusal()).isNotNull();
        assertThat(JpegMarkers.isJpeg("not a jpeg".getBytes(StandardCharsets.US_ASCII))).isFalse();
    }

    @Test
    void keptSegmentsGoAfterTheJfifHeaderAndAreReadBack() throws Exception {
        byte[] exifBody = "Exif\0\0MM\0*\0\0\0\10\0\0".getBytes(StandardCharsets.ISO_8859_1);
        byte[] exif = segment(0xE1, exifBody);
        byte[] withExif = JpegMarkers.withSegments(TestJpegs.jpeg(image, 92, false, false), List.of(exif));
        JpegMarkers.Info m = JpegMarkers.parse(withExif);
        assertThat(m.kept()).hasSize(1);
        assertThat(m.kept().get(0)).isEqualTo(exif);
        assertThat(withExif[2] & 0xff).isEqualTo(0xFF);
        assertThat(withExif[3] & 0xff).as("JFIF stays first").isEqualTo(0xE0);
        assertThat(ImageIO.read(new ByteArrayInputStream(withExif)).getWidth()).isEqualTo(67);
    }

    @Test
    void theGatheredPartsWrittenFromADirectBufferMakeTheSameFileAsWithSegments(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        byte[] encoded = TestJpegs.jpeg(image, 92, false, false);
        List<byte[]> kept = List.of(segment(0xE1, "Exif\0\0MM\0*\0\0\0\10\0\0".getBytes(StandardCharsets.ISO_8859_1)),
                segment(0xE2, "ICC_PROFILE\0\1\1abc".getBytes(StandardCharsets.ISO_8859_1)));
        java.nio.ByteBuffer direct = java.nio.ByteBuffer.allocateDirect(encoded.length + 10);
        direct.position(10);
        direct.put(encoded).position(10); // the file at an offset, as a lent buffer may hold it
        java.nio.file.Path out = dir.resolve("out.jpg");
        ImageFiles.writeEncoded(JpegMarkers.partsWithSegments(direct, kept), out, false);
        assertThat(java.nio.file.Files.readAllBytes(out)).isEqualTo(JpegMarkers.withSegments(encoded, kept));
        assertThat(JpegMarkers.partsWithSegments(java.nio.ByteBuffer.wrap(encoded), List.of())).hasSize(1);
        assertThat(direct.position()).as("the lent buffer itself is not moved").isEqualTo(10);
    }

    @Test
    void theFirstBytesOfALongerReusedArrayParseAsTheFileAlone() {
        byte[] file = TestJpegs.jpeg(image, 92, false, false);
        byte[] longer = Arrays.copyOf(file, file.length + 300);
        Arrays.fill(longer, file.length, longer.length, (byte) 0xFF); // stale bytes of a longer file read before
        assertThat(JpegMarkers.parse(longer, file.length)).isEqualTo(JpegMarkers.parse(file));
        assertThat(JpegMarkers.isJpeg(longer, 2)).isFalse();
        byte[] cut = Arrays.copyOf(file, file.length - 2);
        assertThat(JpegMarkers.parse(Arrays.copyOf(cut, file.length), cut.length).complete()).isFalse();
    }

    private static byte[] segment(int marker, byte[] body) {
        byte[] s = new byte[body.length + 4];
        s[0] = (byte) 0xFF;
        s[1] = (byte) marker;
        s[2] = (byte) ((body.length + 2) >> 8);
        s[3] = (byte) (body.length + 2);
        System.arraycopy(body, 0, s, 4, body.length);
        return s;
    }
}
