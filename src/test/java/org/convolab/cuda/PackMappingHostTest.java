package org.convolab.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.convolab.core.OutputMappingTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cuda-kernels/pack.cuh}, the CUDA side's one definition of the output mapping, against the table Java's
 * {@code OutputMapping} is held to ({@link OutputMappingTable}), without a GPU: the header is compiled for the
 * host with a C++ compiler and a few lines that stand in for the CUDA intrinsics it uses, with their IEEE
 * semantics ({@code __fmul_rn}, {@code __fadd_rn}: one rounding to nearest; {@code __float2uint_rd}: rounding
 * down, saturating, NaN to 0), and run on every row, on the general path and, for identity rows, the identity
 * path. Skipped, saying so, where no C++ compiler is on the PATH.
 */
class PackMappingHostTest {

    private static final String SHIM = """
            #include <cmath>
            #include <cstdio>
            #include <cstring>
            #include <climits>
            #define __device__
            #define __forceinline__ inline
            static inline unsigned int __float_as_uint(float f) { unsigned int u; std::memcpy(&u, &f, 4); return u; }
            static inline float __uint_as_float(unsigned int u) { float f; std::memcpy(&f, &u, 4); return f; }
            static inline float __fmul_rn(float a, float b) { return a * b; }
            static inline float __fadd_rn(float a, float b) { return a + b; }
            static inline unsigned int __float2uint_rd(float v) {
                if (std::isnan(v) || v <= 0.0f) return 0u;
                float f = std::floor(v);
                return f >= 4294967296.0f ? UINT_MAX : (unsigned int) f;
            }
            static inline unsigned int min(unsigned int a, unsigned int b) { return a < b ? a : b; }
            """;

    @Test
    void theHeadersBytesAreTheTables(@TempDir Path dir) throws IOException, InterruptedException {
        String compiler = compiler();
        assumeTrue(compiler != null, "no C++ compiler (c++, g++ or clang++) on the PATH to build pack.cuh for the host");
        StringBuilder src = new StringBuilder(SHIM);
        src.append("#include \"").append(Path.of("cuda-kernels", "pack.cuh").toAbsolutePath()).append("\"\n");
        src.append("struct Row { float sum, divisor, offset; int abs; };\nstatic const Row rows[] = {\n");
        for (OutputMappingTable.Row r : OutputMappingTable.ROWS) {
            src.append(String.format(Locale.ROOT, "    {%sf, %sf, %sf, %d},%n", Float.toHexString(r.sum()),
                    Float.toHexString(r.divisor()), Float.toHexString(r.offset()), r.abs() ? 1 : 0));
        }
        src.append("""
                };
                int main() {
                    for (const Row& r : rows) {
                        ConvolabByteMap m = convolab_byte_map(r.divisor, r.offset, r.abs);
                        int id = m.identity ? (int) convolab_map_byte<true>(r.sum, m) : -1;
                        std::printf("%u %d\\n", convolab_to_byte(r.sum, r.divisor, r.offset, r.abs), id);
                    }
                    return 0;
                }
                """);
        Path cpp = dir.resolve("pack_host.cpp");
        Files.writeString(cpp, src.toString());
        Path exe = dir.resolve("pack_host");
        run(dir, compiler, "-std=c++17", "-O1", "-ffp-contract=off", "-o", exe.toString(), cpp.toString());
        List<String> lines = run(dir, exe.toString());
        assertThat(lines).hasSize(OutputMappingTable.ROWS.size());
        for (int i = 0; i < lines.size(); i++) {
            OutputMappingTable.Row r = OutputMappingTable.ROWS.get(i);
            String[] got = lines.get(i).trim().split(" ");
            assertThat(Integer.parseInt(got[0])).as("pack.cuh for %s", r).isEqualTo(r.byteValue());
            int identity = Integer.parseInt(got[1]);
            assertThat(identity != -1).as("identity path taken for %s", r).isEqualTo(r.mapping().identity());
            if (identity != -1) {
                assertThat(identity).as("pack.cuh's identity path for %s", r).isEqualTo(r.byteValue());
            }
        }
    }

    private static String compiler() {
        for (String c : new String[] {"c++", "g++", "clang++"}) {
            for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
                if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, c))) {
                    return c;
                }
            }
        }
        return null;
    }

    private static List<String> run(Path dir, String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("%s finished", command[0]).isTrue();
        assertThat(p.exitValue()).as("%s: %s", String.join(" ", command), out).isZero();
        return new ArrayList<>(out.lines().toList());
    }
}
