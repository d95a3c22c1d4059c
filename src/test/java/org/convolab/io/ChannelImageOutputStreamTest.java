package org.convolab.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChannelImageOutputStreamTest {
    @TempDir
    Path dir;

    @Test
    void writesSeeksBackToFillInAndLeavesTheChannelOpenAtTheEnd() throws Exception {
        Path f = dir.resolve("out.bin");
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, StandardOpenOption.READ)) {
            ChannelImageOutputStream out = new ChannelImageOutputStream(ch);
            out.writeInt(0); // a size, filled in below as the TIFF and BMP writers do
            out.write(new byte[] {1, 2, 3, 4, 5});
            out.writeBits(0b101, 3); // a partial byte is flushed by the next write
            out.write(9);
            long end = out.getStreamPosition();
            out.seek(0);
            out.writeInt((int) end);
            out.seek(4);
            assertThat(out.read()).isEqualTo(1);
            byte[] two = new byte[2];
            assertThat(out.read(two, 0, 2)).isEqualTo(2);
            assertThat(two).containsExactly(2, 3);
            assertThat(out.length()).isEqualTo(end);
            out.close();
            assertThat(ch.isOpen()).isTrue();
            assertThat(ch.position()).isEqualTo(end);
        }
        assertThat(Files.readAllBytes(f)).containsExactly(0, 0, 0, 11, 1, 2, 3, 4, 5, (byte) 0b10100000, 9);
    }

    @Test
    void tiffAndBmpWrittenThroughTheFileReadBackExactly() {
        int[] p = new int[301 * 203];
        for (int i = 0; i < p.length; i++) {
            p[i] = (i % 3 == 0 ? 0x80 : 0xff) << 24 | i * 40503 & 0xffffff;
        }
        org.convolab.core.RgbaImage img = new org.convolab.core.RgbaImage(301, 203, p);
        Path tif = dir.resolve("a.tif");
        ImageFiles.write(img, tif, false);
        assertThat(ImageFiles.read(tif).pixels()).as("TIFF keeps alpha").isEqualTo(p);
        Path bmp = dir.resolve("a.bmp");
        ImageFiles.write(img, bmp, false);
        int[] opaque = p.clone();
        for (int i = 0; i < opaque.length; i++) {
            opaque[i] |= 0xff000000;
        }
        assertThat(ImageFiles.read(bmp).pixels()).as("BMP drops alpha").isEqualTo(opaque);
    }
}
