package org.convolab.imagej;

import ij.process.ByteProcessor;
import ij.process.ColorProcessor;
import ij.process.FloatProcessor;
import ij.process.ImageProcessor;
import ij.process.ShortProcessor;
import java.awt.Rectangle;
import org.convolab.api.Convolab;
import org.convolab.core.ConvolabException;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.LaunchPlan;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;

/**
 * Filters one ImageJ image (a slice) through a {@link Convolab}: the whole image is read, so pixels outside the
 * selection feed the ones inside as in ImageJ's own filters, and only the selection's rectangle is written
 * (ImageJ then restores what lies outside a non-rectangular selection, for {@code SUPPORTS_MASKING}).
 *
 * <p>8- and 16-bit images are filtered as a float plane and rounded half up and clamped, as ImageJ's
 * {@code Convolver} stores its float result; 32-bit images keep the float result; RGB goes through the
 * engine's packed 8-bit path (on a GPU the fused kernels), each of R, G and B alike.
 */
final class ProcessorFilter {

    private ProcessorFilter() {
    }

    /** Filters {@code ip} in place inside its ROI rectangle; returns the plan that ran. */
    static LaunchPlan inPlace(ImageProcessor ip, Convolab lab, FilterSpec spec, Strategy strategy) {
        Rectangle r = ip.getRoi();
        int w = ip.getWidth();
        if (ip instanceof ColorProcessor) {
            int[] px = (int[]) ip.getPixels();
            int[] argb = new int[px.length];
            for (int i = 0; i < px.length; i++) {
                argb[i] = px[i] | 0xff000000; // ImageJ's RGB has no alpha: a full one, so the engine keeps it
            }
            FilterResult fr = lab.filter(new RgbaImage(w, ip.getHeight(), argb), spec, strategy);
            int[] out = fr.image().pixels();
            for (int y = r.y; y < r.y + r.height; y++) {
                for (int x = r.x, i = y * w + r.x; x < r.x + r.width; x++, i++) {
                    px[i] = (px[i] & 0xff000000) | (out[i] & 0xffffff);
                }
            }
            return fr.plan();
        }
        Convolab.PlanesResult res = lab.filter(plane(ip), w, ip.getHeight(), spec, strategy);
        float[] v = res.plane();
        Object pixels = ip.getPixels();
        for (int y = r.y; y < r.y + r.height; y++) {
            for (int x = r.x, i = y * w + r.x; x < r.x + r.width; x++, i++) {
                if (pixels instanceof byte[] b) {
                    b[i] = (byte) Convolab.toSample(v[i], 255);
                } else if (pixels instanceof short[] s) {
                    s[i] = (short) Convolab.toSample(v[i], 65535);
                } else {
                    ((float[]) pixels)[i] = v[i];
                }
            }
        }
        return res.plan();
    }

    /** The float result of a grey image (8, 16 or 32-bit) as a new 32-bit image, the whole image. */
    static Convolab.PlanesResult toFloat(ImageProcessor ip, Convolab lab, FilterSpec spec, Strategy strategy) {
        if (ip instanceof ColorProcessor) {
            throw new ConvolabException("32-bit output is for 8-bit, 16-bit and 32-bit images; an RGB image is filtered "
                    + "in place (output=same)");
        }
        return lab.filter(plane(ip), ip.getWidth(), ip.getHeight(), spec, strategy);
    }

    /** The stored values of a grey image as floats (no calibration: ImageJ's filters work on stored values). */
    static float[] plane(ImageProcessor ip) {
        int n = ip.getWidth() * ip.getHeight();
        float[] f = new float[n];
        if (ip instanceof ByteProcessor) {
            byte[] b = (byte[]) ip.getPixels();
            for (int i = 0; i < n; i++) {
                f[i] = b[i] & 0xff;
            }
        } else if (ip instanceof ShortProcessor) {
            short[] s = (short[]) ip.getPixels();
            for (int i = 0; i < n; i++) {
                f[i] = s[i] & 0xffff;
            }
        } else if (ip instanceof FloatProcessor) {
            System.arraycopy((float[]) ip.getPixels(), 0, f, 0, n);
        } else {
            throw new ConvolabException("Convolab Convolve takes 8-bit grey, 16-bit, 32-bit and RGB images");
        }
        return f;
    }
}
