package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * polygamma's and erfc's values against closed forms and Python's {@code math.erfc} (glibc), tighter than the
 * golden vectors' float64 tolerance (1e-7), which would let a wrong series term through.
 */
class SpecialFunctionsTest {
    private static final double ZETA_3 = 1.2020569031595942;

    @Test
    void hurwitzZetaAtClosedForms() {
        assertRelative(Math.PI * Math.PI / 6, SpecialFunctions.zeta(2, 1), 1e-15);
        assertRelative(Math.pow(Math.PI, 4) / 90, SpecialFunctions.zeta(4, 1), 1e-15);
        assertRelative(Math.pow(Math.PI, 4) / 90 * 15, SpecialFunctions.zeta(4, 0.5), 1e-15);
        assertRelative(ZETA_3 - 1, SpecialFunctions.zeta(3, 2), 1e-15);
        assertEquals(Double.POSITIVE_INFINITY, SpecialFunctions.zeta(1, 2));
        assertTrue(Double.isNaN(SpecialFunctions.zeta(0.5, 2)));
    }

    @Test
    void polygammaAtClosedForms() {
        assertRelative(-0.5772156649015329, SpecialFunctions.polygamma(0, 1), 1e-15);
        // trigamma is ATen's, whose series stops at x^-7 after six steps: PyTorch 1.13's values, 5e-10 from pi^2/6
        assertEquals(1.6449340676383375, SpecialFunctions.polygamma(1, 1));
        assertEquals(4.934802202073678, SpecialFunctions.polygamma(1, 0.5));
        assertRelative(-2 * ZETA_3, SpecialFunctions.polygamma(2, 1), 1e-15);
        assertRelative(Math.pow(Math.PI, 4), SpecialFunctions.polygamma(3, 0.5), 1e-14);
        // psi4(1/2) = -4! (2^5 - 1) zeta(5)
        assertRelative(-24 * 31 * 1.0369277551433699, SpecialFunctions.polygamma(4, 0.5), 1e-14);
    }

    @Test
    void erfcKeepsItsTail() {
        double[][] cases = {{0.5, 0.4795001221869535}, {2.0, 0.004677734981047265}, {3.3, 3.0577097964381654e-06},
            {5.0, 1.5374597944280351e-12}, {10.0, 2.088487583762545e-45}, {26.0, 5.663192408856143e-296}};
        for (double[] c : cases) {
            assertRelative(c[1], SpecialFunctions.erfc(c[0]), 1e-14);
        }
        assertEquals(2.0, SpecialFunctions.erfc(-30));
        assertEquals(0.0, SpecialFunctions.erfc(30));
        assertEquals(1.0, SpecialFunctions.erfc(0));
        assertTrue(Double.isNaN(SpecialFunctions.erfc(Double.NaN)));
    }

    private static void assertRelative(double expected, double actual, double tolerance) {
        assertTrue(Math.abs(actual - expected) <= tolerance * Math.abs(expected),
                () -> "expected " + expected + " but was " + actual);
    }
}
