package org.convolab.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AtomicWriteTest {

    @TempDir
    Path dir;

    private List<Path> temps() throws IOException {
        List<Path> list = new ArrayList<>();
        try (var ds = Files.newDirectoryStream(dir, AtomicWrite.PREFIX + "*" + AtomicWrite.SUFFIX)) {
            ds.forEach(list::add);
        }
        return list;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void swappingTheTempNameForASymlinkCannotRedirectTheWrite() throws Exception {
        Path victim = Files.writeString(dir.resolve("victim.txt"), "secret");
        Path target = dir.resolve("out.png");
        assertThatThrownBy(() -> AtomicWrite.write(target, false, out -> {
            out.write(bytes("first half "));
            // the attacker: the temp name now points at a file the writer must not touch
            Path tmp = temps().get(0);
            Files.delete(tmp);
            Files.createSymbolicLink(tmp, victim);
            out.write(bytes("second half"));
        })).isInstanceOf(IOException.class).hasMessageContaining("replaced by someone else");
        assertThat(Files.readString(victim)).isEqualTo("secret");
        assertThat(target).doesNotExist();
        assertThat(temps()).isEmpty();
    }

    @Test
    void theTempIsOwnerOnlyAndTheNewFileGetsTheUmaskMode() throws Exception {
        assumeTrue(Files.getFileStore(dir).supportsFileAttributeView("posix"), "no POSIX permissions here");
        Path target = dir.resolve("new.png");
        List<String> seen = new ArrayList<>();
        AtomicWrite.write(target, false, out -> {
            seen.add(PosixFilePermissions.toString(Files.getPosixFilePermissions(temps().get(0))));
            out.write(bytes("data"));
        });
        assertThat(seen).containsExactly("rw-------");
        int umask = umask();
        String expected = PosixFilePermissions.toString(PosixFilePermissions.fromString(modeString(0666 & ~umask)));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(target))).isEqualTo(expected);
        assertThat(Files.readString(target)).isEqualTo("data");
    }

    @Test
    void replacingKeepsTheExistingFilesMode() throws Exception {
        assumeTrue(Files.getFileStore(dir).supportsFileAttributeView("posix"), "no POSIX permissions here");
        Path target = Files.writeString(dir.resolve("old.png"), "old");
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r-----"));
        AtomicWrite.write(target, true, out -> out.write(bytes("new")));
        assertThat(Files.readString(target)).isEqualTo("new");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(target))).isEqualTo("rw-r-----");
    }

    @Test
    void ofTwoWritersRacingForOneNewNameExactlyOneWins() throws Exception {
        Path target = dir.resolve("race.png");
        CyclicBarrier bothWritten = new CyclicBarrier(2);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<String>> results = new ArrayList<>();
            for (String who : new String[] {"A", "B"}) {
                results.add(pool.submit(() -> {
                    try {
                        AtomicWrite.write(target, false, out -> {
                            out.write(bytes(who));
                            try {
                                // both have passed any "exists?" check before either commits
                                bothWritten.await(10, TimeUnit.SECONDS);
                            } catch (Exception e) {
                                throw new IOException(e);
                            }
                        });
                        return "won " + who;
                    } catch (FileAlreadyExistsException e) {
                        return "lost";
                    }
                }));
            }
            List<String> outcomes = new ArrayList<>();
            for (Future<String> f : results) {
                outcomes.add(f.get(20, TimeUnit.SECONDS));
            }
            assertThat(outcomes).containsOnlyOnce("lost");
            String winner = outcomes.stream().filter(o -> o.startsWith("won")).findFirst().orElseThrow().substring(4);
            assertThat(Files.readString(target)).isEqualTo(winner);
            assertThat(temps()).isEmpty();
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aDanglingSymlinkIsAnExistingName() throws Exception {
        Path target = Files.createSymbolicLink(dir.resolve("link.png"), dir.resolve("nowhere.png"));
        assertThatThrownBy(() -> AtomicWrite.write(target, false, out -> out.write(bytes("x"))))
                .isInstanceOf(FileAlreadyExistsException.class);
        assertThat(Files.isSymbolicLink(target)).isTrue();
        assertThat(dir.resolve("nowhere.png")).doesNotExist();
        assertThat(temps()).isEmpty();
    }

    @Test
    void tempsOfDeadRunsAreRemovedByTheNextWriteAndLiveOnesAreKept() throws Exception {
        Process done = new ProcessBuilder("true").start();
        done.waitFor();
        Path dead = Files.writeString(dir.resolve(AtomicWrite.PREFIX + done.pid() + "-abc" + AtomicWrite.SUFFIX), "leftover");
        long live = ProcessHandle.current().parent().map(ProcessHandle::pid).orElseThrow();
        Path alive = Files.writeString(dir.resolve(AtomicWrite.PREFIX + live + "-def" + AtomicWrite.SUFFIX), "in use");
        AtomicWrite.write(dir.resolve("out.png"), false, out -> out.write(bytes("x")));
        assertThat(dead).doesNotExist();
        assertThat(alive).exists();
        assertThat(AtomicWrite.pidOf(dead.getFileName().toString())).isEqualTo(done.pid());
        assertThat(AtomicWrite.pidOf(".convolab-x.tmp")).isEqualTo(-1);
    }

    @ParameterizedTest(name = "SIG{0}")
    @ValueSource(strings = {"TERM", "INT"})
    void aSignalDuringAWriteLeavesNoTempFile(String signal) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/kill")) || Files.isExecutable(Path.of("/usr/bin/kill")), "no kill command");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), SlowWriter.class.getName(),
                dir.resolve("out.png").toString()).redirectErrorStream(true).start();
        try {
            BufferedReader r = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            assertThat(r.readLine()).isEqualTo("writing");
            assertThat(temps()).hasSize(1);
            // a JVM started with the signal ignored keeps it ignored and runs no shutdown hook for it: a test
            // run started in the background by a shell (`mvn test &` in a script) ignores SIGINT, and so does the child
            assumeFalse(ignores(child.pid(), signal), "SIG" + signal + " is ignored by this test run (it was started with "
                    + "SIG" + signal + " ignored, as `mvn test &` from a shell script is), so the child cannot receive it");
            new ProcessBuilder("kill", "-" + signal, Long.toString(child.pid())).start().waitFor();
            assertThat(child.waitFor(20, TimeUnit.SECONDS)).isTrue();
            assertThat(temps()).isEmpty();
            assertThat(dir.resolve("out.png")).doesNotExist();
        } finally {
            child.destroyForcibly();
        }
    }

    /** True when process {@code pid} ignores the signal ("INT", "TERM"): its bit in SigIgn of /proc/PID/status. */
    static boolean ignores(long pid, String signal) throws IOException {
        int number = switch (signal) {
            case "INT" -> 2;
            case "TERM" -> 15;
            default -> throw new IllegalArgumentException(signal);
        };
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith("SigIgn:")) {
                return (Long.parseUnsignedLong(line.substring(7).strip(), 16) & (1L << (number - 1))) != 0;
            }
        }
        return false;
    }

    /** A write that stops halfway, in a process of its own, for the signal test. */
    public static final class SlowWriter {
        public static void main(String[] args) throws Exception {
            AtomicWrite.write(Path.of(args[0]), false, out -> {
                out.write(bytes("half"));
                System.out.println("writing");
                System.out.flush();
                try {
                    Thread.sleep(60_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
    }

    private static int umask() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("Umask:")) {
                return Integer.parseInt(line.substring(6).strip(), 8);
            }
        }
        return 0022;
    }

    private static String modeString(int mode) {
        String rwx = "rwxrwxrwx";
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 9; i++) {
            sb.append((mode & (1 << (8 - i))) != 0 ? rwx.charAt(i) : '-');
        }
        return sb.toString();
    }
}
