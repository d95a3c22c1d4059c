package org.convolab.cpu;

import java.util.Optional;

/**
 * Picks the CPU filters' SIMD kernel once: {@link VectorTapKernel} when the JVM runs with
 * {@code --add-modules jdk.incubator.vector} (an incubator module in Java 17, so not resolved by
 * {@code java -jar} alone), else none and the filters take their scalar loops. The vector class is
 * loaded only after the module was found, so a JVM without it never sees a missing class.
 * The vector kernel comes wrapped in a {@link ScalarFirstTapKernel}, which takes plain loops until a process has
 * filtered enough to pay for compiling the vector code (interpreted, it is several times slower than plain loops).
 * {@code -Dconvolab.cpu.vector=false} turns the vector path off (to compare the two).
 */
final class TapKernels {

    private static final Optional<TapKernel> VECTOR = load();

    private TapKernels() {
    }

    /** The vector kernel (taking the scalar loops until it is compiled), or empty where the module is absent or the property turns it off. */
    static Optional<TapKernel> vector() {
        return VECTOR;
    }

    private static Optional<TapKernel> load() {
        if ("false".equals(System.getProperty("convolab.cpu.vector"))
                || ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
            return Optional.empty();
        }
        try {
            TapKernel vector = (TapKernel) Class.forName("org.convolab.cpu.VectorTapKernel").getDeclaredConstructor().newInstance();
            return Optional.of(new ScalarFirstTapKernel(vector, new ScalarTapKernel(), ScalarFirstTapKernel.SCALAR_ROWS));
        } catch (ReflectiveOperationException | LinkageError e) {
            return Optional.empty();
        }
    }
}
