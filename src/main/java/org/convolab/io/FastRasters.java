package org.convolab.io;

import java.awt.color.ColorSpace;
import java.awt.image.BufferedImage;
import java.awt.image.ComponentSampleModel;
import java.awt.image.DataBufferByte;
import java.awt.image.DataBufferInt;
import java.awt.image.DirectColorModel;
import java.awt.image.Raster;
import java.awt.image.SinglePixelPackedSampleModel;
import java.awt.image.WritableRaster;
import java.util.stream.IntStream;
import org.convolab.core.RgbaImage;

/**
 * Moves pixels between ImageIO's decoded images and {@link RgbaImage} without going through the
 * colour model pixel by pixel ({@code getRGB} costs about 0.8 s for a 24-megapixel JPEG; reading
 * the raster's bytes, in parallel bands of rows, costs tens of milliseconds), and hands the encoders
 * the image's own array instead of a copy.
 */
public final class FastRasters {

    private static final int ROWS_PER_TASK = 64;

    private FastRasters() {
    }

    /**
     * The image as packed ARGB when its layout is a common sRGB one (8-bit interleaved RGB, BGR,
     * RGBA or ABGR bytes, or packed RGB / ARGB ints, not premultiplied); null otherwise, for the
     * general conversion.
     */
    public static RgbaImage toRgba(BufferedImage img) {
        var cm = img.getColorModel();
        if (!cm.getColorSpace().isCS_sRGB() || cm.isAlphaPremultiplied() || cm.getColorSpace().getType() != ColorSpace.TYPE_RGB) {
            return null;
        }
        Raster r = img.getRaster();
        if (r.getSampleModelTranslateX() != 0 || r.getSampleModelTranslateY() != 0 || r.getParent() != null) {
            return null;
        }
        int w = img.getWidth();
        int h = img.getHeight();
        RgbaImage bytes = fromInterleavedBytes(img);
        if (bytes != null) {
            return bytes;
        }
        if (r.getDataBuffer() instanceof DataBufferInt ints && ints.getNumBanks() == 1
                && r.getSampleModel() instanceof SinglePixelPackedSampleModel sm && cm instanceof DirectColorModel dcm
                && dcm.getRedMask() == 0xff0000 && dcm.getGreenMask() == 0xff00 && dcm.getBlueMask() == 0xff
                && (dcm.getAlphaMask() == 0 || dcm.getAlphaMask() == 0xff000000)) {
            int[] src = ints.getData();
            int off = ints.getOffset();
            int stride = sm.getScanlineStride();
            int opaque = dcm.getAlphaMask() == 0 ? 0xff000000 : 0;
            int[] argb = new int[Math.multiplyExact(w, h)];
            rowBands(h, (y0, y1) -> {
                for (int y = y0; y < y1; y++) {
                    int s = off + y * stride;
                    int d = y * w;
                    for (int x = 0; x < w; x++) {
                        argb[d + x] = src[s + x] | opaque;
                    }
                }
            });
            return new RgbaImage(w, h, argb);
        }
        return null;
    }

    /**
     * The stored samples of an image of 8-bit interleaved RGB or RGBA bytes (in any band order) as packed
     * ARGB, alpha 255 when it has none, whatever its colour space: the values as stored, never converted
     * through the colour model (an embedded ICC profile is not applied), the ones {@code Raster.getPixels}
     * gives. Null for any other layout.
     */
    public static RgbaImage storedArgb(BufferedImage img) {
        int type = img.getColorModel().getColorSpace().getType();
        return type == ColorSpace.TYPE_RGB ? fromInterleavedBytes(img) : null;
    }

    private static RgbaImage fromInterleavedBytes(BufferedImage img) {
        var cm = img.getColorModel();
        Raster r = img.getRaster();
        if (r.getSampleModelTranslateX() != 0 || r.getSampleModelTranslateY() != 0 || r.getParent() != null) {
            return null;
        }
        if (r.getDataBuffer() instanceof DataBufferByte bytes && bytes.getNumBanks() == 1
                && r.getSampleModel() instanceof ComponentSampleModel sm && sm.getNumBands() == cm.getNumComponents()
                && (sm.getNumBands() == 3 || sm.getNumBands() == 4) && sm.getPixelStride() == sm.getNumBands()
                && cm.getComponentSize(0) == 8) {
            return fromBytes(bytes.getData(), bytes.getOffset(), sm, img.getWidth(), img.getHeight());
        }
        return null;
    }

    private static RgbaImage fromBytes(byte[] src, int off, ComponentSampleModel sm, int w, int h) {
        int[] bo = sm.getBandOffsets();
        int ps = sm.getPixelStride();
        int stride = sm.getScanlineStride();
        int ro = bo[0];
        int go = bo[1];
        int bOff = bo[2];
        int ao = ps == 4 ? bo[3] : -1;
        int[] argb = new int[Math.multiplyExact(w, h)];
        rowBands(h, (y0, y1) -> {
            for (int y = y0; y < y1; y++) {
                int s = off + y * stride;
                int d = y * w;
                for (int x = 0; x < w; x++, s += ps) {
                    int a = ao < 0 ? 0xff : src[s + ao] & 0xff;
                    argb[d + x] = (a << 24) | ((src[s + ro] & 0xff) << 16) | ((src[s + go] & 0xff) << 8) | (src[s + bOff] & 0xff);
                }
            }
        });
        return new RgbaImage(w, h, argb);
    }

