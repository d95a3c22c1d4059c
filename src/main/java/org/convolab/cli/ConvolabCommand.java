package org.convolab.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The top-level {@code convolab} command. */
@Command(name = "convolab", mixinStandardHelpOptions = true, version = "Convolab 0.1.0",
        description = {"GPU image convolution: filter images with 2D masks on CUDA or the CPU.",
                "With no command, opens the desktop application."})
public final class ConvolabCommand implements Runnable {

    /**
     * The subcommands, in the order help lists them, made on demand: {@link Cli} adds only the one a command
     * line names, since picocli builds each one's model by reflection (a tenth of a second for all of them
     * in a cold JVM) before it runs any.
     */
    static final java.util.Map<String, java.util.function.Supplier<Object>> SUBCOMMANDS = subcommands();

    private static java.util.Map<String, java.util.function.Supplier<Object>> subcommands() {
        java.util.Map<String, java.util.function.Supplier<Object>> m = new java.util.LinkedHashMap<>();
        m.put("filter", FilterCommand::new);
        m.put("batch", BatchCommand::new);
        m.put("bench", BenchCommand::new);
        m.put("histogram", HistogramCommand::new);
        m.put("selftest", SelftestCommand::new);
        m.put("soak", SoakCommand::new);
        m.put("explain", ExplainCommand::new);
        m.put("devices", DevicesCommand::new);
        m.put("gui", GuiCommand::new);
        m.put("help", picocli.CommandLine.HelpCommand::new);
        return java.util.Collections.unmodifiableMap(m);
    }

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
