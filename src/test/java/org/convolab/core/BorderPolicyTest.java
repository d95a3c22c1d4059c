package org.convolab.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

class BorderPolicyTest {

    static Stream<Arguments> tables() {
        return Stream.of("zero", "clamp", "reflect", "mirror", "wrap").flatMap(name -> Stream.of(
                Arguments.of(name, 4, BorderTable.WIDTH_4.get(name)),
                Arguments.of(name, 1, BorderTable.WIDTH_1.get(name))));
    }

    @ParameterizedTest(name = "{0} on width {1}")
    @MethodSource("tables")
    void policyMatchesItsTable(String name, int width, int[] expected) {
        BorderPolicy p = BorderPolicy.parse(name);
        for (int k = 0; k < expected.length; k++) {
            int i = BorderTable.FIRST + k;
            assertThat(p.index(i, width)).as("%s index(%d, %d)", name, i, width).isEqualTo(expected[k]);
        }
    }

    @ParameterizedTest(name = "{0} folds far outside")
    @MethodSource("tables")
    void foldsForMasksMuchLargerThanTheImage(String name, int width, int[] ignored) {
        BorderPolicy p = BorderPolicy.parse(name);
        for (int i = -1000; i <= 1000; i++) {
            int idx = p.index(i, width);
            assertThat(idx).isBetween(-1, width - 1);
            if (!name.equals("zero")) {
                assertThat(idx).isNotNegative();
            }
        }
    }

    @Test
    void namesParseIncludingOpenCvAndScipyAliases() {
        assertThat(BorderPolicy.parse("REPLICATE")).isInstanceOf(ClampPolicy.class);
        assertThat(BorderPolicy.parse("nearest")).isInstanceOf(ClampPolicy.class);
        assertThat(BorderPolicy.parse("reflect_101")).isInstanceOf(MirrorPolicy.class);
        assertThat(BorderPolicy.parse("constant:128")).isEqualTo(new ConstantPolicy(128f));
        assertThat(BorderPolicy.parse("constant:128").name()).isEqualTo("constant:128");
        assertThat(BorderPolicy.parse("zero").name()).isEqualTo("zero");
        assertThatThrownBy(() -> BorderPolicy.parse("bogus")).isInstanceOf(ConvolabException.class)
                .hasMessageContaining("unknown border policy 'bogus'");
        assertThatThrownBy(() -> BorderPolicy.parse("constant:x")).hasMessageContaining("not a number");
    }

    /** border.cuh's CONVOLAB_BORDER_* codes are the Java policies' codes. */
    @Test
    void cudaHeaderCodesMatchJava() throws Exception {
        String header = Files.readString(Path.of("cuda-kernels", "border.cuh"));
        Matcher m = Pattern.compile("#define CONVOLAB_BORDER_(\\w+)\\s+(\\d+)").matcher(header);
        Map<String, Integer> codes = new HashMap<>();
        while (m.find()) {
            codes.put(m.group(1), Integer.parseInt(m.group(2)));
        }
        assertThat(codes).containsOnlyKeys("CONSTANT", "CLAMP", "REFLECT", "MIRROR", "WRAP");
        assertThat(codes.get("CONSTANT")).isEqualTo(ConstantPolicy.ZERO.code());
        assertThat(codes.get("CLAMP")).isEqualTo(new ClampPolicy().code());
        assertThat(codes.get("REFLECT")).isEqualTo(new ReflectPolicy().code());
        assertThat(codes.get("MIRROR")).isEqualTo(new MirrorPolicy().code());
        assertThat(codes.get("WRAP")).isEqualTo(new WrapPolicy().code());
    }
}
