package org.convolab.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * The mask parsers take any text: the result is a valid mask or a ConvolabException with a one-line
 * message, never another exception. Regression inputs: MaskTextFuzzTestInputs/ beside this class.
 */
class MaskTextFuzzTest {

    @FuzzTest(maxDuration = "30s")
    void anyTextGivesAMaskOrOneClearLine(FuzzedDataProvider data) {
        String text = data.consumeRemainingAsString();
        for (boolean preset : new boolean[] {false, true}) {
            try {
                Mask m = preset ? MaskPresets.parse(text) : MaskText.parse(text, "fuzz");
                assertEquals(1, m.width() % 2);
                assertEquals(1, m.height() % 2);
                assertTrue(m.width() <= Mask.MAX_SIZE && m.height() <= Mask.MAX_SIZE);
                for (float w : m.weights()) {
                    assertTrue(Float.isFinite(w));
                }
                assertEquals(m, MaskText.parse(MaskText.format(m), "round trip"));
            } catch (ConvolabException e) {
                assertFalse(e.getMessage().isBlank());
            }
        }
    }
}
