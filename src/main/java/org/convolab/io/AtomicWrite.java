package org.convolab.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes a file so that readers see the old file or the whole new one, never part of it, and so that
 * nobody else can redirect the write.
 *
 * <p>The content goes through the one stream of a temporary file that this class creates itself
 * ({@code O_CREAT|O_EXCL}, owner-only), named {@code .convolab-PID-RANDOM.tmp} in the target's folder.
 * The file and the folder are synced, then the temporary file becomes the target: renamed over it
 * when replacing, hard-linked to the target's name when not (link(2) fails if the name exists, even
 * as a dangling symlink, so two runs racing for one new name cannot both win). A failed write, a
 * SIGTERM or a Ctrl+C deletes the temporary file; temporary files of runs that died (their PID is not
 * alive) are removed by the next write into that folder.
 */
final class AtomicWrite {

    /** Writes the content into the stream it is given (which it must not close). */
    @FunctionalInterface
    interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * Writes the content into the temporary file's channel (which it must not close), for writers that go
     * back in the file (TIFF and BMP fill in offsets and sizes): they seek there instead of holding the
     * whole file in memory.
     */
    @FunctionalInterface
    interface ChannelContent {
        void writeTo(FileChannel channel) throws IOException;
    }

    /** Prefix of every temporary file; the PID follows. */
    static final String PREFIX = ".convolab-";

    /** Suffix of every temporary file. */
    static final String SUFFIX = ".tmp";

    private static final Set<Path> IN_FLIGHT = ConcurrentHashMap.newKeySet();

    static {
        // SIGTERM and Ctrl+C run shutdown hooks: a write cut off there leaves no temporary file
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            for (Path p : IN_FLIGHT) {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // nothing more can be done while the JVM exits
                }
            }
        }, "convolab-temp-cleanup"));
    }

    private AtomicWrite() {
    }

    /**
     * Writes {@code target} from {@code content}.
     *
     * @param replace replace an existing file (keeping its permission bits); otherwise an existing
     *                name, even a dangling symlink, is an error decided atomically
     * @throws FileAlreadyExistsException when {@code replace} is false and the target exists
     * @throws IOException                when the write fails; the temporary file is gone then
     */
    static void write(Path target, boolean replace, Content content) throws IOException {
        writeChannel(target, replace, ch -> {
            OutputStream out = Channels.newOutputStream(ch);
            content.writeTo(out);
            out.flush();
        });
    }

    /** {@link #write} for content written into the file's channel. */
    static void writeChannel(Path target, boolean replace, ChannelContent content) throws IOException {
        Path dir = Objects.requireNonNull(target.getParent(), "target needs a folder");
        removeStaleTemps(dir);
        boolean posix = Files.getFileStore(dir).supportsFileAttributeView("posix");
        Path tmp = dir.resolve(PREFIX + ProcessHandle.current().pid() + "-"
                + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + SUFFIX);
        FileAttribute<?>[] ownerOnly = posix
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))}
                : new FileAttribute<?>[0];
        IN_FLIGHT.add(tmp);
        try {
            Object key;
            // CREATE_NEW is O_EXCL: it refuses an existing name and never follows a symlink planted there
            try (FileChannel ch = FileChannel.open(tmp, EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), ownerOnly)) {
                key = fileKey(tmp);
                content.writeTo(ch);
                ch.force(true);
            }
            if (!Objects.equals(key, fileKey(tmp))) {
                throw new IOException("the temporary file " + tmp.getFileName()
                        + " was replaced by someone else while it was written; nothing was written");
            }
            if (posix) {
                Files.setPosixFilePermissions(tmp, finalPermissions(target, replace));
            }
            if (replace) {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            } else {
                commitNew(tmp, target);
            }
            syncFolder(dir);
        } finally {
            IN_FLIGHT.remove(tmp);
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // the write already failed; that error is the one to report
            }
        }
    }

    /** Links the finished temporary file to a new name: fails if the name exists, atomically. */
    private static void commitNew(Path tmp, Path target) throws IOException {
        try {
            Files.createLink(target, tmp);
        } catch (FileAlreadyExistsException e) {
            throw e;
        } catch (UnsupportedOperationException | FileSystemException e) {
            // a file system without hard links (FAT, some network shares): a checked move, which
            // refuses an existing target but cannot close the race with another writer
            if (e instanceof FileSystemException fse && !(fse.getReason() != null
                    && (fse.getReason().contains("not permitted") || fse.getReason().contains("not supported")))) {
                throw fse;
            }
            Files.move(tmp, target);
        }
    }

    /** Permission bits of the result: the replaced file's, else those a new file gets under the umask. */
    private static Set<PosixFilePermission> finalPermissions(Path target, boolean replace) throws IOException {
        if (replace && Files.isRegularFile(target)) {
            return Files.getPosixFilePermissions(target);
        }
        int mode = 0666 & ~umask();
        Set<PosixFilePermission> perms = EnumSet.noneOf(PosixFilePermission.class);
        PosixFilePermission[] bits = PosixFilePermission.values(); // OWNER_READ .. OTHERS_EXECUTE, high bit first
        for (int i = 0; i < bits.length; i++) {
            if ((mode & (1 << (bits.length - 1 - i))) != 0) {
                perms.add(bits[i]);
            }
        }
        return perms;
    }

    /** The process's umask from /proc (Linux 4.7+); 022 where it cannot be read. */
    private static int umask() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Umask:")) {
                    return Integer.parseInt(line.substring(6).strip(), 8);
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // not Linux: the common default below
        }
        return 0022;
    }

    private static Object fileKey(Path p) throws IOException {
        return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
    }

    /** Makes the rename or link durable: sync the folder's entry (not possible on every platform). */
    private static void syncFolder(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | UnsupportedOperationException ignored) {
            // Windows cannot open a folder as a channel; the file itself was synced
        }
    }

    /**
     * Checks that a file can be created in the folder, by creating and deleting an owner-only probe:
     * a missing, read-only or full folder is found before any work is done.
     */
    static void checkFolderWritable(Path dir) throws IOException {
        Path probe = dir.resolve(PREFIX + ProcessHandle.current().pid() + "-probe-"
                + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + SUFFIX);
        Files.newByteChannel(probe, EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)).close();
        Files.delete(probe);
    }

    /** Deletes the temporary files in {@code dir} left by runs whose process is gone. */
    static void removeStaleTemps(Path dir) {
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, PREFIX + "*" + SUFFIX)) {
            for (Path p : ds) {
                long pid = pidOf(p.getFileName().toString());
                if (pid > 0 && pid != ProcessHandle.current().pid() && ProcessHandle.of(pid).isEmpty()) {
                    try {
                        Files.deleteIfExists(p);
                    } catch (IOException ignored) {
                        // someone else's file in a shared folder: leave it
                    }
                }
            }
        } catch (IOException ignored) {
            // a folder that cannot be listed is found by the write itself
        }
    }

    /** The PID in a temporary file's name, or -1. */
    static long pidOf(String name) {
        if (!name.startsWith(PREFIX) || !name.endsWith(SUFFIX)) {
            return -1;
        }
        String rest = name.substring(PREFIX.length());
        int dash = rest.indexOf('-');
        try {
            return dash > 0 ? Long.parseLong(rest.substring(0, dash)) : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
