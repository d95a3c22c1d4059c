package org.convolab.core;

/**
 * A strategy refused work it does not take: a filter strategy a mask ({@link Strategy#whyNotApplicable}), a
 * histogram strategy a bin count of a depth ({@link HistogramStrategy#whyNotApplicable}). Its message is that
 * sentence. The self-tests tell a refusal from a failure by this type, never by the message's text.
 */
public class StrategyRefusedException extends ConvolabException {
    private static final long serialVersionUID = 1L;

    public StrategyRefusedException(String why) {
        super(why);
    }
}
