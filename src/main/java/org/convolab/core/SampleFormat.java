package org.convolab.core;

/**
 * How a row of an image file stores its pixels: 1 (grey), 2 (grey and alpha), 3 (RGB) or 4 (RGBA)
 * interleaved samples a pixel, each 8 or 16 bits. Alpha, when present, is the last sample.
 *
 * @param channels samples a pixel, 1 to 4
 * @param bitDepth 8 or 16
 */
public record SampleFormat(int channels, int bitDepth) {

    public SampleFormat {
        if (channels < 1 || channels > 4) {
            throw new ConvolabException("an image has 1 to 4 samples a pixel, not " + channels);
        }
        if (bitDepth != 8 && bitDepth != 16) {
            throw new ConvolabException("samples are 8 or 16 bits, not " + bitDepth);
        }
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

    /** The largest sample value: 255 or 65535. */
    public int maxValue() {
        return (1 << bitDepth) - 1;
    }

    /** The same layout with or without alpha. */
    public SampleFormat withAlpha(boolean a) {
        return new SampleFormat(colourChannels() + (a ? 1 : 0), bitDepth);
    }

    /** The same layout with 8-bit samples. */
    public SampleFormat eightBit() {
        return new SampleFormat(channels, 8);
    }

    /** "16-bit grey", "8-bit RGBA", ... */
    @Override
    public String toString() {
        String kind = switch (channels) {
            case 1 -> "grey";
            case 2 -> "grey+alpha";
            case 3 -> "RGB";
            default -> "RGBA";
        };
        return bitDepth + "-bit " + kind;
    }
}
