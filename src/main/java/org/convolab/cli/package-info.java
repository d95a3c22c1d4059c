/**
 * The command line (picocli): {@code filter}, {@code bench}, {@code selftest}, {@code soak},
 * {@code explain}, {@code devices}, {@code gui}. Commands parse and print; the work is done by
 * {@code engine}, {@code io} and {@code core}. Bad input is one line on stderr and exit 1; a usage
 * error exit 2. Never imports {@code cuda} or {@code cpu}.
 */
package org.convolab.cli;
