package org.convolab.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.convolab.core.ConvolabException;
import org.convolab.io.FileIdentity;

/**
 * Which files a batch filters and where each result goes: files are taken as given, folders for
 * the images in them (by extension; {@code recursive} goes down, keeping the relative sub-folders
 * in the output folder). Each output is the input's base name in the output folder, with the
 * input's extension or that of the chosen format. A name already taken by an earlier input, or
 * any input of the batch (compared as files, through links: {@link FileIdentity}), gives a refused
 * job rather than an overwrite, {@code --force} or not.
 */
public final class BatchPlan {

    /** Extensions of the images a folder contributes. */
    public static final Set<String> IMAGE_EXTENSIONS = Set.of("png", "jpg", "jpeg", "bmp", "gif", "tif", "tiff");

    /** Output formats: {@code same} keeps the input's extension (GIF, which is not written, becomes PNG). */
    public static final List<String> FORMATS = List.of("same", "png", "jpg", "tif", "bmp");

    private BatchPlan() {
    }

    /**
     * The jobs for the given inputs, in the order given (a folder's files sorted by path).
     *
     * @param format one of {@link #FORMATS}
     * @throws ConvolabException for an unknown format
     */
    public static List<BatchPipeline.Job> jobs(List<Path> inputs, Path outDir, String format, boolean recursive) {
        String fmt = format.toLowerCase(Locale.ROOT);
        if (!FORMATS.contains(fmt)) {
            throw new ConvolabException("unknown format '" + format + "' (use " + String.join(", ", FORMATS) + ")");
        }
        // no normalize(): "lnk/.." is the link target's parent, which only the file system knows
        Path out = outDir.toAbsolutePath();
        List<Planned> planned = new ArrayList<>();
        for (Path input : inputs) {
            if (Files.isDirectory(input)) {
                for (Path file : imagesIn(input, recursive, out)) {
                    Path rel = input.relativize(file);
                    planned.add(new Planned(file, out.resolve(rel).resolveSibling(outputName(file, fmt)), null));
                }
            } else if (!Files.exists(input)) {
                planned.add(new Planned(input, out.resolve(outputName(input, fmt)), "cannot read " + input + ": no such file"));
            } else {
                planned.add(new Planned(input, out.resolve(outputName(input, fmt)), null));
            }
        }
        // every input is known before any output is given out: no output may replace any of them
        FileIdentity.Occupied occupied = new FileIdentity.Occupied();
        planned.stream().filter(p -> p.refusal() == null).forEach(p -> occupied.add(p.input()));
        Map<Path, Path> taken = new HashMap<>();
        List<BatchPipeline.Job> jobs = new ArrayList<>();
        for (Planned p : planned) {
            jobs.add(p.refusal() != null ? new BatchPipeline.Job(p.input(), p.target(), p.refusal())
                    : job(p.input(), p.target(), taken, occupied));
        }
        return jobs;
    }

    private record Planned(Path input, Path target, String refusal) {
    }

    private static BatchPipeline.Job job(Path input, Path target, Map<Path, Path> taken, FileIdentity.Occupied inputs) {
        if (inputs.holds(target)) {
            String whose = FileIdentity.same(input, target) ? "the input file " + input : "an input of this batch, " + target;
            return new BatchPipeline.Job(input, target, "refusing to overwrite " + whose + "; choose another output folder");
        }
        Path first = taken.putIfAbsent(FileIdentity.resolved(target), input);
        if (first != null) {
            return new BatchPipeline.Job(input, target, "not writing " + target + ": that output is already the one of " + first
                    + " (rename one input, or filter them into different folders)");
        }
        return new BatchPipeline.Job(input, target);
    }

    /** The output file name: the input's base name with its own extension or the format's. */
    public static String outputName(Path input, String format) {
        String name = input.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String base = dot <= 0 ? name : name.substring(0, dot);
        String ext = dot <= 0 ? "" : name.substring(dot + 1);
        if (format.equals("same")) {
            return ext.equalsIgnoreCase("gif") || ext.isEmpty() ? base + ".png" : name;
        }
        return base + "." + format;
    }

    /**
     * The images in a folder, sorted; links to files and folders are followed (a loop of links is
     * walked once), and an output folder inside the input folder, however it is reached, is not read
     * back: a re-run must not take its own outputs as inputs.
     */
    private static List<Path> imagesIn(Path folder, boolean recursive, Path outDir) {
        Path outReal = FileIdentity.followed(outDir);
        boolean outIsFolder = outReal.equals(FileIdentity.followed(folder));
        List<Path> found = new ArrayList<>();
        try {
            Files.walkFileTree(folder, EnumSet.of(FileVisitOption.FOLLOW_LINKS), recursive ? Integer.MAX_VALUE : 1,
                    new SimpleFileVisitor<>() {
                        @Override
                        public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                            boolean start = dir.equals(folder);
                            return !start && !outIsFolder && FileIdentity.isWithin(dir, outReal)
                                    ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                        }

                        @Override
                        public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) {
                            if (attrs.isRegularFile() && !f.getFileName().toString().startsWith(".")
                                    && IMAGE_EXTENSIONS.contains(extension(f))
                                    && (outIsFolder || !FileIdentity.isWithin(f, outReal))) {
                                found.add(f);
                            }
                            return FileVisitResult.CONTINUE;
                        }

                        @Override
                        public FileVisitResult visitFileFailed(Path f, IOException e) throws IOException {
                            if (e instanceof FileSystemLoopException) {
                                return FileVisitResult.SKIP_SUBTREE; // a link back up the tree: already walked
                            }
                            throw e;
                        }
                    });
        } catch (IOException | UncheckedIOException e) {
            throw new ConvolabException("cannot list " + folder + ": " + e.getMessage());
        }
        found.sort(null);
        return found;
    }

    private static String extension(Path f) {
        String n = f.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot < 0 ? "" : n.substring(dot + 1).toLowerCase(Locale.ROOT);
    }
}
