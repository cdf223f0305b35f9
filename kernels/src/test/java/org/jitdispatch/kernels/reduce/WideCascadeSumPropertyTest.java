package org.jitdispatch.kernels.reduce;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jitdispatch.kernels.parallel.Parallel;
import org.junit.jupiter.api.Test;

/**
 * The lanes of {@link FloatCascadeSum#wide} (and {@link DoubleCascadeSum#wide}), which a contiguous run of at
 * least a group takes, against the blocks, which a strided run of the same values takes, on the same random
 * values: lengths from under a group to several spans, not multiples of a block, random offsets, values of
 * mixed signs and magnitudes. Each is within its documented bound of the sum in double (or in exact
 * arithmetic, for doubles, as far as a long-double-free test can tell: against a compensated sum), and over
 * many runs the lanes are at least as accurate as the blocks. A variant that drops one group of four blocks
 * is caught.
 */
class WideCascadeSumPropertyTest {
    private static final double EPS = Math.ulp(1f) / 2;
    private static final double DOUBLE_EPS = Math.ulp(1.0) / 2;

    @Property(tries = 200)
    void theLanesKeepTheirBound(@ForAll long seed) {
        Random rnd = new Random(seed);
        int n = length(rnd);
        int off = rnd.nextInt(17);
        float[] x = values(rnd, off + n + rnd.nextInt(5));
        double exact = 0;
        double magnitude = 0;
        for (int i = off; i < off + n; i++) {
            exact += x[i];
            magnitude += Math.abs(x[i]);
        }
        float lanes = FloatCascadeSum.wide(x, off, n, new float[FloatCascadeSum.WIDE + FloatCascadeSum.GROUP]);
        float blocks = FloatCascadeSum.cascade(strided(x, off, n), 0, 2, n);
        double log = Math.max(0, Math.log(n / (double) FloatCascadeSum.SPAN) / Math.log(2));
        double lanesBound = (16 + log + 2) * EPS * magnitude;
        double blocksBound = (64 + 4 + log + 3) * EPS * magnitude;
        double e = exact;
        assertTrue(Math.abs(lanes - exact) <= lanesBound, () -> "n " + n + ": lanes " + lanes + " vs " + e);
        assertTrue(Math.abs(blocks - exact) <= blocksBound, () -> "n " + n + ": blocks " + blocks + " vs " + e);
    }

    @Property(tries = 100)
    void doubleLanesKeepTheirBound(@ForAll long seed) {
        Random rnd = new Random(seed);
        int n = length(rnd);
        int off = rnd.nextInt(17);
        double[] x = new double[off + n];
        for (int i = 0; i < x.length; i++) {
            x[i] = rnd.nextInt(10) == 0 ? 0 : rnd.nextGaussian() * Math.scalb(1.0, rnd.nextInt(41) - 20);
        }
        double exact = 0;
        double compensation = 0;
        double magnitude = 0;
        for (int i = off; i < off + n; i++) {
            double y = x[i] - compensation;
            double t = exact + y;
            compensation = (t - exact) - y;
            exact = t;
            magnitude += Math.abs(x[i]);
        }
        double lanes = DoubleCascadeSum.wide(x, off, n, new double[DoubleCascadeSum.WIDE + DoubleCascadeSum.GROUP]);
        double log = Math.max(0, Math.log(n / (double) DoubleCascadeSum.SPAN) / Math.log(2));
        double bound = (16 + log + 3) * DOUBLE_EPS * magnitude;
        double e = exact;
        assertTrue(Math.abs(lanes - exact) <= bound, () -> "n " + n + ": lanes " + lanes + " vs " + e);
    }

