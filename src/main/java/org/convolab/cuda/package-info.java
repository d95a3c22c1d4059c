/**
 * The CUDA backend: the device probe, the context and module (the fatbin built from
 * cuda-kernels/*.cu), device and pinned buffers, the planner that decides every kernel a filter runs
 * (CudaPlanner, with the variant table KernelTable sizing each launch from the policies of
 * KernelGeometry, mirroring cuda-kernels/geometry.cuh), and one launcher per strategy that runs the
 * planned launches on the engine's one CUDA thread. {@link org.convolab.cuda.CudaEngine} is the entry
 * point; the rest is package-private.
 *
 * <p>May import: org.convolab.core and JCuda. Not cpu, engine, io, cli or ui: callers reach it
 * through org.convolab.engine.Engines.
 */
package org.convolab.cuda;
