/**
 * The self-tests behind {@code convolab selftest} and the engine tests: the filter matrix
 * ({@link org.convolab.selftest.Conformance}), the histograms ({@link org.convolab.selftest.HistogramCheck}) and the
 * plane filter of grey and 16-bit images ({@link org.convolab.selftest.PlaneFilterCheck}), each against the
 * double-precision reference or the plain count, all counted by one {@link org.convolab.selftest.Tally} with one rule
 * for refusals (a {@link org.convolab.core.StrategyRefusedException} where the strategy does not apply, counted apart
 * from the passes) and for a fall-back or a survived fault during the run (a failure); and the one generator of random
 * test images and masks ({@link org.convolab.selftest.TestImages}). Above {@code engine}: it opens nothing itself and
 * is reached only from the command line and the tests.
 */
package org.convolab.selftest;
