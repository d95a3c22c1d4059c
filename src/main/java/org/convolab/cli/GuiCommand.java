package org.convolab.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.convolab.ui.ConvolabApp;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code convolab gui [IMAGE]}: opens the desktop application. */
@Command(name = "gui", mixinStandardHelpOptions = true,
        description = "Open the desktop application, on IMAGE or on a bundled sample image.")
public final class GuiCommand implements Callable<Integer> {

    @Parameters(index = "0", arity = "0..1", paramLabel = "IMAGE", description = "image to open first")
    Path image;

    @picocli.CommandLine.Option(names = "--classroom", description = "also open the classroom window (ghost cells, tiles, cost model)")
    boolean classroom;

    @Override
    public Integer call() {
        return ConvolabApp.launchApp(image, classroom);
    }
}
