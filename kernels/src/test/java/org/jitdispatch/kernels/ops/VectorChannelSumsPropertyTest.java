package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.Random;
import java.util.function.IntToDoubleFunction;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.kernels.cpu.FloatChannelSumLoops;
import org.jitdispatch.kernels.cpu.VectorKernels;

/**
 * The Vector API's channel sums against the exact sum of the same terms (each term rounded to double as the
 * scalar loops round it) on random runs: lengths around and between multiples of a vector step, random offsets,
 * and magnitudes that span many binades. Every result must lie within the double error bound of a sum of
 * {@code n} terms, {@code (n + 2) * 2^-52 * sum(|term|)}, and the scalar loops (the float64 twin, on the same
 * values widened) within the same bound; a lost, repeated or misplaced element misses it by far. NaN and the
 * infinities propagate as in the scalar loops. Runs in the test JVM with the vector module.
 */
class VectorChannelSumsPropertyTest {
    static {
        AtenLibrary.load();
    }

    private static final FloatChannelSumLoops VECTOR = VectorKernels.floatChannelSumLoops();

    @Property(tries = 400)
    void sumsLieWithinTheBoundOfTheExactSums(@ForAll long seed) {
        assertNotNull(VECTOR, "this JVM must run with --add-modules jdk.incubator.vector");
        Random rnd = new Random(seed);
        int n = rnd.nextInt(4) == 0 ? rnd.nextInt(40) : rnd.nextInt(400);
        int xOff = rnd.nextInt(9);
        int yOff = rnd.nextInt(9);
        float[] x = values(rnd, xOff + n + rnd.nextInt(9));
        float[] y = values(rnd, yOff + n + rnd.nextInt(9));
        double mean = rnd.nextBoolean() ? 0 : rnd.nextGaussian() * Math.scalb(1.0, rnd.nextInt(9) - 4);
        double[] xd = widen(x);
        double[] yd = widen(y);

        check("sum", n, VECTOR.sum(x, xOff, n), DoubleChannelSums.sum(xd, xOff, n), i -> x[xOff + i]);
        check("squaredDeviations", n, VECTOR.squaredDeviations(x, xOff, n, mean),
                DoubleChannelSums.squaredDeviations(xd, xOff, n, mean), i -> {
                    double d = x[xOff + i] - mean;
                    return d * d;
                });
        check("deviationsDot", n, VECTOR.deviationsDot(x, xOff, y, yOff, n, mean),
                DoubleChannelSums.deviationsDot(xd, xOff, yd, yOff, n, mean),
                i -> (x[xOff + i] - mean) * y[yOff + i]);
    }

    @Property(tries = 100)
    void nanAndInfinitiesPropagateAsInTheScalarLoops(@ForAll long seed) {
        assertNotNull(VECTOR, "this JVM must run with --add-modules jdk.incubator.vector");
        Random rnd = new Random(seed);
        int n = 1 + rnd.nextInt(100);
        float[] x = values(rnd, n);
        float[] specials = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY};
        for (int k = 1 + rnd.nextInt(2); k > 0; k--) {
            x[rnd.nextInt(n)] = specials[rnd.nextInt(specials.length)];
        }
        double[] xd = widen(x);
        assertEquals(DoubleChannelSums.sum(xd, 0, n), VECTOR.sum(x, 0, n));
        assertEquals(DoubleChannelSums.squaredDeviations(xd, 0, n, 0.5), VECTOR.squaredDeviations(x, 0, n, 0.5));
        assertEquals(DoubleChannelSums.deviationsDot(xd, 0, xd, 0, n, 0.5), VECTOR.deviationsDot(x, 0, x, 0, n, 0.5));
    }

    private static void check(String what, int n, double vector, double scalar, IntToDoubleFunction term) {
        BigDecimal exact = BigDecimal.ZERO;
        double magnitude = 0;
        for (int i = 0; i < n; i++) {
            double t = term.applyAsDouble(i);
            exact = exact.add(new BigDecimal(t));
            magnitude += Math.abs(t);
        }
        double bound = (n + 2) * Math.ulp(1.0) * magnitude;
        double e = exact.doubleValue();
        assertTrue(Math.abs(vector - e) <= bound,
                () -> what + " of " + n + ": vector " + vector + ", exact " + e + ", bound " + bound);
        assertTrue(Math.abs(scalar - e) <= bound,
                () -> what + " of " + n + ": scalar " + scalar + ", exact " + e + ", bound " + bound);
    }

    /** Gaussians scaled by powers of two from 2^-20 to 2^20, so that the terms differ widely in size. */
    private static float[] values(Random rnd, int length) {
        float[] v = new float[length];
        for (int i = 0; i < length; i++) {
            v[i] = (float) Math.scalb(rnd.nextGaussian(), rnd.nextInt(41) - 20);
        }
        return v;
    }

    private static double[] widen(float[] v) {
        double[] d = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            d[i] = v[i];
        }
        return d;
    }
}
