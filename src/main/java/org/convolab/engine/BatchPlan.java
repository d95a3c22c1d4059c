package org.convolab.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.convolab.core.ConvolabException;

/**
 * Which files a batch filters and where each result goes: files are taken as given, folders for
 * the images in them (by extension; {@code recursive} goes down, keeping the relative sub-folders
 * in the output folder). Each output is the input's base name in the output folder, with the
 * input's extension or that of the chosen format. A name already taken by an earlier input, or
 * the input itself, gives a refused job rather than an overwrite.
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
        Path out = outDir.toAbsolutePath().normalize();
        List<BatchPipeline.Job> jobs = new ArrayList<>();
        Map<Path, Path> taken = new HashMap<>();
        for (Path input : inputs) {
            if (Files.isDirectory(input)) {
                for (Path file : imagesIn(input, recursive, out)) {
                    Path rel = input.relativize(file);
                    Path target = out.resolve(rel).resolveSibling(outputName(file, fmt));
                    jobs.add(job(file, target, taken));
                }
            } else if (!Files.exists(input)) {
                jobs.add(new BatchPipeline.Job(input, out.resolve(outputName(input, fmt)), "cannot read " + input + ": no such file"));
            } else {
                jobs.add(job(input, out.resolve(outputName(input, fmt)), taken));
            }
        }
        return jobs;
    }

    private static BatchPipeline.Job job(Path input, Path target, Map<Path, Path> taken) {
        Path key = target.normalize();
        Path first = taken.putIfAbsent(key, input);
        if (first != null) {
            return new BatchPipeline.Job(input, target, "not writing " + target + ": that output is already the one of " + first
                    + " (rename one input, or filter them into different folders)");
        }
        if (sameFile(input, target)) {
            return new BatchPipeline.Job(input, target, "refusing to overwrite the input file " + input + "; choose another output folder");
        }
        return new BatchPipeline.Job(input, target);
    }

    /** The output file name: the input's base name with its own extension or the format's. */
    static String outputName(Path input, String format) {
        String name = input.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String base = dot <= 0 ? name : name.substring(0, dot);
        String ext = dot <= 0 ? "" : name.substring(dot + 1);
        if (format.equals("same")) {
            return ext.equalsIgnoreCase("gif") || ext.isEmpty() ? base + ".png" : name;
        }
        return base + "." + format;
    }

    private static List<Path> imagesIn(Path folder, boolean recursive, Path outDir) {
        // An output folder inside the input folder: a re-run must not take its own outputs as inputs.
        boolean outInside = !outDir.equals(folder.toAbsolutePath().normalize()) && outDir.startsWith(folder.toAbsolutePath().normalize());
        try (Stream<Path> files = recursive ? Files.walk(folder) : Files.list(folder)) {
            return files.filter(Files::isRegularFile)
                    .filter(f -> !outInside || !f.toAbsolutePath().normalize().startsWith(outDir))
                    .filter(f -> !f.getFileName().toString().startsWith("."))
                    .filter(f -> IMAGE_EXTENSIONS.contains(extension(f)))
                    .sorted()
                    .toList();
        } catch (IOException | UncheckedIOException e) {
            throw new ConvolabException("cannot list " + folder + ": " + e.getMessage());
        }
    }

    private static String extension(Path f) {
        String n = f.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot < 0 ? "" : n.substring(dot + 1).toLowerCase(Locale.ROOT);
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException e) {
            return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
        }
    }
}
