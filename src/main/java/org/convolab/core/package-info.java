/**
 * What to compute, with no JavaFX and no JCuda: the {@link org.convolab.core.Mask}, the ghost-cell
 * policies ({@link org.convolab.core.BorderPolicy} and one small type per policy), the
 * {@link org.convolab.core.FilterSpec} (weights, policy, output mapping), the strategies, images,
 * results and timings, and the {@link org.convolab.core.ConvolutionEngine} interface every backend
 * implements. Imports nothing else of Convolab.
 */
package org.convolab.core;
