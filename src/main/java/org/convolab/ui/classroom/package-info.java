/**
 * The classroom window (Tools › Classroom): views that teach what the filter does, the ghost cells
 * a border policy invents, the tiles a block loads, and the cost model of each strategy. They show
 * the {@link org.convolab.ui.MainModel} and never change it. The Histograms tab times the engine's
 * histogram strategies on images with little and much contention, when asked.
 *
 * <p>May import {@code core}, {@code engine}, {@code io} and {@code ui}; never {@code cuda} or
 * {@code cpu}.
 */
package org.convolab.ui.classroom;
