package org.convolab.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import org.convolab.core.ConvolabException;
import org.convolab.core.UserText;
import picocli.CommandLine;

/**
 * Runs the command line: picocli parses, the subcommands work, and this class turns every failure
 * into an exit code and one line on stderr. Exit 0 on success, 1 on bad input (one clear line, no
 * stack trace), 2 on a usage error (picocli's message and the usage).
 */
public final class Cli {

    /** Longest error line printed: user tokens inside are cut shorter, this bounds the rest. */
    static final int MAX_LINE = 400;

    private Cli() {
    }

    /** Runs the CLI with the given streams and returns the exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine cl = commandLine(out, err, args.length > 0 ? args[0] : "");
        int code;
        try {
            code = cl.execute(args);
        } catch (Throwable t) { // errors (a missing native library, say) bypass picocli's handler
            err.println("convolab: " + oneLine(t));
            return 1;
        }
        // PrintStream and PrintWriter swallow write errors (a full disk, /dev/full): ask them
        if (cl.getOut().checkError() || out.checkError()) {
            err.println("convolab: cannot write to standard output (the disk is full, or the reader closed it); the output is incomplete");
            return code == 0 ? 1 : code;
        }
        return code;
    }

    /** True when the arguments open the GUI (which keeps the JVM alive after main returns). */
    public static boolean isGui(String[] args) {
        return args.length > 0 && args[0].equals("gui");
    }

    /** The command line with every subcommand (help, suggestions). */
    static CommandLine commandLine(PrintStream out, PrintStream err) {
        return commandLine(out, err, "");
    }

    /**
     * The command line with only the subcommand {@code first} names where it names one (a shorter start:
     * no other command's model is built), else with all of them.
     */
    static CommandLine commandLine(PrintStream out, PrintStream err, String first) {
        CommandLine cl = new CommandLine(new ConvolabCommand());
        java.util.function.Supplier<Object> only = first.equals("help") ? null : ConvolabCommand.SUBCOMMANDS.get(first);
        if (only != null) {
            cl.addSubcommand(first, only.get());
        } else {
            ConvolabCommand.SUBCOMMANDS.forEach((name, make) -> cl.addSubcommand(name, make.get()));
        }
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            commandLine.getErr().println("convolab: " + oneLine(ex));
            commandLine.getErr().flush();
            return 1;
        });
        cl.setParameterExceptionHandler((ex, args) -> {
            // a usage error: picocli's message, made safe to print, then the usage; exit 2
            CommandLine c = ex.getCommandLine();
            PrintWriter e = c.getErr();
            e.println("convolab: " + safe(ex.getMessage()));
            if (!CommandLine.UnmatchedArgumentException.printSuggestions(ex, e)) {
                c.usage(e);
            }
            e.flush();
            return c.getCommandSpec().exitCodeOnInvalidInput();
        });
        return cl;
    }

    /** One line for any failure: the message of a ConvolabException, else the error's kind and message. */
    static String oneLine(Throwable ex) {
        return safe(rawLine(ex));
    }

    /** A message with control characters escaped and cut to {@value #MAX_LINE} characters. */
    static String safe(String message) {
        String m = message == null ? "" : message;
        return UserText.escape(m.length() > MAX_LINE ? m.substring(0, MAX_LINE) + "…" : m);
    }

    private static String rawLine(Throwable ex) {
        if (ex instanceof ConvolabException) {
            return ex.getMessage();
        }
        if (ex instanceof OutOfMemoryError) {
            return "out of memory (raise the Java heap with -Xmx, or use a smaller image)";
        }
        java.util.Optional<ConvolabException> known = ConvolabException.foundIn(ex);
        if (known.isPresent()) {
            return known.get().getMessage();
        }
        return "internal error: " + ex.getClass().getSimpleName() + (ex.getMessage() == null ? "" : ": " + ex.getMessage());
    }
}
