package org.jitdispatch.kernels.cpu.vector;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;
import org.jitdispatch.kernels.cpu.FloatChannelSumLoops;

/**
 * Batch norm's channel sums in double: a float vector of half the preferred width at a time is widened into one
 * double vector (eight lanes with AVX-512, four with AVX2) and added into one of four accumulators, in turn, so
 * element {@code k} of the run goes to one of 32 (or 16) partial sums, the last {@code n % lanes} elements to one
 * scalar sum. The scalar loops keep eight partial sums, which C2 cannot widen as vectors on JDK 17; here four
 * chains of adds keep the vector adder busy, and each partial sum collects fewer elements than one of the scalar
 * eight does. The partial sums are added pairwise at the end. Differences and products are rounded to double one
 * operation at a time, as in the scalar loops (no fused multiply-add).
 *
 * <p>Each loop body is kept to one vector of each input: C2 has to inline the Vector API's whole call tree
 * into the method before it can replace it with vector instructions, and a body twice as large ran past its
 * inlining budget (its node-count cutoff), leaving some vectors as objects, allocated on every step.
 */
public final class VectorFloatChannelSums implements FloatChannelSumLoops {
    /** The preferred double vectors (eight lanes with AVX-512, four with AVX2). */
    private static final VectorSpecies<Double> DOUBLES = DoubleVector.SPECIES_PREFERRED;
    /** Float vectors of as many lanes, half the width: each widens into one double vector. */
    private static final VectorSpecies<Float> FLOATS =
            VectorSpecies.of(float.class, VectorShape.forBitSize(DOUBLES.vectorBitSize() / 2));
    /** Floats read per step: one float vector, widened into one double vector. */
    private static final int STEP = FLOATS.length();

    @Override
    public double sum(float[] x, int from, int n) {
        DoubleVector s0 = DoubleVector.zero(DOUBLES);
        DoubleVector s1 = s0;
        DoubleVector s2 = s0;
        DoubleVector s3 = s0;
        int k = 0;
        for (; k + STEP <= n; k += STEP) {
            DoubleVector next = s1;
            s1 = s2;
            s2 = s3;
            s3 = s0.add(widen(FloatVector.fromArray(FLOATS, x, from + k)));
            s0 = next;
        }
        double tail = 0;
        for (; k < n; k++) {
            tail += x[from + k];
        }
        return addLanes(s0, s1, s2, s3) + tail;
    }

    @Override
    public double squaredDeviations(float[] x, int from, int n, double mean) {
        DoubleVector s0 = DoubleVector.zero(DOUBLES);
        DoubleVector s1 = s0;
        DoubleVector s2 = s0;
        DoubleVector s3 = s0;
        int k = 0;
        for (; k + STEP <= n; k += STEP) {
            DoubleVector d = widen(FloatVector.fromArray(FLOATS, x, from + k)).sub(mean);
            DoubleVector next = s1;
            s1 = s2;
            s2 = s3;
            s3 = s0.add(d.mul(d));
            s0 = next;
        }
        double tail = 0;
        for (; k < n; k++) {
            double d = x[from + k] - mean;
            tail += d * d;
        }
        return addLanes(s0, s1, s2, s3) + tail;
    }

    @Override
    public double deviationsDot(float[] x, int xFrom, float[] y, int yFrom, int n, double mean) {
        DoubleVector s0 = DoubleVector.zero(DOUBLES);
        DoubleVector s1 = s0;
        DoubleVector s2 = s0;
        DoubleVector s3 = s0;
        int k = 0;
        for (; k + STEP <= n; k += STEP) {
            DoubleVector d = widen(FloatVector.fromArray(FLOATS, x, xFrom + k)).sub(mean);
            DoubleVector next = s1;
            s1 = s2;
            s2 = s3;
            s3 = s0.add(d.mul(widen(FloatVector.fromArray(FLOATS, y, yFrom + k))));
            s0 = next;
        }
        double tail = 0;
        for (; k < n; k++) {
            tail += (x[xFrom + k] - mean) * y[yFrom + k];
        }
        return addLanes(s0, s1, s2, s3) + tail;
    }

    /** The lanes of {@code v}, each widened exactly to double. */
    private static DoubleVector widen(FloatVector v) {
        return (DoubleVector) v.convertShape(VectorOperators.F2D, DOUBLES, 0);
    }

    /**
     * The partial sums: the four vectors added pairwise, then their lanes with {@code reduceLanes}
     * (whose order the API leaves open; C2 compiles it to one fixed order). Reading the lanes one by one with
     * {@code lane(i)} would be a call per lane on JDK 17, which does not compile it to a vector instruction here.
     */
    private static double addLanes(DoubleVector s0, DoubleVector s1, DoubleVector s2, DoubleVector s3) {
        return s0.add(s1).add(s2.add(s3)).reduceLanes(VectorOperators.ADD);
    }
}
