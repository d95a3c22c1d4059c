/**
 * The CUDA backend: the device probe, the context and module (the fatbin built from
 * cuda-kernels/*.cu), device and pinned buffers, and one launcher per strategy that sizes the grid
 * from KernelGeometry (mirroring cuda-kernels/geometry.cuh) and launches the kernel on the engine's one CUDA
 * thread. {@link org.convolab.cuda.CudaEngine} is the entry point; the rest is package-private.
 *
 * <p>May import: org.convolab.core and JCuda. Not cpu, engine, io, cli or ui: callers reach it
 * through org.convolab.engine.Engines.
 */
package org.convolab.cuda;
