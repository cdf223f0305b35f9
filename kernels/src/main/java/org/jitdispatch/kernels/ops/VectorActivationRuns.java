package org.jitdispatch.kernels.ops;

import org.jitdispatch.kernels.cpu.FloatActivationLoops;
import org.jitdispatch.kernels.cpu.FloatGateLoops;
import org.jitdispatch.kernels.cpu.VectorKernels;
import org.jitdispatch.kernels.parallel.Parallel;
import org.jitdispatch.runtime.TensorImpl;

/**
 * relu's and threshold_backward's fast paths over one contiguous float32 run through the Vector API loops
 * ({@link FloatActivationLoops}), in chunks of at least {@link Parallel#GRAIN_SIZE} elements as the generated
 * loops run. C2 does not vectorize the generated loops' selects; these compute the same bits with masked
 * blends. sigmoid's and tanh's ({@link FloatGateLoops}) compute in float lanes with the JDK's vectorized
 * exponential and hyperbolic tangent, where the generated loops call the scalar {@code Math.exp} and
 * {@code Math.tanh} in double (within three float ulps and one of those). {@link #ENABLED} and
 * {@link #GATES_ENABLED} are false when the CPU capability is DEFAULT, and the callers take the generated loops.
 */
final class VectorActivationRuns {
    private static final FloatActivationLoops LOOPS = VectorKernels.floatActivationLoops();
    private static final FloatGateLoops GATES = VectorKernels.floatGateLoops();

    /** Whether the vector loops run: a constant that C2 folds. */
    static final boolean ENABLED = LOOPS != null;

    /** Whether sigmoid's and tanh's double-lane loops run (the same capability as {@link #ENABLED}). */
    static final boolean GATES_ENABLED = GATES != null;

    private VectorActivationRuns() {
    }

    /** {@code out = relu(self)}, both contiguous float32 of the same numel (out may be self). */
    static void relu(TensorImpl out, TensorImpl self) {
        float[] o = out.storage().floats();
        int oOff = (int) out.storageOffset();
        float[] x = self.storage().floats();
        int xOff = (int) self.storageOffset();
        long n = out.numel();
        if (n <= Parallel.GRAIN_SIZE) {
            LOOPS.relu(o, oOff, x, xOff, (int) n);
        } else {
            Parallel.parallelFor(0, n, Parallel.GRAIN_SIZE,
                    (begin, end) -> LOOPS.relu(o, oOff + (int) begin, x, xOff + (int) begin, (int) (end - begin)));
        }
    }

    /**
     * {@code out = self <= threshold ? 0 : grad}, all three contiguous float32 of the same numel (out may be
     * either input).
     */
    static void thresholdBackward(TensorImpl out, TensorImpl grad, TensorImpl self, float threshold) {
        float[] o = out.storage().floats();
        int oOff = (int) out.storageOffset();
        float[] g = grad.storage().floats();
        int gOff = (int) grad.storageOffset();
        float[] s = self.storage().floats();
        int sOff = (int) self.storageOffset();
        long n = out.numel();
        if (n <= Parallel.GRAIN_SIZE) {
            LOOPS.thresholdBackward(o, oOff, g, gOff, s, sOff, (int) n, threshold);
        } else {
            Parallel.parallelFor(0, n, Parallel.GRAIN_SIZE, (begin, end) -> LOOPS.thresholdBackward(o, oOff + (int) begin,
                    g, gOff + (int) begin, s, sOff + (int) begin, (int) (end - begin), threshold));
        }
    }

    /** {@code out = sigmoid(self)} or {@code tanh(self)}, both contiguous float32 of the same numel (out may be self). */
    static void gate(TensorImpl out, TensorImpl self, boolean tanh) {
        float[] o = out.storage().floats();
        int oOff = (int) out.storageOffset();
        float[] x = self.storage().floats();
        int xOff = (int) self.storageOffset();
        long n = out.numel();
        if (n <= Parallel.GRAIN_SIZE) {
            gateRun(o, oOff, x, xOff, (int) n, tanh);
        } else {
            Parallel.parallelFor(0, n, Parallel.GRAIN_SIZE,
                    (begin, end) -> gateRun(o, oOff + (int) begin, x, xOff + (int) begin, (int) (end - begin), tanh));
        }
    }

    /** {@code out[outOff + i] = sigmoid(x[xOff + i])} or {@code tanh(...)} for {@code i < n}, on this thread. */
    static void gateRun(float[] out, int outOff, float[] x, int xOff, int n, boolean tanh) {
        if (tanh) {
            GATES.tanh(out, outOff, x, xOff, n);
        } else {
            GATES.sigmoid(out, outOff, x, xOff, n);
        }
    }
}
