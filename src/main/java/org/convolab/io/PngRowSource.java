package org.convolab.io;

import ar.com.hjg.pngj.ImageInfo;
import ar.com.hjg.pngj.ImageLineHelper;
import ar.com.hjg.pngj.ImageLineInt;
import ar.com.hjg.pngj.PngReader;
import ar.com.hjg.pngj.PngjException;
import ar.com.hjg.pngj.chunks.PngChunkICCP;
import ar.com.hjg.pngj.chunks.PngChunkPLTE;
import ar.com.hjg.pngj.chunks.PngChunkTRNS;
import java.nio.ByteBuffer;
import java.nio.ShortBuffer;
import java.nio.file.Path;
import java.util.Optional;
import org.convolab.core.ConvolabException;
import org.convolab.core.RowSource;
import org.convolab.core.SampleFormat;
import org.convolab.core.SampleImageFilter.Samples;

/**
 * A PNG read a row at a time through PNGJ: 8 and 16-bit samples as stored; 1, 2 and 4-bit grey scaled
 * to 8 bits; palette images expanded to RGB (RGBA when the palette has transparency). Grey and RGB with a
 * colour key ({@code tRNS}, as PNG optimisers write) get an alpha channel: 0 where a pixel's stored samples
 * equal the key, the maximum elsewhere. The iCCP profile is handed on as it is ({@link PngChunks} has capped
 * it); text chunks are skipped unread.
 */
final class PngRowSource implements RowSource {

    private final Path file;
    private final PngReader reader;
    private final ImageInfo info;
    private final SampleFormat format;
    private final PngChunkPLTE palette;
    private final PngChunkTRNS transparency;
    private final byte[] icc;
    /** The colour key of a grey or RGB image (its stored samples), or null. */
    private final int[] key;

    PngRowSource(Path file) {
        this.file = file;
        try {
            reader = new PngReader(file.toFile());
            reader.setMaxTotalBytesRead(Long.MAX_VALUE); // PNGJ stops at 900 MB by default; big images are the point
            reader.setChunksToSkip("fdAT", "zTXt", "iTXt", "tEXt"); // never used: not inflated, not held
            info = reader.imgInfo;
            palette = info.indexed ? reader.getMetadata().getPLTE() : null;
            PngChunkTRNS trns = reader.getMetadata().getTRNS();
            transparency = info.indexed ? trns : null;
            key = info.indexed || info.alpha || trns == null ? null
                    : info.greyscale ? new int[] {trns.getGray()} : trns.getRGB();
            int channels = info.indexed ? (transparency != null ? 4 : 3) : info.channels + (key != null ? 1 : 0);
            format = new SampleFormat(channels, info.bitDepth == 16 ? 16 : 8);
            PngChunkICCP iccp = (PngChunkICCP) reader.getChunksList().getById1(PngChunkICCP.ID);
            icc = iccp == null ? null : iccp.getProfile();
        } catch (PngjException | IllegalArgumentException e) {
            throw damaged(e);
        }
        if (info.indexed && palette == null) {
            reader.close();
            throw new ConvolabException("cannot decode " + file + ": the PNG has a palette type but no palette");
        }
    }

    private ConvolabException damaged(Exception e) {
        String m = e.getMessage();
        return new ConvolabException("cannot decode " + file + ": the PNG data is damaged or truncated"
                + (m == null || m.isBlank() ? "" : " (" + m.strip() + ")"));
    }

    @Override
    public int width() {
        return info.cols;
    }

    @Override
    public int height() {
        return info.rows;
    }

    @Override
    public SampleFormat format() {
        return format;
    }

    @Override
    public Optional<byte[]> iccProfile() {
        return Optional.ofNullable(icc);
    }

    @Override
    public void readRow(int[] samples) {
        ImageLineInt line;
        try {
            line = (ImageLineInt) reader.readRow();
        } catch (PngjException | IllegalStateException e) {
            throw damaged(e);
        }
        int[] s = line.getScanline();
        if (palette != null) {
            if (transparency != null) {
                ImageLineHelper.palette2rgba(line, palette, transparency, samples);
            } else {
                ImageLineHelper.palette2rgb(line, palette, samples);
            }
        } else if (key != null) {
            keyToAlpha(s, samples);
        } else if (info.bitDepth < 8) {
            int scale = 255 / ((1 << info.bitDepth) - 1); // 255, 85 or 17: exact
            for (int i = 0; i < info.cols; i++) {
                samples[i] = s[i] * scale;
            }
        } else {
            System.arraycopy(s, 0, samples, 0, info.samplesPerRow);
        }
    }

    /** Samples stored as they are read (8 or 16 bits, no palette, no colour key) go from PNGJ's row into {@code dst}. */
    @Override
    public void readSamples(ByteBuffer dst, int rows, Samples kind) {
        if (palette != null || key != null || info.bitDepth < 8 || kind != Samples.U16) {
            RowSource.super.readSamples(dst, rows, kind);
            return;
        }
        int n = info.samplesPerRow;
        ShortBuffer shorts = dst.asShortBuffer();
        short[] row = new short[n];
        for (int y = 0; y < rows; y++) {
            int[] s;
            try {
                s = ((ImageLineInt) reader.readRow()).getScanline();
            } catch (PngjException | IllegalStateException e) {
                throw damaged(e);
            }
            for (int i = 0; i < n; i++) {
                row[i] = (short) s[i];
            }
            shorts.put(row);
        }
        dst.position(dst.position() + rows * n * 2);
    }

    /** Grey or RGB samples with an alpha channel from the colour key, compared with the stored samples. */
    private void keyToAlpha(int[] s, int[] samples) {
        int in = info.channels;
        int scale = info.bitDepth < 8 ? 255 / ((1 << info.bitDepth) - 1) : 1;
        int opaque = info.bitDepth == 16 ? 65535 : 255;
        for (int x = 0, i = 0, o = 0; x < info.cols; x++, i += in) {
            boolean transparent = true;
            for (int c = 0; c < in; c++) {
                transparent &= s[i + c] == key[c];
                samples[o++] = s[i + c] * scale;
            }
            samples[o++] = transparent ? 0 : opaque;
        }
    }

    @Override
    public void close() {
        reader.close();
    }
}
