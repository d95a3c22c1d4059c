package org.convolab.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The top-level {@code convolab} command. */
@Command(name = "convolab", mixinStandardHelpOptions = true, version = "Convolab 0.1.0",
        description = {"GPU image convolution: filter images with 2D masks on CUDA or the CPU.",
                "With no command, opens the desktop application."},
        subcommands = {FilterCommand.class, BatchCommand.class, BenchCommand.class, SelftestCommand.class, SoakCommand.class, ExplainCommand.class, DevicesCommand.class, GuiCommand.class,
                picocli.CommandLine.HelpCommand.class})
public final class ConvolabCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
