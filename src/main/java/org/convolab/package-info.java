/**
 * Convolab: 2D convolution of images on NVIDIA GPUs (JCuda) and on the CPU, as a desktop application
 * and a command line. {@link org.convolab.Main} starts the command line, which opens the window for
 * {@code gui} or no arguments. The layers, from the top: {@code cli} and {@code ui} (front ends),
 * {@code engine} (the one door to the backends), {@code cuda} and {@code cpu} (backends), {@code io}
 * (files), {@code core} (what to compute). docs/ARCHITECTURE.md draws them; {@code LayeringTest}
 * holds them.
 */
package org.convolab;