    /**
     * Over many runs of three kinds of values (all positive, where rounding errors pile up; standard normal;
     * positive over 16 octaves) the lanes' errors are of the blocks' size: 0.7 to 1.25 times
     * theirs, depending on the kind.
     */
    @Test
    void theLanesAreAsAccurateAsTheBlocks() {
        Random rnd = new Random(7);
        float[] scratch = new float[FloatCascadeSum.WIDE + FloatCascadeSum.GROUP];
        for (int kind = 0; kind < 3; kind++) {
            double lanesError = 0;
            double blocksError = 0;
            for (int run = 0; run < 200; run++) {
                int n = length(rnd);
                float[] x = new float[n];
                double exact = 0;
                for (int i = 0; i < n; i++) {
                    x[i] = (float) (kind == 0 ? 1 + rnd.nextDouble()
                            : kind == 1 ? rnd.nextGaussian() : rnd.nextDouble() * Math.scalb(1.0, rnd.nextInt(17) - 8));
                    exact += x[i];
                }
                lanesError += Math.abs(FloatCascadeSum.wide(x, 0, n, scratch) - exact);
                blocksError += Math.abs(FloatCascadeSum.cascade(strided(x, 0, n), 0, 2, n) - exact);
            }
            assertTrue(lanesError <= 1.5 * blocksError, "values of kind " + kind + ": lanes " + lanesError + ", blocks "
                    + blocksError);
        }
    }

    /** The public entry takes the lanes for a long contiguous run, alone and in parallel chunks. */
    @Property(tries = 30)
    void aLongSumTakesTheLanesWithinTheirBound(@ForAll long seed) {
        Random rnd = new Random(seed);
        int n = FloatCascadeSum.GROUP + rnd.nextInt(400_000);
        float[] x = values(rnd, n);
        double exact = 0;
        double magnitude = 0;
        for (float v : x) {
            exact += v;
            magnitude += Math.abs(v);
        }
        int previous = Parallel.getNumThreads();
        Parallel.setNumThreads(1 + rnd.nextInt(2));
        try {
            double got = FloatCascadeSum.sum(x, 0, 1, n);
            double bound = (16 + Math.log(n) / Math.log(2) + 2) * EPS * magnitude;
            double e = exact;
            assertTrue(Math.abs(got - exact) <= bound, () -> "n " + n + ": " + got + " vs " + e);
        } finally {
            Parallel.setNumThreads(previous);
        }
    }

    /** The negative control: a sum that leaves out one group is outside the bound. */
    @Test
    void aSumMissingAGroupIsCaught() {
        Random rnd = new Random(3);
        int n = 3 * FloatCascadeSum.SPAN + 77;
        float[] x = new float[n];
        double exact = 0;
        double magnitude = 0;
        for (int i = 0; i < n; i++) {
            x[i] = (float) (1 + rnd.nextDouble());
            exact += x[i];
            magnitude += x[i];
        }
        float[] scratch = new float[FloatCascadeSum.WIDE + FloatCascadeSum.GROUP];
        float broken = FloatCascadeSum.wide(x, FloatCascadeSum.GROUP, n - FloatCascadeSum.GROUP, scratch);
        double bound = (16 + 2 + 2) * EPS * magnitude;
        assertTrue(Math.abs(broken - exact) > bound, "a sum without one group must be outside the bound");
        assertTrue(Math.abs(FloatCascadeSum.wide(x, 0, n, scratch) - exact) <= bound);
    }

    /** Under a group (the blocks alone), a few groups, and several spans, rarely a multiple of a block. */
    private static int length(Random rnd) {
        switch (rnd.nextInt(3)) {
            case 0: return 1 + rnd.nextInt(FloatCascadeSum.GROUP);
            case 1: return FloatCascadeSum.GROUP + rnd.nextInt(FloatCascadeSum.SPAN);
            default: return rnd.nextInt(6 * FloatCascadeSum.SPAN);
        }
    }

    /** {@code x[off, off + n)} at every other position of a new array, so the sum takes the strided blocks. */
    private static float[] strided(float[] x, int off, int n) {
        float[] s = new float[2 * n];
        for (int i = 0; i < n; i++) {
            s[2 * i] = x[off + i];
        }
        return s;
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
