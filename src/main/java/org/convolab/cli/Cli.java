package org.convolab.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import org.convolab.core.ConvolabException;
import picocli.CommandLine;

/**
 * Runs the command line: picocli parses, the subcommands work, and this class turns every failure
 * into an exit code and one line on stderr. Exit 0 on success, 1 on bad input (one clear line, no
 * stack trace), 2 on a usage error (picocli's message and the usage).
 */
public final class Cli {

    private Cli() {
    }

    /** Runs the CLI with the given streams and returns the exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cl = commandLine(out, err);
        try {
            return cl.execute(args);
        } catch (Throwable t) { // errors (a missing native library, say) bypass picocli's handler
            err.println("convolab: " + oneLine(t));
            return 1;
        }
    }

    /** True when the arguments open the GUI (which keeps the JVM alive after main returns). */
    public static boolean isGui(String[] args) {
        return args.length > 0 && args[0].equals("gui");
    }

    static CommandLine commandLine(PrintStream out, PrintStream err) {
        CommandLine cl = new CommandLine(new ConvolabCommand());
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            commandLine.getErr().println("convolab: " + oneLine(ex));
            commandLine.getErr().flush();
            return 1;
        });
        return cl;
    }

    /** One line for any failure: the message of a ConvolabException, else the error's kind and message. */
    static String oneLine(Throwable ex) {
        if (ex instanceof ConvolabException) {
            return ex.getMessage();
        }
        if (ex instanceof OutOfMemoryError) {
            return "out of memory (raise the Java heap with -Xmx, or use a smaller image)";
        }
        Throwable c = ex;
        while (c.getCause() != null && !(c instanceof ConvolabException)) {
            c = c.getCause();
        }
        if (c instanceof ConvolabException) {
            return c.getMessage();
        }
        return "internal error: " + ex.getClass().getSimpleName() + (ex.getMessage() == null ? "" : ": " + ex.getMessage());
    }
}
