/**
 * The one door to the backends: {@link org.convolab.engine.Engines} opens an engine for a
 * {@link org.convolab.core.Backend} (CUDA, CPU, or auto with the CPU fall-back of
 * {@link org.convolab.engine.FallbackEngine}) and lists the devices; the measurement helpers that the
 * benchmarks and the window share live here too (the self-tests are in {@code selftest}). The only
 * package that imports {@code cuda} and {@code cpu} (but for the self-tests, which take the CPU's reference).
 */
package org.convolab.engine;
