package org.jitdispatch.kernels.cpu.vector;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;
import org.jitdispatch.kernels.cpu.FloatActivationLoops;

/**
 * relu and threshold_backward as masked blends over the preferred species: a compare gives the lanes to zero
 * and a blend writes {@code +0.0} there, with no branch per element and the same bits as the scalar loops
 * (a NaN compares false, so it passes as the scalar select lets it pass). The tail shorter than a vector
 * runs the scalar select.
 */
public final class VectorFloatActivations implements FloatActivationLoops {
    private static final VectorSpecies<Float> SPECIES = FloatVector.SPECIES_PREFERRED;

    @Override
    public void relu(float[] out, int outOff, float[] x, int xOff, int n) {
        FloatVector zero = FloatVector.zero(SPECIES);
        int i = 0;
        for (int bound = SPECIES.loopBound(n); i < bound; i += SPECIES.length()) {
            FloatVector v = FloatVector.fromArray(SPECIES, x, xOff + i);
            v.blend(zero, v.compare(VectorOperators.LT, 0f)).intoArray(out, outOff + i);
        }
        for (; i < n; i++) {
            float v = x[xOff + i];
            out[outOff + i] = v < 0f ? 0f : v; // NaN and -0.0 are not below zero: they stay
        }
    }

    @Override
    public void thresholdBackward(float[] out, int outOff, float[] grad, int gradOff, float[] self, int selfOff, int n,
            float threshold) {
        FloatVector zero = FloatVector.zero(SPECIES);
        int i = 0;
        for (int bound = SPECIES.loopBound(n); i < bound; i += SPECIES.length()) {
            FloatVector s = FloatVector.fromArray(SPECIES, self, selfOff + i);
            FloatVector g = FloatVector.fromArray(SPECIES, grad, gradOff + i);
            g.blend(zero, s.compare(VectorOperators.LE, threshold)).intoArray(out, outOff + i);
        }
        for (; i < n; i++) {
            out[outOff + i] = self[selfOff + i] <= threshold ? 0f : grad[gradOff + i];
        }
    }
}
