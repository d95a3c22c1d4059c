package org.convolab.imagej;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ij.process.ByteProcessor;
import ij.process.ImageProcessor;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built {@code target/Convolab_.jar} in an ImageJ that knows nothing else of Convolab: a class loader with
 * ImageJ 1.54p's jar alone (over the platform's, so none of the test class path), the plugin jar in a plugins
 * folder, the command taken from the jar's plugins.config and run as ImageJ runs a user plugin
 * ({@code IJ.runPlugIn}: its own class loader over the plugins folder) with macro options. An integration test:
 * {@code mvn verify} runs it after {@code package} has built the jar.
 */
class PluginJarIT {

    @TempDir
    Path dir;

    @Test
    void thePluginJarRunsInAFreshImageJ() throws Exception {
        Path jar = Path.of("target", "Convolab_.jar");
        assumeTrue(Files.isRegularFile(jar), "target/Convolab_.jar is not built: run mvn verify (package builds it)");
        String config;
        try (ZipFile z = new ZipFile(jar.toFile())) {
            config = new String(z.getInputStream(z.getEntry("plugins.config")).readAllBytes(), StandardCharsets.UTF_8);
            assertThat(z.stream().map(e -> e.getName()).filter(n -> n.startsWith("javafx/") || n.startsWith("org/convolab/ui/")
                    || n.startsWith("org/convolab/cli/"))).as("no JavaFX, window or CLI in the plugin jar").isEmpty();
        }
        Matcher m = Pattern.compile("(?m)^Plugins>Filters, \"([^\"]+)\", ([\\w.]+)\\s*$").matcher(config);
        assertThat(m.find()).as(config).isTrue();
        String command = m.group(1);
        String className = m.group(2);
        assertThat(command).isEqualTo("Convolab Convolve...");

        Path plugins = Files.createDirectories(dir.resolve("plugins"));
        Files.copy(jar, plugins.resolve("Convolab_.jar"));
        URL ijJar = ij.IJ.class.getProtectionDomain().getCodeSource().getLocation();
        int w = 48;
        int h = 32;
        byte[] pixels = new byte[w * h];
        new java.util.Random(7).nextBytes(pixels);
        String options = "mask=[0 1 2;1 3 1;0 0 1] border=clamp strategy=auto backend=auto normalize";

        String before = System.getProperty("plugins.dir");
        System.setProperty("plugins.dir", plugins.toString());
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintStream out = System.out;
        AtomicReference<Object> result = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        try (URLClassLoader fresh = new URLClassLoader(new URL[] {ijJar}, ClassLoader.getPlatformClassLoader())) {
            assertThatThrownBy(() -> fresh.loadClass("org.convolab.api.Convolab")).isInstanceOf(ClassNotFoundException.class);
            Thread t = new Thread(() -> {
                try {
                    Class<?> ipClass = fresh.loadClass("ij.process.ImageProcessor");
                    Class<?> impClass = fresh.loadClass("ij.ImagePlus");
                    Object ip = fresh.loadClass("ij.process.ByteProcessor").getConstructor(int.class, int.class, byte[].class)
                            .newInstance(w, h, pixels.clone());
                    Object imp = impClass.getConstructor(String.class, ipClass).newInstance("fresh", ip);
                    fresh.loadClass("ij.WindowManager").getMethod("setTempCurrentImage", impClass).invoke(null, imp);
                    fresh.loadClass("ij.Macro").getMethod("setOptions", Thread.class, String.class)
                            .invoke(null, Thread.currentThread(), options);
                    Method run = fresh.loadClass("ij.IJ").getMethod("runPlugIn", String.class, String.class, String.class);
                    Object plugin = run.invoke(null, command, className, "");
                    assertThat(plugin).as("ImageJ loaded the plugin class").isNotNull();
                    assertThat(plugin.getClass().getClassLoader()).isNotSameAs(Convolab_Convolve.class.getClassLoader());
                    result.set(impClass.getMethod("getProcessor").invoke(imp));
                } catch (Throwable e) {
                    failure.set(e);
                }
            }, "Run$_fresh-imagej");
            t.setContextClassLoader(fresh);
            System.setOut(new PrintStream(log, true, StandardCharsets.UTF_8));
            t.start();
            t.join();
        } finally {
            System.setOut(out);
            if (before == null) {
                System.clearProperty("plugins.dir");
            } else {
                System.setProperty("plugins.dir", before);
            }
        }
        String logged = log.toString(StandardCharsets.UTF_8);
        out.print(logged);
        if (failure.get() != null) {
            throw new AssertionError("ImageJ's log: " + logged, failure.get());
        }
        byte[] got = (byte[]) result.get().getClass().getMethod("getPixels").invoke(result.get());
        ImageProcessor expected = Convolab_ConvolveTest.imageJ(new ByteProcessor(w, h, pixels.clone()), "0 1 2;1 3 1;0 0 1", true);
        assertThat(Convolab_ConvolveTest.maxDifference(new ByteProcessor(w, h, got), expected)).as(logged).isLessThanOrEqualTo(1);
        assertThat(Convolab_ConvolveTest.maxDifference(new ByteProcessor(w, h, got), new ByteProcessor(w, h, pixels))).isGreaterThan(2);
        assertThat(logged).containsPattern("Convolab Convolve: (cpu|cuda) on ");
    }
}
