package org.convolab.core;

import java.util.Locale;

/**
 * How a row of an image file stores its pixels: 1 (grey), 2 (grey and alpha), 3 (RGB) or 4 (RGBA)
 * interleaved samples a pixel, each an unsigned integer of 8, 16 or 32 bits, a signed 32-bit integer or a
 * 32-bit float (ImageJ's 32-bit type). Alpha, when present, is the last sample.
 *
 * <p>Rows travel as {@code int[]}: an 8- or 16-bit sample is its value, a signed 32-bit sample its value,
 * an unsigned 32-bit one its bits (read with {@link Integer#toUnsignedLong}), a float its bits
 * ({@link Float#floatToRawIntBits}). {@link #toFloat} and {@link #fromFloat} convert, so a filter works on
 * floats whatever the file stores.
 *
 * @param channels samples a pixel, 1 to 4
 * @param bitDepth 8, 16 or 32
 * @param kind     unsigned or signed integer, or floating point
 */
public record SampleFormat(int channels, int bitDepth, Kind kind) {

    /** What a sample's bits mean. */
    public enum Kind {
        /** An unsigned integer: 8, 16 or 32 bits. */
        UNSIGNED,
        /** A two's-complement signed integer: 32 bits. */
        SIGNED,
        /** An IEEE 754 float: 32 bits. */
        FLOAT
    }

    public SampleFormat {
        if (channels < 1 || channels > 4) {
            throw new ConvolabException("an image has 1 to 4 samples a pixel, not " + channels);
        }
        boolean ok = switch (kind) {
            case UNSIGNED -> bitDepth == 8 || bitDepth == 16 || bitDepth == 32;
            case SIGNED, FLOAT -> bitDepth == 32;
        };
        if (!ok) {
            throw new ConvolabException("samples are 8-, 16- or 32-bit unsigned integers, 32-bit signed integers or 32-bit"
                    + " floats, not " + describe(bitDepth, kind));
        }
    }

    /** Unsigned integer samples of 8 or 16 bits, as PNG holds. */
    public SampleFormat(int channels, int bitDepth) {
        this(channels, bitDepth, Kind.UNSIGNED);
    }

    /** True for grey and grey-with-alpha images. */
    public boolean grey() {
        return channels <= 2;
    }

    /** True when the last sample of each pixel is alpha (grey+alpha and RGBA). */
    public boolean alpha() {
        return channels == 2 || channels == 4;
    }

    /** The samples a pixel that are filtered: all but alpha. */
    public int colourChannels() {
        return alpha() ? channels - 1 : channels;
    }

    /** True for 32-bit float samples. */
    public boolean isFloat() {
        return kind == Kind.FLOAT;
    }

    /** True for the 8- and 16-bit unsigned samples that PNG, JPEG and BMP hold. */
    public boolean narrowInteger() {
        return kind == Kind.UNSIGNED && bitDepth <= 16;
    }

    /** Bytes a sample takes in memory and in a file: 1, 2 or 4. */
    public int bytesPerSample() {
        return bitDepth / 8;
    }

    /**
     * The largest sample value of 8- and 16-bit samples: 255 or 65535.
     *
     * @throws IllegalStateException for 32-bit samples, whose range an int does not hold
     */
    public int maxValue() {
        if (!narrowInteger()) {
            throw new IllegalStateException(this + " has no int maximum");
        }
        return (1 << bitDepth) - 1;
    }

    /** The same layout with or without alpha. */
    public SampleFormat withAlpha(boolean a) {
        return new SampleFormat(colourChannels() + (a ? 1 : 0), bitDepth, kind);
    }

    /** The same layout with 8-bit samples. */
    public SampleFormat eightBit() {
        return withDepth(8, Kind.UNSIGNED);
    }

    /** The same layout with samples of another depth and kind. */
    public SampleFormat withDepth(int bits, Kind k) {
        return new SampleFormat(channels, bits, k);
    }

    /** A sample of a row (see the class comment) as the float a filter works on. */
    public float toFloat(int sample) {
        return switch (kind) {
            case FLOAT -> Float.intBitsToFloat(sample);
            case SIGNED -> sample;
            case UNSIGNED -> bitDepth == 32 ? (float) Integer.toUnsignedLong(sample) : sample;
        };
    }

    /**
     * A value as a sample of this format: a float's bits as they are (no rounding, no clamping); an integer
     * rounded half up and clamped to the format's range (NaN gives 0).
     */
    public int fromFloat(float v) {
        if (kind == Kind.FLOAT) {
            return Float.floatToRawIntBits(v);
        }
        if (bitDepth <= 16) { // the float arithmetic the engines' output mapping uses, for the same bits
            return OutputMapping.round(v, (1 << bitDepth) - 1);
        }
        double r = Math.floor((double) v + 0.5);
        if (Double.isNaN(r)) {
            return 0;
        }
        if (kind == Kind.SIGNED) {
            return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, r));
        }
        return (int) (long) Math.max(0, Math.min(0xffff_ffffL, r));
    }

    /** "16-bit grey", "8-bit RGBA", "32-bit float RGB", "32-bit signed integer grey", ... */
    @Override
    public String toString() {
        String layout = switch (channels) {
            case 1 -> "grey";
            case 2 -> "grey+alpha";
            case 3 -> "RGB";
            default -> "RGBA";
        };
        return (narrowInteger() ? bitDepth + "-bit" : describe(bitDepth, kind)) + " " + layout;
    }

    /** "32-bit float", "32-bit signed integer", "16-bit unsigned integer". */
    public static String describe(int bits, Kind kind) {
        return bits + "-bit " + switch (kind) {
            case FLOAT -> "float";
            case SIGNED -> "signed integer";
            case UNSIGNED -> "unsigned integer";
        };
    }

    /** The kind's name in lower case, for messages. */
    public String kindName() {
        return kind.name().toLowerCase(Locale.ROOT);
    }
}
