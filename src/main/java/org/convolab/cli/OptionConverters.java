package org.convolab.cli;

import java.util.Locale;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConvolabException;
import org.convolab.core.Mask;
import org.convolab.core.OutputDepth;
import org.convolab.core.Strategy;
import org.convolab.core.UserText;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * picocli converters for the option values that have a range or a syntax: a bad value is found while
 * parsing, so it is a usage error (exit 2) with one line naming the option, never a late failure.
 */
final class OptionConverters {

    private OptionConverters() {
    }

    /** An image size written as WxH. */
    record Size(int width, int height) {
    }

    /** A whole number of at least a minimum. */
    abstract static class AtLeast implements ITypeConverter<Integer> {
        private final int min;

        AtLeast(int min) {
            this.min = min;
        }

        @Override
        public Integer convert(String value) {
            int n = wholeNumber(value);
            if (n < min) {
                throw new TypeConversionException("must be at least " + min + ", not " + UserText.quote(value));
            }
            return n;
        }
    }

    /** A whole number of at least 1 (--repeat). */
    static final class Positive extends AtLeast {
        Positive() {
            super(1);
        }
    }

    /** A whole number of at least 0 (--warmup). */
    static final class NonNegative extends AtLeast {
        NonNegative() {
            super(0);
        }
    }

    /** An output depth: same, 8, 16 or float. */
    static final class Depth implements ITypeConverter<OutputDepth> {
        @Override
        public OutputDepth convert(String value) {
            try {
                return OutputDepth.parse(value);
            } catch (ConvolabException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** A mask radius: 0 to 31, so that the mask's 2r+1 fits 63 (and cannot overflow). */
    static final class Radius implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            int r = wholeNumber(value);
            if (r < 0 || r > Mask.DIRECT_MAX_SIZE / 2) {
                throw new TypeConversionException("radius " + UserText.quote(value) + " is out of range: 0 to " + Mask.DIRECT_MAX_SIZE / 2);
            }
            return r;
        }
    }

    /** WxH, each at least 1, at most 2^30 pixels in all. */
    static final class ImageSize implements ITypeConverter<Size> {
        @Override
        public Size convert(String value) {
            String[] parts = value.toLowerCase(Locale.ROOT).split("x", -1);
            try {
                if (parts.length == 2) {
                    int w = Integer.parseInt(parts[0].strip());
                    int h = Integer.parseInt(parts[1].strip());
                    if (w >= 1 && h >= 1 && (long) w * h <= 1L << 30) {
                        return new Size(w, h);
                    }
                }
            } catch (NumberFormatException e) {
                // the message below says what is wanted
            }
            throw new TypeConversionException(UserText.quote(value) + " is not a size like 4096x4096 (each side at least 1, at most 2^30 pixels)");
        }
    }

    /** A positive, finite number of megapixels. */
    static final class Megapixels implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            double mp = number(value);
            if (!(mp > 0) || !Double.isFinite(mp)) {
                throw new TypeConversionException("must be a number of megapixels above 0, not " + UserText.quote(value));
            }
            return mp;
        }
    }

    /** A finite number other than 0. */
    static final class Divisor implements ITypeConverter<Float> {
        @Override
        public Float convert(String value) {
            float d = (float) number(value);
            if (d == 0f || !Float.isFinite(d)) {
                throw new TypeConversionException("must be a finite number other than 0, not " + UserText.quote(value));
            }
            return d;
        }
    }

    /** A finite number. */
    static final class Finite implements ITypeConverter<Float> {
        @Override
        public Float convert(String value) {
            float f = (float) number(value);
            if (!Float.isFinite(f)) {
                throw new TypeConversionException("must be a finite number, not " + UserText.quote(value));
            }
            return f;
        }
    }

    /** A ghost-cell policy name. */
    static final class Border implements ITypeConverter<BorderPolicy> {
        @Override
        public BorderPolicy convert(String value) {
            try {
                return BorderPolicy.parse(value);
            } catch (ConvolabException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** A strategy name. */
    static final class StrategyName implements ITypeConverter<Strategy> {
        @Override
        public Strategy convert(String value) {
            try {
                return Strategy.parse(value);
            } catch (ConvolabException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    private static int wholeNumber(String value) {
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new TypeConversionException(UserText.quote(value) + " is not a whole number from "
                    + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE);
        }
    }

    private static double number(String value) {
        try {
            return Double.parseDouble(value.strip());
        } catch (NumberFormatException e) {
            throw new TypeConversionException(UserText.quote(value) + " is not a number");
        }
    }
}
