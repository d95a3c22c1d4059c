package org.convolab.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.convolab.core.ConvolabException;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterSpec;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.io.EncodeOptions;
import org.convolab.io.ImageFiles;

/**
 * Filtering one image file into another, split into the stages of {@link BatchPipeline}: read and
 * decode, filter, encode and write (atomically, through {@link ImageFiles#write}). This is the one
 * place where a batch touches the codecs, so a streamed or metadata-keeping reader and writer go
 * in here.
 */
public final class FileStages implements BatchPipeline.Stages<RgbaImage, RgbaImage> {

    private final FilterSpec spec;
    private final Strategy strategy;
    private final long maxPixels;
    private final EncodeOptions encoding;

    /**
     * @param maxPixels inputs with more pixels are refused from their header
     */
    public FileStages(FilterSpec spec, Strategy strategy, long maxPixels, EncodeOptions encoding) {
        this.spec = spec;
        this.strategy = strategy;
        this.maxPixels = maxPixels;
        this.encoding = encoding;
    }

    @Override
    public RgbaImage decode(Path input) {
        return ImageFiles.read(input, maxPixels);
    }

    @Override
    public RgbaImage filter(ConvolutionEngine engine, RgbaImage decoded) {
        return engine.filter(decoded, spec, strategy).image();
    }

    @Override
    public void encode(RgbaImage filtered, Path output, boolean replace) {
        Path dir = output.toAbsolutePath().getParent();
        try {
            Files.createDirectories(dir); // sub-folders kept with --recursive
        } catch (IOException e) {
            throw new ConvolabException("cannot create folder " + dir + ": " + e.getMessage());
        }
        ImageFiles.write(filtered, output, replace, encoding);
    }

    @Override
    public long pixels(RgbaImage decoded) {
        return decoded.size();
    }
}
