package org.convolab.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashSet;
import java.util.Set;

/**
 * Which file a path really reaches, as the operating system resolves it: the one rule every check of
 * an output against an input uses (the CLI's {@code filter}, {@code batch}, the window's Save).
 *
 * <p>Paths are never simplified as text: {@code lnk/../x.png}, where {@code lnk} is a symbolic link,
 * names a file in the link target's parent, not {@code x.png} beside {@code lnk}. Existing files are
 * compared by their file key (device and inode on Unix), so hard links and links of any depth are the
 * same file; a name that does not exist yet is compared by the real path of its folder plus its name.
 */
public final class FileIdentity {

    private FileIdentity() {
    }

    /**
     * The absolute path the operating system reaches for {@code path}: the real path of the deepest
     * folder that exists, then the names below it. The last name is kept as it is (not followed when it
     * is a link), because a write replaces that entry.
     */
    public static Path resolved(Path path) {
        Path abs = path.toAbsolutePath();
        Path name = abs.getFileName();
        if (name == null) {
            return abs; // the root
        }
        String n = name.toString();
        if (n.equals(".") || n.equals("..")) {
            try {
                return abs.toRealPath();
            } catch (IOException e) {
                return abs.normalize();
            }
        }
        Path parent = abs.getParent();
        try {
            return parent.toRealPath().resolve(name);
        } catch (IOException e) {
            // the folder does not exist (yet): resolve what does, and keep the rest as written
            return resolved(parent).resolve(name).normalize();
        }
    }

    /**
     * True when both paths reach the same file: the same file key where both exist (links followed),
     * else the same {@link #resolved} path, either as given or with a final link followed.
     */
    public static boolean same(Path a, Path b) {
        Object ka = key(a);
        Object kb = key(b);
        if (ka != null && kb != null) {
            return ka.equals(kb);
        }
        return followed(a).equals(followed(b)) || resolved(a).equals(resolved(b));
    }

    /** True when {@code path} (resolved) is {@code folder}'s real path or below it. */
    public static boolean isWithin(Path path, Path folder) {
        return followed(path).startsWith(followed(folder)) || resolved(path).startsWith(followed(folder));
    }

    /** The real path where the file exists (every link followed), else {@link #resolved}. */
    public static Path followed(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return resolved(path);
        }
    }

    /**
     * The files a set of inputs occupies, to check outputs against: each input's file key and its
     * paths (as written, resolved, and with links followed).
     */
    public static final class Occupied {
        private final Set<Object> keys = new HashSet<>();
        private final Set<Path> paths = new HashSet<>();

        /** Adds one input. */
        public void add(Path input) {
            Object k = key(input);
            if (k != null) {
                keys.add(k);
            }
            paths.add(resolved(input));
            paths.add(followed(input));
        }

        /** True when writing {@code output} would replace one of the inputs (or the entry that names it). */
        public boolean holds(Path output) {
            Object k = key(output);
            if (k != null && keys.contains(k)) {
                return true;
            }
            return paths.contains(resolved(output)) || paths.contains(followed(output));
        }
    }

    /** The file key (links followed), or null where the file does not exist or has none. */
    static Object key(Path p) {
        try {
            BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
            Object k = a.fileKey();
            return k != null ? k : p.toRealPath(); // file systems without keys: the real path stands in
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }
}
