package org.convolab.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Optional;
import org.convolab.core.RgbaImage;
import org.convolab.core.RowSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 26 item 7: EXIF orientation read, turned upright, and carried on. */
class OrientationTest {

    @TempDir
    Path dir;

    /** A 3x2 image whose pixels are their index: 0 1 2 / 3 4 5. */
    private static RgbaImage numbered() {
        int[] p = new int[6];
        for (int i = 0; i < 6; i++) {
            p[i] = 0xff000000 | i;
        }
        return new RgbaImage(3, 2, p);
    }

    /** The upright image's corner (TL, TR, BL, BR) that holds a stored pixel. */
    private static String cornerOf(RgbaImage up, int value) {
        int w = up.width();
        int h = up.height();
        int[] p = up.pixels();
        String[] names = {"TL", "TR", "BL", "BR"};
        int[] at = {0, w - 1, (h - 1) * w, h * w - 1};
        for (int i = 0; i < 4; i++) {
            if ((p[at[i]] & 0xffffff) == value) {
                return names[i];
            }
        }
        return "none";
    }

    @Test
    void everyOrientationPutsTheStoredCornersWhereTheExifTableSays() {
        // where the stored top-left (0) and top-right (2) go, orientations 1 to 8 (EXIF 2.32, tag 0x0112)
        String[] topLeft = {"TL", "TR", "BR", "BL", "TL", "TR", "BR", "BL"};
        String[] topRight = {"TR", "TL", "BL", "BR", "BL", "BR", "TR", "TL"};
        for (int o = 1; o <= 8; o++) {
            RgbaImage up = Orientation.apply(numbered(), o);
            assertThat(up.width()).as("width, orientation " + o).isEqualTo(o >= 5 ? 2 : 3);
            assertThat(cornerOf(up, 0)).as("stored top-left, orientation " + o).isEqualTo(topLeft[o - 1]);
            assertThat(cornerOf(up, 2)).as("stored top-right, orientation " + o).isEqualTo(topRight[o - 1]);
        }
    }

    @Test
    void theUprightRowsAreTheUprightImage() {
        Path f = dir.resolve("n.png");
        ImageFiles.write(SyntheticImages.gradient(7, 5), f, false);
        for (int o = 1; o <= 8; o++) {
            RgbaImage expected = Orientation.apply(ImageFiles.read(f), o);
            try (RowSource up = Orientation.upright(RowSources.opener(f, 1_000_000), o).get()) {
                assertThat(up.width()).isEqualTo(expected.width());
                assertThat(RowSource.readPacked(up, up.height()).pixels()).as("orientation " + o)
                        .containsExactly(expected.pixels());
            }
        }
    }

    @Test
    void aPhonesExifIsReadAndItsOrientationPatchedInPlace() {
        Path photo = TestImageFiles.jpegWithOrientation(dir.resolve("phone.jpg"), SyntheticImages.gradient(40, 30), 6);
        Exif exif = Exif.read(photo);
        assertThat(exif.orientation()).isEqualTo(6);
        assertThat(exif.tiff()).isPresent();
        byte[] upright = exif.withOrientation(1).app1Tiff().orElseThrow();
        assertThat(upright).hasSize(exif.tiff().get().length);
        int changed = 0;
        for (int i = 0; i < upright.length; i++) {
            changed += upright[i] != exif.tiff().get()[i] ? 1 : 0;
        }
        assertThat(changed).isEqualTo(1); // the orientation's low byte (6 -> 1), the make and all else as they were
        // the photo still decodes whole (the segment is where JPEG readers expect it)
        assertThat(ImageFiles.read(photo).width()).isEqualTo(40);
        Path plain = dir.resolve("plain.png");
        ImageFiles.write(SyntheticImages.gradient(4, 4), plain, false);
        assertThat(Exif.read(plain)).isEqualTo(Exif.NONE);
        assertThat(new Exif(6, Optional.empty()).app1Tiff()).hasValueSatisfying(b -> assertThat(b).hasSize(26));
    }
}
