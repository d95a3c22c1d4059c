package org.convolab.ui;

import static org.assertj.core.api.Assertions.assertThat;

import org.convolab.core.RgbaImage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

/** The mip-map tiles: their pixels, their size limit and the reuse of their buffers. */
@ExtendWith(ApplicationExtension.class)
class TiledImageTest {

    /** Each pixel says where it is: x in the low 16 bits, y above, opaque. */
    private static RgbaImage coordinates(int w, int h) {
        int[] p = new int[w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                p[y * w + x] = 0xff000000 | (y & 0xff) << 16 | x & 0xffff;
            }
        }
        return new RgbaImage(w, h, p);
    }

    private static int at(TiledImage.Tile t, int x, int y) {
        return t.pixels.getBuffer().get(y * TiledImage.TILE + x);
    }

    @Test
    void levelZeroTilesHoldTheImagesPixelsAndLevelsSampleEveryTwoToTheL(FxRobot robot) {
        RgbaImage img = coordinates(1300, 700);
        TiledImage tiles = new TiledImage();
        robot.interact(() -> {
            tiles.setSource(ViewPixels.of(img));
            assertThat(tiles.maxLevel()).isEqualTo(2);
            TiledImage.Tile t = tiles.tile(0, 2, 1); // x 1024..1299, y 512..699
            assertThat(t.width).isEqualTo(276);
            assertThat(t.height).isEqualTo(188);
            assertThat(at(t, 0, 0)).isEqualTo(img.argb(1024, 512));
            assertThat(at(t, 275, 187)).isEqualTo(img.argb(1299, 699));
            TiledImage.Tile l2 = tiles.tile(2, 0, 0); // the whole image, every 4th pixel, middle of each block
            assertThat(l2.width).isEqualTo(325);
            assertThat(l2.height).isEqualTo(175);
            assertThat(at(l2, 10, 20)).isEqualTo(img.argb(42, 82));
            assertThat(l2.image().getWidth()).isEqualTo(TiledImage.TILE);
        });
    }

    @Test
    void theLevelSuitsTheZoom() {
        int max = TiledImage.maxLevel(20000, 15000); // 20000 / 2^6 = 313 fits in a tile, / 2^5 = 625 does not
        assertThat(max).isEqualTo(6);
        assertThat(TiledImage.level(2, max)).isZero();
        assertThat(TiledImage.level(1, max)).isZero();
        assertThat(TiledImage.level(0.5, max)).isEqualTo(1);
        assertThat(TiledImage.level(0.3, max)).isEqualTo(1);
        assertThat(TiledImage.level(1 / 16.0, max)).isEqualTo(4);
        assertThat(TiledImage.level(1e-4, max)).isEqualTo(6);
    }

    @Test
    void aNewSourceReusesTheTileBuffers(FxRobot robot) {
        TiledImage tiles = new TiledImage();
        robot.interact(() -> {
            tiles.setSource(ViewPixels.of(coordinates(2048, 1024)));
            for (int i = 0; i < 4; i++) {
                tiles.tile(0, i, 0);
            }
            RgbaImage next = coordinates(2048, 1024);
            next.pixels()[0] = 0xff123456;
            tiles.setSource(ViewPixels.of(next));
            TiledImage.Tile t = tiles.tile(0, 0, 0);
            assertThat(at(t, 0, 0)).isEqualTo(0xff123456);
            for (int i = 1; i < 4; i++) {
                tiles.tile(0, i, 1);
            }
        });
        assertThat(tiles.tilesMade()).isEqualTo(4);
    }

    @Test
    void translucentPixelsArePremultiplied() {
        assertThat(TiledImage.premultiplied(0xff102030)).isEqualTo(0xff102030);
        assertThat(TiledImage.premultiplied(0x80ff4000)).isEqualTo(0x80802000);
        assertThat(TiledImage.premultiplied(0x00ffffff)).isZero();
    }
}
