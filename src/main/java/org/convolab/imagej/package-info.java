/**
 * The ImageJ 1.x / Fiji command "Convolab Convolve...": {@link org.convolab.imagej.Convolab_Convolve}, packed
 * with the engine into {@code target/Convolab_.jar} (no JavaFX) by the build. It reaches Convolab only
 * through {@code org.convolab.api} and {@code core} ({@code LayeringTest} holds this); ImageJ itself is a
 * provided dependency, there at run time in ImageJ or Fiji.
 */
package org.convolab.imagej;
