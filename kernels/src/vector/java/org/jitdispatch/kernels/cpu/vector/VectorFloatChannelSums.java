package org.jitdispatch.kernels.cpu.vector;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;
import org.jitdispatch.kernels.cpu.FloatChannelSumLoops;

/**
 * Batch norm's channel sums in double: eight floats at a time are widened into two vectors of four doubles and
 * added into two of four accumulators, the other two on the next step, so element {@code k} of the run goes to
 * one of sixteen partial sums (the last {@code n % 8} elements to one scalar sum). The scalar loops keep eight
 * partial sums, which C2 cannot widen as vectors on JDK 17; here four chains of adds keep the vector adder
 * busy, and each partial sum collects fewer elements than one of the scalar eight does. The partial sums are
 * added pairwise at the end. Differences and products are rounded to double one operation at a time, as in the
 * scalar loops (no fused multiply-add).
 *
 * <p>Each loop body is kept to one vector of each input: C2 has to inline the Vector API's whole call tree
 * into the method before it can replace it with vector instructions, and a body twice as large ran past its
 * inlining budget (its node-count cutoff), leaving some vectors as objects, allocated on every step.
 */
public final class VectorFloatChannelSums implements FloatChannelSumLoops {
    private static final VectorSpecies<Float> FLOATS = FloatVector.SPECIES_256;
    private static final VectorSpecies<Double> DOUBLES = DoubleVector.SPECIES_256;
    /** Floats read per step: one float vector, two double vectors. */
    private static final int STEP = FLOATS.length();

    @Override
    public double sum(float[] x, int from, int n) {
        DoubleVector s0 = DoubleVector.zero(DOUBLES);
        DoubleVector s1 = s0;
        DoubleVector s2 = s0;
        DoubleVector s3 = s0;
        int k = 0;
        for (; k + STEP <= n; k += STEP) {
            FloatVector v = FloatVector.fromArray(FLOATS, x, from + k);
            DoubleVector next0 = s2;
            DoubleVector next1 = s3;
            s2 = s0.add(widen(v, 0));
            s3 = s1.add(widen(v, 1));
            s0 = next0;
            s1 = next1;
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
            FloatVector v = FloatVector.fromArray(FLOATS, x, from + k);
            DoubleVector d0 = widen(v, 0).sub(mean);
            DoubleVector d1 = widen(v, 1).sub(mean);
            DoubleVector next0 = s2;
            DoubleVector next1 = s3;
            s2 = s0.add(d0.mul(d0));
            s3 = s1.add(d1.mul(d1));
            s0 = next0;
            s1 = next1;
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
            FloatVector xv = FloatVector.fromArray(FLOATS, x, xFrom + k);
            FloatVector yv = FloatVector.fromArray(FLOATS, y, yFrom + k);
            DoubleVector next0 = s2;
            DoubleVector next1 = s3;
            s2 = s0.add(widen(xv, 0).sub(mean).mul(widen(yv, 0)));
            s3 = s1.add(widen(xv, 1).sub(mean).mul(widen(yv, 1)));
            s0 = next0;
            s1 = next1;
        }
        double tail = 0;
        for (; k < n; k++) {
            tail += (x[xFrom + k] - mean) * y[yFrom + k];
        }
        return addLanes(s0, s1, s2, s3) + tail;
    }

    /** Lanes {@code [4 * part, 4 * part + 4)} of {@code v}, each widened exactly to double. */
    private static DoubleVector widen(FloatVector v, int part) {
        return (DoubleVector) v.convertShape(VectorOperators.F2D, DOUBLES, part);
    }

    /**
     * The sixteen partial sums: the four vectors added pairwise, then their four lanes with {@code reduceLanes}
     * (whose order the API leaves open; C2 compiles it to one fixed order). Reading the lanes one by one with
     * {@code lane(i)} would be a call per lane on JDK 17, which does not compile it to a vector instruction here.
     */
    private static double addLanes(DoubleVector s0, DoubleVector s1, DoubleVector s2, DoubleVector s3) {
        return s0.add(s1).add(s2.add(s3)).reduceLanes(VectorOperators.ADD);
    }
}
