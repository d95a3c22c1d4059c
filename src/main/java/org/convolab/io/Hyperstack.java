package org.convolab.io;

import java.util.Locale;
import java.util.Optional;

/**
 * The dimensions of a stack as ImageJ's hyperstacks have them: channels, z slices and time frames, pages in
 * channel-fastest order (page = c + channels * (z + slices * t)), with the voxel depth ({@code spacing}) and unit.
 * Read from, and written back into, the TIFF ImageDescription that ImageJ and Fiji write ({@code ImageJ=1.54p
 * images=N channels=C slices=Z frames=T hyperstack=true spacing=S unit=U}); a TIFF without one is a stack of
 * slices.
 *
 * @param description the input's ImageJ description as it was, kept for the output; empty when there was none
 */
public record Hyperstack(int channels, int slices, int frames, Optional<Double> spacing, Optional<String> unit,
                         Optional<String> description) {

    /** A plain stack of {@code pages} z slices. */
    public static Hyperstack slices(int pages) {
        return new Hyperstack(1, pages, 1, Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** The number of pages. */
    public int pages() {
        return channels * slices * frames;
    }

    /** The page of channel c, slice z, frame t (all from 0). */
    public int page(int c, int z, int t) {
        return c + channels * (z + slices * t);
    }

    /**
     * The dimensions an ImageJ description gives, where they multiply to the page count; else every page a slice
     * (the description is kept all the same).
     */
    static Hyperstack parse(Optional<String> text, int pages) {
        if (text.isEmpty() || !text.get().startsWith("ImageJ=")) {
            return slices(pages);
        }
        int c = 1;
        int z = -1;
        int t = 1;
        Double spacing = null;
        String unit = null;
        for (String line : text.get().split("\n")) {
            int eq = line.indexOf('=');
            if (eq < 0) {
                continue;
            }
            String k = line.substring(0, eq).strip();
            String v = line.substring(eq + 1).strip();
            try {
                switch (k) {
                    case "channels" -> c = Integer.parseInt(v);
                    case "slices" -> z = Integer.parseInt(v);
                    case "frames" -> t = Integer.parseInt(v);
                    case "spacing" -> spacing = Double.parseDouble(v);
                    case "unit" -> unit = v;
                    default -> {
                        // other keys (min, max, loop, finterval...) ride along in the kept description
                    }
                }
            } catch (NumberFormatException e) {
                return new Hyperstack(1, pages, 1, Optional.empty(), Optional.empty(), text);
            }
        }
        if (z < 0) {
            z = c > 0 && t > 0 && pages % (c * t) == 0 ? pages / (c * t) : -1;
        }
        if (c < 1 || z < 1 || t < 1 || (long) c * z * t != pages) {
            return new Hyperstack(1, pages, 1, Optional.ofNullable(spacing), Optional.ofNullable(unit), text);
        }
        return new Hyperstack(c, z, t, Optional.ofNullable(spacing), Optional.ofNullable(unit), text);
    }

    /**
     * The ImageJ description for an output of these dimensions: the input's, where it had one, else a new one
     * that ImageJ and Fiji read as a stack (or hyperstack) of these dimensions.
     */
    public String imageJDescription() {
        if (description.isPresent()) {
            return description.get();
        }
        StringBuilder b = new StringBuilder("ImageJ=1.54p\nimages=").append(pages()).append('\n');
        if (channels > 1) {
            b.append("channels=").append(channels).append('\n');
        }
        if (slices > 1) {
            b.append("slices=").append(slices).append('\n');
        }
        if (frames > 1) {
            b.append("frames=").append(frames).append('\n');
        }
        if (channels > 1 || frames > 1) {
            b.append("hyperstack=true\n");
        }
        unit.ifPresent(u -> b.append("unit=").append(u).append('\n'));
        spacing.ifPresent(s -> b.append("spacing=").append(String.format(Locale.ROOT, "%s", s)).append('\n'));
        return b.append("loop=false\n").toString();
    }

    /** "3 channels x 20 slices x 5 frames", naming only the dimensions past 1 (slices always). */
    public String describe() {
        StringBuilder b = new StringBuilder();
        if (channels > 1) {
            b.append(channels).append(" channels x ");
        }
        b.append(slices).append(slices == 1 ? " slice" : " slices");
        if (frames > 1) {
            b.append(" x ").append(frames).append(" frames");
        }
        return b.toString();
    }
}
