import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import org.convolab.core.RowSource;
import org.convolab.io.RowSinks;
import org.convolab.io.RowSources;

/**
 * The codec's share of `convolab filter`: reads every row of IN (as the filter does) into memory, then
 * writes them to OUT (its format by extension), in one JVM started for the purpose. Prints wall and process
 * CPU (user+sys) milliseconds of each stage; the first use of a codec includes its class loading and JIT, as
 * in the CLI. Run: java -cp target/convolab.jar bench/CodecTimes.java IN OUT [PNG-LEVEL]
 */
public class CodecTimes {
    public static void main(String[] args) {
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long c0 = os.getProcessCpuTime();
        long t0 = System.nanoTime();
        Supplier<RowSource> open = RowSources.opener(Path.of(args[0]), RowSources.DEFAULT_MAX_PIXELS);
        int[][] rows;
        RowSource src = open.get();
        Optional<byte[]> icc = src.iccProfile();
        try (src) {
            rows = new int[src.height()][src.width() * src.format().channels()];
            for (int[] r : rows) {
                src.readRow(r);
            }
        }
        long c1 = os.getProcessCpuTime();
        long t1 = System.nanoTime();
        RowSinks.write(Path.of(args[1]), true, src.width(), src.height(), src.format(), icc, args.length > 2 ? new RowSinks.Options(92, Integer.parseInt(args[2])) : RowSinks.Options.defaults(),
                m -> { }, sink -> {
                    for (int[] r : rows) {
                        sink.writeRow(r);
                    }
                });
        long c2 = os.getProcessCpuTime();
        long t2 = System.nanoTime();
        System.out.printf(Locale.ROOT, "read wall %.0f cpu %.0f ms, write wall %.0f cpu %.0f ms (%s)%n",
                (t1 - t0) / 1e6, (c1 - c0) / 1e6, (t2 - t1) / 1e6, (c2 - c1) / 1e6, src.format());
    }
}
