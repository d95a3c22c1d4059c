package org.convolab.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.convolab.core.Mask;
import org.convolab.core.Strategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The table of simple 2D launchers, without a GPU. */
class SimpleLauncherTest {

    @Test
    void tableHoldsTheFourSimpleStrategies() {
        assertEquals(java.util.Set.of(Strategy.NAIVE, Strategy.CONSTANT, Strategy.TILED_OUT, Strategy.CACHED),
                SimpleLauncher.TABLE.keySet());
        assertEquals(SimpleLauncher.MaskIn.GLOBAL, SimpleLauncher.TABLE.get(Strategy.NAIVE).mask());
        assertEquals("convolab_tiled_out", SimpleLauncher.TABLE.get(Strategy.TILED_OUT).kernel());
    }

    @Test
    void tiledOutSharedMemoryIsTheInputTile() {
        Mask big = Mask.of(63, 63, new float[63 * 63]);
        assertEquals(94 * 70 * 4, SimpleLauncher.TABLE.get(Strategy.TILED_OUT).sharedBytes().applyAsInt(big));
        assertEquals(34 * 10 * 4, SimpleLauncher.TABLE.get(Strategy.TILED_OUT).sharedBytes().applyAsInt(Mask.of(3, 3, new float[9])));
    }

    @ParameterizedTest
    @EnumSource(value = Strategy.class, names = {"NAIVE", "CONSTANT", "TILED_OUT", "CACHED"})
    void everyRowFitsTheLargestMask(Strategy s) {
        Mask big = Mask.of(63, 63, new float[63 * 63]);
        assertTrue(SimpleLauncher.TABLE.get(s).sharedBytes().applyAsInt(big) <= SimpleLauncher.MAX_SHARED_BYTES);
    }

    @ParameterizedTest
    @EnumSource(value = Strategy.class, names = {"TILED", "SEPARABLE", "FAST", "AUTO"})
    void otherStrategiesAreRefused(Strategy s) {
        assertThrows(IllegalArgumentException.class, () -> new SimpleLauncher(s));
    }
}
