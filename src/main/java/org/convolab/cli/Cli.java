package org.convolab.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import org.convolab.core.ConvolabException;
import org.convolab.core.UserText;
import picocli.CommandLine;

/**
 * Runs the command line: picocli parses, the subcommands work, and this class turns every failure
 * into an exit code and one line on stderr. Exit 0 on success, 1 on bad input (one clear line, no
 * stack trace), 2 on a usage error (one line, then {@code Try 'convolab CMD --help' for more
 * information.}, as GNU tools do), {@value #EXIT_READER_GONE} when the reader of standard output went
 * away (quietly, as {@code cat} killed by SIGPIPE).
 */
public final class Cli {

    /** Longest error line printed: user tokens inside are cut shorter, this bounds the rest. */
    static final int MAX_LINE = 400;

    /**
     * Exit status when the reader of standard output went away ({@code convolab histogram IMG | head}):
     * 128 + SIGPIPE, what a shell reports for {@code cat} or {@code seq} killed by SIGPIPE. The JVM ignores
     * SIGPIPE; GNU tools that ignore it print {@code write error: Broken pipe} and exit 1 instead, but a
     * closed pipe is the reader's choice, not an error, so Convolab stays quiet as they do by default.
     */
    static final int EXIT_READER_GONE = 141;

    private Cli() {
    }

    /** Runs the CLI with the given streams and returns the exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, out, err, null);
    }

    /**
     * Runs the CLI on the process's own standard output and error (the entry point's call): a reader of
     * standard output that goes away ends the process quietly with {@value #EXIT_READER_GONE}, at once.
     */
    public static int runOnStandardStreams(String[] args) {
        // a reader gone ends the run at once, as SIGPIPE ends cat: `convolab selftest | head -3` does not run on
        // for minutes. On a thread of its own: the writing thread may hold locks the shutdown hooks need (the
        // batch's hook finishes the files being written, and no temporary file is left)
        StandardOutput raw = new StandardOutput(new java.io.FileOutputStream(java.io.FileDescriptor.out),
                () -> new Thread(() -> System.exit(EXIT_READER_GONE), "convolab-reader-gone").start());
        PrintStream out = new PrintStream(new java.io.BufferedOutputStream(raw, 8192), true);
        System.setOut(out); // code that prints to System.out goes through the same stream
        if (mayUseGpu(args)) {
            org.convolab.engine.Engines.probeAhead(); // the driver starts while picocli builds its model
        }
        int code = run(args, out, System.err, raw);
        out.flush();
        return code == 0 && raw.readerGone() ? EXIT_READER_GONE : code;
    }

    /** Whether the command may open a GPU engine: one that filters, not told {@code --backend cpu}. */
    static boolean mayUseGpu(String[] args) {
        if (args.length == 0 || !java.util.Set.of("filter", "batch", "bench", "gui", "selftest", "devices").contains(args[0])) {
            return false;
        }
        for (int i = 1; i < args.length; i++) {
            if (args[i].equals("--backend=cpu") || args[i].equals("--backend") && i + 1 < args.length && args[i + 1].equals("cpu")) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@link #run(String[], PrintStream, PrintStream)} where {@code raw} (when not null) is the stream
     * under {@code out}, which tells a closed pipe from a full disk.
     */
    static int run(String[] args, PrintStream out, PrintStream err, StandardOutput raw) {
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
            if (raw != null && raw.readerGone()) {
                return code == 0 ? EXIT_READER_GONE : code; // the reader is done with the output: nothing to say
            }
            String why = raw != null && raw.failure() != null && raw.failure().getMessage() != null
                    ? safe(raw.failure().getMessage()) : "the disk is full, or another write error";
            err.println("convolab: cannot write to standard output (" + why + "); the output is incomplete");
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
            // a usage error: picocli's message, made safe to print, its suggestions (a misspelt option or
            // command), then where the usage is; not the usage itself, which would scroll the error away
            CommandLine c = ex.getCommandLine();
            PrintWriter e = c.getErr();
            String m = ex.getMessage() == null ? "" : ex.getMessage();
            e.println("convolab: " + safe(m.startsWith("Error: ") ? m.substring("Error: ".length()) : m));
            CommandLine.UnmatchedArgumentException.printSuggestions(ex, e);
            e.println(tryHelp(c));
            e.flush();
            return c.getCommandSpec().exitCodeOnInvalidInput();
        });
        return cl;
    }

    /** The line after a usage error: {@code Try 'convolab filter --help' for more information.} */
    static String tryHelp(CommandLine c) {
        return "Try '" + c.getCommandSpec().qualifiedName() + " --help' for more information.";
    }

    /**
     * Where a command's notices go: a line on {@code err} each, {@code convolab: } first, with control
     * characters of file names in them escaped.
     */
    static java.util.function.Consumer<String> notices(PrintWriter err) {
        return msg -> {
            err.println("convolab: " + safe(msg));
            err.flush();
        };
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
            // the heap's limit, not the image, is the one thing known: metadata bombs are refused before they inflate
            return String.format(java.util.Locale.ROOT, "out of memory: the work needed more than the Java heap's %d MB "
                    + "(raise it with -Xmx, e.g. -Xmx4g)", Runtime.getRuntime().maxMemory() >> 20);
        }
        java.util.Optional<ConvolabException> known = ConvolabException.foundIn(ex);
        if (known.isPresent()) {
            return known.get().getMessage();
        }
        return "internal error: " + ex.getClass().getSimpleName() + (ex.getMessage() == null ? "" : ": " + ex.getMessage());
    }
}
