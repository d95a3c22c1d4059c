package org.convolab;

import org.convolab.cli.Cli;

/**
 * Entry point of {@code convolab.jar}: with no arguments it opens the GUI on a sample image, with a
 * subcommand it runs the command line.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        if (args.length == 0) {
            args = new String[] {"gui"};
        }
        int code = Cli.runOnStandardStreams(args);
        if (code != 0 || !Cli.isGui(args)) {
            System.exit(code);
        }
    }
}