    /**
     * The image's own pixels as a BufferedImage of packed ints, without a copy: TYPE_INT_ARGB
     * when {@code alpha}, else TYPE_INT_RGB (the alpha byte is then ignored). The result must not
     * be drawn on, since it shares the image's array.
     */
    public static BufferedImage wrap(RgbaImage image, boolean alpha) {
        int w = image.width();
        int h = image.height();
        DirectColorModel cm = alpha
                ? new DirectColorModel(32, 0xff0000, 0xff00, 0xff, 0xff000000)
                : new DirectColorModel(24, 0xff0000, 0xff00, 0xff, 0);
        int[] masks = alpha ? new int[] {0xff0000, 0xff00, 0xff, 0xff000000} : new int[] {0xff0000, 0xff00, 0xff};
        WritableRaster raster = Raster.createPackedRaster(new DataBufferInt(image.pixels(), image.size()), w, h, w, masks, null);
        return new BufferedImage(cm, raster, false, null);
    }

    /**
     * Copies a packed image into a raster of 8-bit interleaved bytes (in any band order) of its size: R, G, B
     * into the first three bands and alpha into a fourth, if the raster has one; in parallel bands of rows.
     * Returns false, copying nothing, for any other raster.
     */
    public static boolean intoInterleavedBytes(RgbaImage image, WritableRaster raster) {
        int w = image.width();
        int h = image.height();
        if (raster.getWidth() != w || raster.getHeight() != h || raster.getSampleModelTranslateX() != 0
                || raster.getSampleModelTranslateY() != 0 || raster.getParent() != null
                || !(raster.getDataBuffer() instanceof DataBufferByte bytes) || bytes.getNumBanks() != 1
                || !(raster.getSampleModel() instanceof ComponentSampleModel sm) || sm.getDataType() != java.awt.image.DataBuffer.TYPE_BYTE
                || (sm.getNumBands() != 3 && sm.getNumBands() != 4) || sm.getPixelStride() != sm.getNumBands()) {
            return false;
        }
        byte[] dst = bytes.getData();
        int off = bytes.getOffset();
        int[] bo = sm.getBandOffsets();
        int ps = sm.getPixelStride();
        int stride = sm.getScanlineStride();
        int ao = ps == 4 ? bo[3] : -1;
        int[] src = image.pixels();
        rowBands(h, (y0, y1) -> {
            for (int y = y0; y < y1; y++) {
                int d = off + y * stride;
                int s = y * w;
                for (int x = 0; x < w; x++, d += ps) {
                    int p = src[s + x];
                    dst[d + bo[0]] = (byte) (p >>> 16);
                    dst[d + bo[1]] = (byte) (p >>> 8);
                    dst[d + bo[2]] = (byte) p;
                    if (ao >= 0) {
                        dst[d + ao] = (byte) (p >>> 24);
                    }
                }
            }
        });
        return true;
    }

    /**
     * Row {@code y} of a raster's samples, as stored, into {@code samples} straight from its data array: 8 and 16-bit
     * samples as unsigned values, 32-bit integers as they are, floats as their bits ({@link Float#floatToRawIntBits}).
     * The raster must interleave its bands in order (pixel stride = bands, band offsets 0, 1, 2...) in one bank, as
     * the TIFF and PNG readers decode; returns false, reading nothing, for any other (then {@code getPixels} does,
     * a pixel at a time through the sample model: about ten times slower).
     */
    public static boolean rowSamples(Raster r, int y, int[] samples) {
        if (!(r.getSampleModel() instanceof ComponentSampleModel sm) || r.getDataBuffer().getNumBanks() != 1) {
            return false;
        }
        int bands = sm.getNumBands();
        int[] bo = sm.getBandOffsets();
        if (sm.getPixelStride() != bands || bo.length != bands) {
            return false;
        }
        for (int b = 0; b < bands; b++) {
            if (bo[b] != b || sm.getBankIndices()[b] != 0) {
                return false;
            }
        }
        java.awt.image.DataBuffer db = r.getDataBuffer();
        int at = db.getOffset() + sm.getOffset(r.getMinX() - r.getSampleModelTranslateX(), y - r.getSampleModelTranslateY(), 0);
        int n = r.getWidth() * bands;
        if (db instanceof DataBufferByte d) {
            byte[] a = d.getData();
            for (int i = 0; i < n; i++) {
                samples[i] = a[at + i] & 0xff;
            }
        } else if (db instanceof java.awt.image.DataBufferUShort d) {
            short[] a = d.getData();
            for (int i = 0; i < n; i++) {
                samples[i] = a[at + i] & 0xffff;
            }
        } else if (db instanceof DataBufferInt d) {
            System.arraycopy(d.getData(), at, samples, 0, n);
        } else if (db instanceof java.awt.image.DataBufferFloat d) {
            float[] a = d.getData();
            for (int i = 0; i < n; i++) {
                samples[i] = Float.floatToRawIntBits(a[at + i]);
            }
        } else {
            return false;
        }
        return true;
    }

    /** True when any pixel is not fully opaque. */
    public static boolean hasAlpha(RgbaImage image) {
        for (int p : image.pixels()) {
            if (p >>> 24 != 0xff) {
                return true;
            }
        }
        return false;
    }

    @FunctionalInterface
    private interface RowBand {
        void rows(int y0, int y1);
    }

    private static void rowBands(int h, RowBand task) {
        int tasks = (h + ROWS_PER_TASK - 1) / ROWS_PER_TASK;
        IntStream.range(0, tasks).parallel().forEach(t -> task.rows(t * ROWS_PER_TASK, Math.min(h, (t + 1) * ROWS_PER_TASK)));
    }
}
