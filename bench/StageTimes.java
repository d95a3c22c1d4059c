import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterSpec;
import org.convolab.core.BorderPolicy;
import org.convolab.core.MaskPresets;
import org.convolab.core.RgbaImage;
import org.convolab.core.Strategy;
import org.convolab.core.Backend;
import org.convolab.engine.Engines;
import org.convolab.io.ImageFiles;

/**
 * Where the time of `convolab filter` goes, stage by stage, in one warm JVM: read (decode) a JPEG and
 * a PNG, filter with a 5x5 Gaussian on the CPU engine, write a PNG and a JPEG with the default
 * settings. Prints one JSON object of medians in milliseconds (3 runs after a warm-up).
 * Run: java -cp target/convolab.jar bench/StageTimes.java PHOTO.jpg PHOTO.png WORKDIR
 */
public class StageTimes {
    public static void main(String[] args) throws Exception {
        Path jpg = Path.of(args[0]);
        Path png = Path.of(args[1]);
        Path work = Path.of(args[2]);
        FilterSpec spec = FilterSpec.of(MaskPresets.parse("gaussian:1:5"), BorderPolicy.parse("mirror"));
        Map<String, double[]> t = new LinkedHashMap<>();
        for (String k : new String[] {"read_jpeg", "read_png", "filter_cpu", "write_png", "write_jpeg"}) {
            t.put(k, new double[3]);
        }
        try (ConvolutionEngine engine = Engines.open(Backend.CPU, m -> { })) {
            for (int run = -1; run < 3; run++) {
                long t0 = System.nanoTime();
                RgbaImage j = ImageFiles.read(jpg);
                long t1 = System.nanoTime();
                ImageFiles.read(png);
                long t2 = System.nanoTime();
                RgbaImage f = engine.filter(j, spec, Strategy.AUTO).image();
                long t3 = System.nanoTime();
                ImageFiles.write(f, work.resolve("stage.png"), true);
                long t4 = System.nanoTime();
                ImageFiles.write(f, work.resolve("stage.jpg"), true);
                long t5 = System.nanoTime();
                if (run >= 0) {
                    long[] marks = {t0, t1, t2, t3, t4, t5};
                    int k = 0;
                    for (double[] v : t.values()) {
                        v[run] = (marks[k + 1] - marks[k]) / 1e6;
                        k++;
                    }
                }
            }
        }
        StringBuilder sb = new StringBuilder("{");
        for (var e : t.entrySet()) {
            double[] v = e.getValue().clone();
            Arrays.sort(v);
            sb.append(sb.length() > 1 ? ", " : "").append(String.format(Locale.ROOT, "\"%s\": %.1f", e.getKey(), v[1]));
        }
        System.out.println(sb.append("}"));
        Files.deleteIfExists(work.resolve("stage.png"));
        Files.deleteIfExists(work.resolve("stage.jpg"));
    }
}
