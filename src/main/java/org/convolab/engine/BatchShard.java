package org.convolab.engine;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import org.convolab.core.ConvolabException;

/**
 * The K-th of N disjoint parts of a batch ({@code batch --shard K/N}), so that N jobs of a Slurm array (or N
 * hosts of GNU parallel) cover a folder once between them.
 *
 * <p>A file's part is a hash of its output's path relative to the output folder, without the extension
 * (SHA-256, the first 8 bytes modulo N), not its place in the sorted list: a file added to or removed from the
 * folder moves no other file to another part, so a part re-run after the folder changed (or after a job was
 * cut off) resumes its own files, which the batch skips where they are done. Hosts agree whatever their mount
 * points and whatever the output format. Two inputs that would write one output (a.png and a.jpg into PNGs) fall
 * in the same part, so the second is refused there as in one unsharded batch. The price: parts are equal only
 * on average (for F files a part holds F/N ± about √(F/N)).
 *
 * @param k which part, 1 to n
 * @param n how many parts
 */
public record BatchShard(int k, int n) {

    public BatchShard {
        if (n < 1 || k < 1 || k > n) {
            throw new ConvolabException("--shard " + k + "/" + n + " is out of range: K/N with N at least 1 and K from 1 to N");
        }
    }

    /**
     * Parses {@code K/N}, e.g. {@code 3/8} (K from 1, as Slurm's {@code --array=1-8} and GNU parallel's {@code {#}} count).
     *
     * @throws ConvolabException naming the accepted form
     */
    public static BatchShard parse(String text) {
        String[] parts = text == null ? new String[0] : text.strip().split("/", -1);
        try {
            if (parts.length == 2) {
                return new BatchShard(Integer.parseInt(parts[0].strip()), Integer.parseInt(parts[1].strip()));
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new ConvolabException("--shard '" + text + "' is not K/N (e.g. 3/8: the third of eight parts, K from 1 to N)");
    }

    /** The jobs of this part, in their order. */
    public List<BatchPipeline.Job> select(List<BatchPipeline.Job> jobs, Path outDir) {
        Path out = outDir.toAbsolutePath().normalize();
        return jobs.stream().filter(j -> part(key(out, j.output())) == k - 1).toList();
    }

    /** The part (0 to n-1) of a key. */
    int part(String key) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            long h = 0;
            for (int i = 0; i < 8; i++) {
                h = h << 8 | (d[i] & 0xff);
            }
            return (int) Long.remainderUnsigned(h, n);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** The output's path under the output folder, '/'-separated, without its extension. */
    static String key(Path outDir, Path output) {
        Path o = output.toAbsolutePath().normalize();
        String rel = (o.startsWith(outDir) ? outDir.relativize(o) : o.getFileName()).toString().replace('\\', '/');
        int slash = rel.lastIndexOf('/');
        int dot = rel.lastIndexOf('.');
        return dot > slash + 1 ? rel.substring(0, dot) : rel;
    }

    @Override
    public String toString() {
        return k + "/" + n;
    }
}
