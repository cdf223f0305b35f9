package org.jitdispatch.kernels.cpu.vector;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;
import org.jitdispatch.kernels.cpu.FloatSoftMaxRow;

/**
 * A softmax row over the preferred species, as ATen's vectorized {@code _vec_log_softmax_lastdim} and
 * {@code _vec_softmax_lastdim} go: the max ({@code MAX} lanes, NaN propagating as {@code Math.max} does), the
 * exponentials of {@code x - max} with {@code EXP} (the JDK's vectorized exponential, within an ulp of the
 * scalar {@code Math.exp}) summed in one vector of partial sums, then one pass that scales (softmax) or
 * subtracts the log of the sum (log_softmax). The tail shorter than a vector runs the scalar arithmetic.
 */
public final class VectorFloatSoftMax implements FloatSoftMaxRow {
    private static final VectorSpecies<Float> SPECIES = FloatVector.SPECIES_PREFERRED;

    @Override
    public void forward(float[] x, int at, float[] out, int outAt, int n, boolean log) {
        int bound = SPECIES.loopBound(n);
        int step = SPECIES.length();
        FloatVector maxes = FloatVector.broadcast(SPECIES, Float.NEGATIVE_INFINITY);
        int i = 0;
        for (; i < bound; i += step) {
            maxes = maxes.max(FloatVector.fromArray(SPECIES, x, at + i));
        }
        float max = maxes.reduceLanes(VectorOperators.MAX);
        for (; i < n; i++) {
            max = Math.max(max, x[at + i]);
        }

        FloatVector sums = FloatVector.zero(SPECIES);
        for (i = 0; i < bound; i += step) {
            FloatVector e = FloatVector.fromArray(SPECIES, x, at + i).sub(max).lanewise(VectorOperators.EXP);
            sums = sums.add(e);
            if (!log) {
                e.intoArray(out, outAt + i);
            }
        }
        float sum = sums.reduceLanes(VectorOperators.ADD);
        for (; i < n; i++) {
            float e = (float) Math.exp(x[at + i] - max);
            sum += e;
            if (!log) {
                out[outAt + i] = e;
            }
        }

        if (log) {
            float logSum = (float) Math.log(sum);
            for (i = 0; i < bound; i += step) {
                FloatVector.fromArray(SPECIES, x, at + i).sub(max).sub(logSum).intoArray(out, outAt + i);
            }
            for (; i < n; i++) {
                out[outAt + i] = x[at + i] - max - logSum;
            }
        } else {
            float inv = 1f / sum;
            for (i = 0; i < bound; i += step) {
                FloatVector.fromArray(SPECIES, out, outAt + i).mul(inv).intoArray(out, outAt + i);
            }
            for (; i < n; i++) {
                out[outAt + i] = out[outAt + i] * inv;
            }
        }
    }
}
