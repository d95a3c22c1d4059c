package org.convolab.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The ICC profile of a JPEG as TurboJPEG's path reads and writes it (APP2 chunks). */
class JpegIccProfileTest {

    /** SOI, a JFIF APP0 segment, then what stands for the rest of a file (a COM segment, SOS, EOI). */
    private static final byte[] MINIMAL = {
        (byte) 0xFF, (byte) 0xD8,
        (byte) 0xFF, (byte) 0xE0, 0, 16, 'J', 'F', 'I', 'F', 0, 1, 1, 0, 0, 1, 0, 1, 0, 0,
        (byte) 0xFF, (byte) 0xFE, 0, 4, 'h', 'i',
        (byte) 0xFF, (byte) 0xDA, 0, 2,
        (byte) 0xFF, (byte) 0xD9};

    private static byte[] withProfile(byte[] jpeg, byte[] icc) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JpegMarkers.writeWithProfile(jpeg, Optional.of(icc), out);
        return out.toByteArray();
    }

    @Test
    void aProfileGoesInAfterJfifAndComesBackWhole() throws Exception {
        byte[] icc = new byte[3000];
        new Random(1).nextBytes(icc);
        byte[] file = withProfile(MINIMAL, icc);
        assertThat(file.length).isEqualTo(MINIMAL.length + 4 + 14 + icc.length);
        assertThat(file[20] & 0xff).isEqualTo(0xFF);
        assertThat(file[21] & 0xff).as("APP2 right after the 18-byte JFIF segment").isEqualTo(0xE2);
        assertThat(JpegMarkers.iccProfile(file)).hasValueSatisfying(p -> assertThat(p).isEqualTo(icc));
        // what follows the profile is the encoder's file unchanged
        assertThat(Arrays.copyOfRange(file, file.length - 12, file.length))
                .isEqualTo(Arrays.copyOfRange(MINIMAL, MINIMAL.length - 12, MINIMAL.length));
    }

    @Test
    void aProfileLargerThanOneSegmentIsSplitIntoNumberedChunks() throws Exception {
        byte[] icc = new byte[2 * JpegMarkers.MAX_CHUNK + 5];
        new Random(2).nextBytes(icc);
        byte[] file = withProfile(MINIMAL, icc);
        int app2 = 0;
        for (int i = 0; i + 1 < file.length; i++) {
            if ((file[i] & 0xff) == 0xFF && (file[i + 1] & 0xff) == 0xE2) {
                app2++;
                int len = ((file[i + 2] & 0xff) << 8) | (file[i + 3] & 0xff);
                assertThat(len).isLessThanOrEqualTo(0xFFFF);
                assertThat(file[i + 4 + 13]).as("chunk count").isEqualTo((byte) 3);
                i += 1 + len;
            }
        }
        assertThat(app2).isEqualTo(3);
        assertThat(JpegMarkers.iccProfile(file)).hasValueSatisfying(p -> assertThat(p).isEqualTo(icc));
    }

    @Test
    void noProfileNoChange() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JpegMarkers.writeWithProfile(MINIMAL, Optional.empty(), out);
        assertThat(out.toByteArray()).isEqualTo(MINIMAL);
        assertThat(JpegMarkers.iccProfile(MINIMAL)).isEmpty();
    }

    @Test
    void anIncompleteSetOfChunksIsNoProfile() throws Exception {
        byte[] icc = new byte[JpegMarkers.MAX_CHUNK + 10];
        byte[] file = withProfile(MINIMAL, icc);
        // drop the second chunk's segment: chunk 1 of 2 alone
        int second = 20 + 4 + 14 + JpegMarkers.MAX_CHUNK;
        int len = ((file[second + 2] & 0xff) << 8) | (file[second + 3] & 0xff);
        byte[] cut = new byte[file.length - 2 - len];
        System.arraycopy(file, 0, cut, 0, second);
        System.arraycopy(file, second + 2 + len, cut, second, file.length - second - 2 - len);
        assertThat(JpegMarkers.iccProfile(cut)).isEmpty();
    }

    @Test
    void recognisesJpegsByTheirFirstBytes() {
        assertThat(JpegMarkers.isJpeg(MINIMAL)).isTrue();
        assertThat(JpegMarkers.isJpeg(new byte[] {(byte) 0x89, 'P', 'N'})).isFalse();
        assertThat(JpegMarkers.isJpeg(new byte[] {(byte) 0xFF, (byte) 0xD8})).isFalse();
    }
}
