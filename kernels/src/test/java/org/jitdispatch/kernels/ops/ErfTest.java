package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Erf against C's libm (values written by kernels/src/test/python/make_erf_values.py) and at its edges. */
class ErfTest {
    private static List<double[]> libmValues() throws IOException {
        try (InputStream in = ErfTest.class.getResourceAsStream("/erf_values.txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .map(l -> l.split(" "))
                    .map(p -> new double[] {Double.parseDouble(p[0]), Double.parseDouble(p[1])})
                    .toList();
        }
    }

    @Test
    void isWithinTwoUlpsOfLibm() throws IOException {
        List<double[]> values = libmValues();
        assertTrue(values.size() > 4000);
        for (double[] v : values) {
            double got = Erf.erf(v[0]);
            double ulps = Math.abs(got - v[1]) / Math.ulp(v[1]);
            assertTrue(ulps <= 2, () -> "erf(" + v[0] + ") = " + got + ", libm " + v[1] + ": " + ulps + " ulps");
        }
    }

    @Test
    void theTableAgreesWithTheSeriesItIsBuiltFrom() {
        java.util.Random random = new java.util.Random(7);
        for (int i = 0; i < 100_000; i++) {
            double x = random.nextDouble() * 14 - 7;
            double series = Erf.erfSeries(x);
            assertTrue(Math.abs(Erf.erf(x) - series) <= 16 * Math.ulp(series), () -> "at " + x);
        }
    }

    @Test
    void keepsSignsNanAndTheLimits() {
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(Erf.erf(-0.0)));
        assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(Erf.erf(0.0)));
        assertTrue(Double.isNaN(Erf.erf(Double.NaN)));
        assertEquals(1.0, Erf.erf(Double.POSITIVE_INFINITY));
        assertEquals(-1.0, Erf.erf(Double.NEGATIVE_INFINITY));
        assertEquals(1.0, Erf.erf(6.0));
        assertEquals(-1.0, Erf.erf(-40.0));
        assertEquals(-Erf.erf(0.3), Erf.erf(-0.3));
        assertEquals(Double.MIN_NORMAL * 2 / Math.sqrt(Math.PI), Erf.erf(Double.MIN_NORMAL), Double.MIN_NORMAL * 1e-15);
    }

    /** Two intervals' polynomials meet within the rounding of their values: a step back of one ulp at most. */
    @Test
    void stepsBackAtMostOneUlpAcrossTheIntervalEdges() {
        for (int k = 1; k < Erf.LIMIT * Erf.PER_UNIT; k++) {
            double edge = (double) k / Erf.PER_UNIT;
            double below = Erf.erf(Math.nextDown(edge));
            double at = Erf.erf(edge);
            double above = Erf.erf(Math.nextUp(edge));
            assertTrue(below - at <= Math.ulp(at) && at - above <= Math.ulp(at), () -> "a step back at " + edge);
        }
    }
}
