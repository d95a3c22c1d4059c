package org.convolab.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleConsumer;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConstantPolicy;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterCost;
import org.convolab.core.FilterResult;
import org.convolab.core.FilterSpec;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.core.Timings;

/**
 * Filters a rectangle of an image, or the whole image band by band, with the pixels equal to those
 * of filtering the whole image at once. The rectangle is cut out with the mask's halo around it; where
 * the halo leaves the image, a folding policy (clamp, reflect, mirror, wrap) fills it with the pixels
 * the whole-image filter would read, and a constant policy keeps the image's edge, where the engine
 * applies the constant itself. The halo's own outputs are thrown away.
 */
final class RegionFilter {
    /** Pixels per band of the whole-image pass: small enough to cancel and report progress often. */
    static final int BAND_PIXELS = 4 << 20;

    /** Rows per band of an image this wide. */
    static int bandRows(int width) {
        return Math.max(1, BAND_PIXELS / width);
    }

    private RegionFilter() {
    }

    /** The filtered w x h rectangle at (x, y) of the image: the same pixels as the whole result's crop. */
    static FilterResult filter(ConvolutionEngine engine, RgbaImage image, FilterSpec spec, Strategy strategy, int x, int y,
            int w, int h) {
        int hx = spec.mask().radiusX();
        int hy = spec.mask().radiusY();
        boolean constant = spec.border() instanceof ConstantPolicy;
        // a constant policy's ghosts are not pixels: stop at the image's edge and let the engine add them
        int ex0 = constant ? Math.max(0, x - hx) : x - hx;
        int ey0 = constant ? Math.max(0, y - hy) : y - hy;
        int ex1 = constant ? Math.min(image.width(), x + w + hx) : x + w + hx;
        int ey1 = constant ? Math.min(image.height(), y + h + hy) : y + h + hy;
        RgbaImage haloed = cut(image, spec.border(), ex0, ey0, ex1 - ex0, ey1 - ey0);
        FilterResult r = engine.filter(haloed, spec, strategy);
        return new FilterResult(r.image().crop(x - ex0, y - ey0, w, h), r.strategy(), r.timings());
    }

    /**
     * The whole image filtered in bands of rows.
     *
     * @param bandRows  rows per band (the last may be shorter)
     * @param out       width*height pixels, whatever they hold (every one is written): the result's array
     * @param cancelled asked between bands; when it says yes the result is null
     * @param progress  told the fraction done after each band
     */
    static FilterResult filterInBands(ConvolutionEngine engine, RgbaImage image, FilterSpec spec, Strategy strategy,
            int bandRows, int[] out, BooleanSupplier cancelled, DoubleConsumer progress) {
        int width = image.width();
        int height = image.height();
        if (out.length != width * height) {
            throw new IllegalArgumentException("a " + width + "x" + height + " result needs " + width * height
                    + " pixels, the array holds " + out.length);
        }
        int band = Math.max(1, bandRows);
        long start = System.nanoTime();
        List<Timings> parts = new ArrayList<>();
        Strategy ran = strategy;
        for (int y = 0; y < height; y += band) {
            if (cancelled.getAsBoolean()) {
                return null;
            }
            int h = Math.min(band, height - y);
            FilterResult r = filter(engine, image, spec, strategy, 0, y, width, h);
            System.arraycopy(r.image().pixels(), 0, out, y * width, width * h);
            parts.add(r.timings());
            ran = r.strategy();
            progress.accept((y + h) / (double) height);
        }
        double total = (System.nanoTime() - start) / 1e6;
        return new FilterResult(new RgbaImage(width, height, out), ran, sum(parts, total, image, spec, ran));
    }

    /** The band timings added up; the total is the wall time of the whole pass. */
    private static Timings sum(List<Timings> parts, double totalMs, RgbaImage image, FilterSpec spec, Strategy ran) {
        double up = 0;
        double unpack = 0;
        double pack = 0;
        double down = 0;
        double result = 0;
        List<Double> channels = new ArrayList<>();
        for (Timings t : parts) {
            up += t.uploadMs();
            unpack += t.unpackMs();
            pack += t.packMs();
            down += t.downloadMs();
            result += t.resultMs();
            for (int c = 0; c < t.channelMs().size(); c++) {
                if (c < channels.size()) {
                    channels.set(c, channels.get(c) + t.channelMs().get(c));
                } else {
                    channels.add(t.channelMs().get(c));
                }
            }
        }
        FilterCost cost = FilterCost.NONE;
        for (Timings t : parts) {
            cost = cost.plus(t.cost());
        }
        return new Timings(up, unpack, channels, pack, down, totalMs, result, cost);
    }

    /** The w x h rectangle at (x, y), which may reach outside the image; outside, a folding policy's pixels. */
    static RgbaImage cut(RgbaImage image, BorderPolicy border, int x, int y, int w, int h) {
        int iw = image.width();
        int ih = image.height();
        if (x >= 0 && y >= 0 && x + w <= iw && y + h <= ih) {
            return image.crop(x, y, w, h);
        }
        int[] src = image.pixels();
        int[] p = new int[w * h];
        int[] columns = new int[w];
        for (int c = 0; c < w; c++) {
            columns[c] = border.index(x + c, iw);
        }
        for (int r = 0; r < h; r++) {
            int row = border.index(y + r, ih) * iw;
            int o = r * w;
            int inside = Math.max(0, -x);
            int insideEnd = Math.min(w, iw - x);
            for (int c = 0; c < w; c++) {
                if (c == inside && insideEnd > inside) {
                    System.arraycopy(src, row + x + c, p, o + c, insideEnd - inside);
                    c = insideEnd - 1;
                } else {
                    p[o + c] = src[row + columns[c]];
                }
            }
        }
        return new RgbaImage(w, h, p);
    }
}
