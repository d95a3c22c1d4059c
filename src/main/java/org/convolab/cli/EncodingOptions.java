package org.convolab.cli;

import org.convolab.io.RowSinks;
import picocli.CommandLine.Option;

/**
 * How outputs are made from their inputs: JPEG quality, PNG deflate level, and the EXIF orientation; shared by the
 * commands that write files.
 */
public final class EncodingOptions {

    @Option(names = "--quality", paramLabel = "Q", defaultValue = "92",
            description = "JPEG quality 1 to 100 (default ${DEFAULT-VALUE}; no chroma subsampling from 90)")
    int quality;

    @Option(names = "--png-level", paramLabel = "L", defaultValue = "1",
            description = "PNG deflate level 0 (fastest) to 9 (smallest), rows adaptively filtered (default ${DEFAULT-VALUE})")
    int pngLevel;

    @Option(names = "--auto-orient", description = "turn photos upright by their EXIF orientation before filtering "
            + "(the output then says orientation 1); without it, JPEG and TIFF outputs keep the input's orientation")
    boolean autoOrient;

    /**
     * The encoder's options.
     *
     * @throws org.convolab.core.ConvolabException for a quality or level out of range
     */
    RowSinks.Options options() {
        return new RowSinks.Options(quality, pngLevel);
    }
}
