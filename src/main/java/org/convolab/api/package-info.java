/**
 * Convolab for other Java programs: {@link org.convolab.api.Convolab} opens an engine (CUDA, CPU, or
 * auto with the CPU fall-back) and filters a {@link java.awt.image.BufferedImage}, one float plane or
 * several float channels with a {@link org.convolab.core.FilterSpec} (mask, ghost-cell policy, output
 * mapping) and a {@link org.convolab.core.Strategy}, returning the result with the
 * {@link org.convolab.core.LaunchPlan} that ran.
 *
 * <pre>{@code
 * FilterSpec spec = new FilterSpec(Convolab.mask("1 2 1; 2 4 2; 1 2 1"), Convolab.border("mirror"), 16, 0, false);
 * try (Convolab lab = Convolab.open("auto", System.err::println)) {
 *     Convolab.ImageResult r = lab.filter(image, spec, Strategy.AUTO);
 *     ImageIO.write(r.image(), "png", out);
 *     System.out.println(lab.device() + ": " + r.plan().describe());
 * }
 * }</pre>
 *
 * <p>The layer sits above {@code engine} (which it uses) and below the front ends (the ImageJ command
 * calls only this package and {@code core}); {@code LayeringTest} holds that.
 */
package org.convolab.api;
