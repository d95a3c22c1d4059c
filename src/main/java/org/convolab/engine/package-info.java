/**
 * The one door to the backends: {@link org.convolab.engine.Engines} opens an engine for a
 * {@link org.convolab.core.Backend} (CUDA, CPU, or auto with the CPU fall-back of
 * {@link org.convolab.engine.FallbackEngine}) and lists the devices; the conformance matrix and the
 * measurement helpers that the self-test, the benchmarks and the window share live here too. The only
 * package that imports {@code cuda} and {@code cpu}.
 */
package org.convolab.engine;
