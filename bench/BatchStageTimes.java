import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.convolab.core.BorderPolicy;
import org.convolab.core.ConvolutionEngine;
import org.convolab.core.FilterSpec;
import org.convolab.core.MaskPresets;
import org.convolab.core.Strategy;
import org.convolab.core.Backend;
import org.convolab.engine.Engines;
import org.convolab.engine.FaithfulFileStages;
import org.convolab.io.RowSinks;

/**
 * Where one file's time goes in `convolab batch`, stage by stage, in one warm JVM on one thread: decode,
 * filter and encode of FaithfulFileStages, with a 5x5 Gaussian and with the identity mask (whose filter
 * stage is all conversion and copying, the engine's arithmetic being trivial). Prints medians in ms
 * (5 runs after 2 warm-ups). Run: java -cp target/convolab.jar bench/BatchStageTimes.java PHOTO.jpg WORKDIR [cpu|cuda]
 */
public class BatchStageTimes {
    public static void main(String[] args) throws Exception {
        Path in = Path.of(args[0]);
        Path work = Path.of(args[1]);
        Backend backend = args.length > 2 ? Backend.valueOf(args[2].toUpperCase(Locale.ROOT)) : Backend.CPU;
        Files.createDirectories(work);
        Path out = work.resolve("batch-stage" + in.getFileName().toString().substring(in.getFileName().toString().lastIndexOf('.')));
        try (ConvolutionEngine engine = Engines.open(backend, m -> { })) {
            for (String mask : new String[] {"gaussian:1:5", "identity"}) {
                FilterSpec spec = FilterSpec.of(MaskPresets.parse(mask), BorderPolicy.parse("mirror"));
                FaithfulFileStages stages = new FaithfulFileStages(spec, Strategy.AUTO, Long.MAX_VALUE,
                        RowSinks.Options.defaults(), n -> { });
                int runs = 5;
                double[][] t = new double[3][runs];
                for (int run = -2; run < runs; run++) {
                    long t0 = System.nanoTime();
                    FaithfulFileStages.Opened o = stages.decode(in);
                    long t1 = System.nanoTime();
                    FaithfulFileStages.Filtered f = stages.filter(engine, o);
                    long t2 = System.nanoTime();
                    stages.encode(f, out, true);
                    long t3 = System.nanoTime();
                    if (run >= 0) {
                        t[0][run] = (t1 - t0) / 1e6;
                        t[1][run] = (t2 - t1) / 1e6;
                        t[2][run] = (t3 - t2) / 1e6;
                    }
                }
                for (double[] v : t) {
                    Arrays.sort(v);
                }
                System.out.printf(Locale.ROOT, "%s on %s: decode %.0f ms, filter %.0f ms, encode %.0f ms (medians of %d)%n",
                        mask, engine.device(), t[0][runs / 2], t[1][runs / 2], t[2][runs / 2], runs);
            }
        }
        Files.deleteIfExists(out);
    }
}
