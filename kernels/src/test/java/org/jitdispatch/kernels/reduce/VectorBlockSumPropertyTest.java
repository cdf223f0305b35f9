package org.jitdispatch.kernels.reduce;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jitdispatch.kernels.cpu.FloatBlockSum;
import org.jitdispatch.kernels.cpu.VectorKernels;
import org.jitdispatch.kernels.parallel.Parallel;
import org.junit.jupiter.api.Test;

/**
 * The Vector API's block sum against the scalar block ({@link FloatCascadeSum#block}) on the same random
 * runs: lengths up to a block that are not multiples of a vector, random offsets, values of mixed signs and
 * magnitudes. Tolerance: both within {@code (64 + 4) * 2^-24 * sum |x|} of the sum in double (the scalar
 * block's bound: 64 elements per accumulator, a tree of 16), and on average over many full blocks the vector
 * sum's error is no larger than the scalar one's. The whole cascade with the vector blocks, in parallel or not,
 * stays within FloatCascadeSum's documented bound. Runs in the test JVM with the vector module.
 */
class VectorBlockSumPropertyTest {
    private static final FloatBlockSum VECTOR = VectorKernels.floatBlockSum();
    private static final double EPS = Math.ulp(1f) / 2;

    @Property(tries = 500)
    void aBlockIsWithinTheScalarBlocksBound(@ForAll long seed) {
        assertNotNull(VECTOR, "this JVM must run with --add-modules jdk.incubator.vector");
        Random rnd = new Random(seed);
        int n = rnd.nextInt(FloatCascadeSum.BLOCK + 1);
        int off = rnd.nextInt(17);
        float[] x = values(rnd, off + n + rnd.nextInt(17));
        double exact = 0;
        double magnitude = 0;
        for (int i = off; i < off + n; i++) {
            exact += x[i];
            magnitude += Math.abs(x[i]);
        }
        double bound = (64 + 4) * EPS * magnitude;
        float vector = VECTOR.block(x, off, n);
        float scalar = FloatCascadeSum.block(x, off, n);
        double e = exact;
        assertTrue(Math.abs(vector - exact) <= bound, () -> "n " + n + ": " + vector + " vs " + e);
        assertTrue(Math.abs(scalar - exact) <= bound, () -> "n " + n + ": scalar " + scalar + " vs " + e);
    }

    /**
     * Full blocks, which every block of a long sum but the last is: over 2,000 of them the vector sum's mean
     * error is at most the scalar one's (on this machine, 0.65 to 0.83 of it, depending on the values; on
     * shorter blocks the two are about equal, both dominated by the last adds of their trees).
     */
    @Test
    void onFullBlocksTheVectorSumIsAtLeastAsAccurate() {
        assertNotNull(VECTOR, "this JVM must run with --add-modules jdk.incubator.vector");
        for (int kind = 0; kind < 3; kind++) {
            Random rnd = new Random(42 + kind);
            double vectorError = 0;
            double scalarError = 0;
            int n = FloatCascadeSum.BLOCK;
            for (int run = 0; run < 2000; run++) {
                float[] x = new float[n];
                double exact = 0;
                for (int i = 0; i < n; i++) {
                    // all positive (rounding errors pile up), standard normal, and positive over 16 octaves
                    x[i] = (float) (kind == 0 ? 1 + rnd.nextDouble()
                            : kind == 1 ? rnd.nextGaussian() : rnd.nextDouble() * Math.scalb(1.0, rnd.nextInt(17) - 8));
                    exact += x[i];
                }
                vectorError += Math.abs(VECTOR.block(x, 0, n) - exact);
                scalarError += Math.abs(FloatCascadeSum.block(x, 0, n) - exact);
            }
            assertTrue(vectorError <= scalarError, "values of kind " + kind + ": vector " + vectorError + ", scalar "
                    + scalarError);
        }
    }

    @Property(tries = 40)
    void theCascadeWithVectorBlocksKeepsItsBound(@ForAll long seed) {
        assertNotNull(VECTOR);
        Random rnd = new Random(seed);
        int n = rnd.nextInt(4) == 0 ? rnd.nextInt(5000) : rnd.nextInt(300_000);
        int off = rnd.nextInt(5);
        float[] x = values(rnd, off + n);
        double exact = 0;
        double magnitude = 0;
        for (int i = off; i < off + n; i++) {
            exact += x[i];
            magnitude += Math.abs(x[i]);
        }
        int previous = Parallel.getNumThreads();
        Parallel.setNumThreads(1 + rnd.nextInt(2));
        try {
            double got = FloatCascadeSum.sum(x, off, 1, n);
            double log = Math.max(0, Math.log(Math.max(1, n / (double) FloatCascadeSum.BLOCK)) / Math.log(2));
            double bound = (64 + 4 + log + 1) * EPS * magnitude;
            double e = exact;
            assertTrue(Math.abs(got - exact) <= bound, () -> "n " + n + ": " + got + " vs " + e);
        } finally {
            Parallel.setNumThreads(previous);
        }
    }

    /** Gaussians scaled by powers of two from 2^-8 to 2^8, one in ten zero. */
    private static float[] values(Random rnd, int length) {
        float[] v = new float[length];
        for (int i = 0; i < length; i++) {
            v[i] = rnd.nextInt(10) == 0 ? 0f : (float) (rnd.nextGaussian() * Math.scalb(1.0, rnd.nextInt(17) - 8));
        }
        return v;
    }
}
