package org.jitdispatch.kernels.iter;

import static org.jitdispatch.runtime.ScalarType.Bool;
import static org.jitdispatch.runtime.ScalarType.Float32;
import static org.jitdispatch.runtime.ScalarType.Float64;
import static org.jitdispatch.runtime.ScalarType.Int32;
import static org.jitdispatch.runtime.ScalarType.Int64;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;

class CastRulesTest {
    @Test
    void canCastMatrix() {
        ScalarType[] all = {Bool, Int32, Int64, Float32, Float64};
        boolean[][] expected = {
            //  to: Bool   Int32  Int64  Float32 Float64
            {true, true, true, true, true},      // from Bool
            {false, true, true, true, true},     // from Int32
            {false, true, true, true, true},     // from Int64
            {false, false, false, true, true},   // from Float32
            {false, false, false, true, true},   // from Float64
        };
        for (int i = 0; i < all.length; i++) {
            for (int j = 0; j < all.length; j++) {
                assertEquals(expected[i][j], CastRules.canCast(all[i], all[j]), all[i] + " -> " + all[j]);
            }
        }
    }

    @Test
    void errorNamesBothTypesTheC10Way() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CastRules.checkSafeCast(Float32, Int64));
        assertEquals("result type Float can't be cast to the desired output type Long", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> CastRules.checkSafeCast(Int64, Bool));
        assertEquals("result type Long can't be cast to the desired output type Bool", e.getMessage());
        assertDoesNotThrow(() -> CastRules.checkSafeCast(Int64, Float64));
    }
}
