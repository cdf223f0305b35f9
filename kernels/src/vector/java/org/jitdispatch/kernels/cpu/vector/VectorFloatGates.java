package org.jitdispatch.kernels.cpu.vector;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;
import org.jitdispatch.kernels.cpu.FloatGateLoops;

/**
 * sigmoid and tanh in float lanes of the preferred species with the JDK's vectorized math library ({@code EXP}
 * and {@code TANH}, each within an ulp), as ATen's vectorized float loops compute them with Sleef. sigmoid takes
 * the exponential of {@code -|x|}, which cannot overflow, and gives {@code 1 / (1 + t)} for {@code x >= 0} and
 * {@code t / (1 + t)} below, so a large negative input keeps its small (subnormal) result instead of the zero that
 * {@code 1 / (1 + exp(-x))} in float gives once {@code exp(-x)} overflows. Java's scalar {@code Math.tanh} is not an
 * intrinsic on JDK 17 (about 25 ns an element), which makes tanh the slowest step of an LSTM cell; these lanes take
 * a fraction of a nanosecond.
 *
 * <p>Float lanes, not double ones: a loop that widens to double and narrows back compiled to vector code on its
 * own, but inlined into a caller's large compile its narrowing conversion was left as a call, with every vector
 * allocated. The loop bodies hold one vector in and one out. The tail shorter than a vector runs the scalar loops'
 * double expressions.
 */
public final class VectorFloatGates implements FloatGateLoops {
    private static final VectorSpecies<Float> SPECIES = FloatVector.SPECIES_PREFERRED;

    @Override
    public void sigmoid(float[] out, int outOff, float[] x, int xOff, int n) {
        FloatVector one = FloatVector.broadcast(SPECIES, 1f);
        int i = 0;
        for (int bound = SPECIES.loopBound(n); i < bound; i += SPECIES.length()) {
            FloatVector v = FloatVector.fromArray(SPECIES, x, xOff + i);
            FloatVector t = v.abs().neg().lanewise(VectorOperators.EXP);
            FloatVector r = one.div(t.add(one));
            r.blend(t.mul(r), v.compare(VectorOperators.LT, 0f)).intoArray(out, outOff + i);
        }
        for (; i < n; i++) {
            out[outOff + i] = (float) (1.0 / (1.0 + Math.exp(-x[xOff + i])));
        }
    }

    @Override
    public void tanh(float[] out, int outOff, float[] x, int xOff, int n) {
        int i = 0;
        for (int bound = SPECIES.loopBound(n); i < bound; i += SPECIES.length()) {
            FloatVector.fromArray(SPECIES, x, xOff + i).lanewise(VectorOperators.TANH).intoArray(out, outOff + i);
        }
        for (; i < n; i++) {
            out[outOff + i] = (float) Math.tanh(x[xOff + i]);
        }
    }
}
