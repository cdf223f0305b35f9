package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.kernels.generated.Kernels;
import org.jitdispatch.kernels.iter.TensorIterator;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorGeometry;
import org.junit.jupiter.api.Test;

/**
 * The fast paths of sigmoid, tanh, exp and log against the general path (TensorIterator's meta and impl, called directly, as
 * the generated wrapper did before it had a fast path) on the same random arguments: float32 and float64 (and the
 * dtypes the fast paths leave alone), values with NaN, infinities and zeros of both signs, contiguous, offset,
 * transposed, expanded and odd-strided inputs, column blocks of wider matrices (a recurrent step's gates), and
 * functional, in-place and out= calls (out= tensors that fit, need resizing, have another dtype or alias the input).
 * Both give the same error, or the same dtype, geometry and values. The fast paths also on long contiguous runs,
 * which they compute in blocks and, above the grain, in parallel chunks.
 */
class UnaryFastPathPropertyTest {
    static {
        AtenLibrary.load();
    }

    private static final ScalarType[] DTYPES = {ScalarType.Float32, ScalarType.Float32, ScalarType.Float64,
        ScalarType.Float64, ScalarType.Int64, ScalarType.Float16};

    enum Mode { FUNCTIONAL, INPLACE, OUT_FITS, OUT_RESIZED, OUT_OTHER_DTYPE, OUT_ALIAS }

    enum Op { SIGMOID, TANH, EXP, LOG }

    @Property(tries = 2000)
    void fastPathComputesWhatTheGeneralPathComputes(@ForAll long seed) {
        for (Op tanh : Op.values()) {
            String what = tanh + " " + describe(seed);
            String generalError = null;
            String wrapperError = null;
            Tensor general = null;
            Tensor wrapper = null;
            try {
                general = run(seed, tanh, false);
            } catch (RuntimeException e) {
                generalError = e.getMessage();
            }
            try {
                wrapper = run(seed, tanh, true);
            } catch (RuntimeException e) {
                wrapperError = e.getMessage();
            }
            assertEquals(generalError, wrapperError, what);
            if (general == null) {
                assertEquals(null, wrapper, what);
                continue;
            }
            assertEquals(general.dtype(), wrapper.dtype(), what);
            assertArrayEquals(general.sizes(), wrapper.sizes(), what);
            assertArrayEquals(general.strides(), wrapper.strides(), what);
            assertEquals(general.storageOffset(), wrapper.storageOffset(), what);
            assertEquals(Arrays.toString(general.toDoubleArray()), Arrays.toString(wrapper.toDoubleArray()), what);
        }
    }

    /** The property above is only worth something if the fast path takes a good share of the calls. */
    @Test
    void theScenariosExerciseTheFastPath() {
        int taken = 0;
        int functional = 0;
        int rows = 0;
        for (long seed = 0; seed < 1000; seed++) {
            Random rnd = new Random(seed);
            Tensor self = input(rnd);
            Mode mode = Mode.values()[rnd.nextInt(Mode.values().length)];
            if (mode == Mode.FUNCTIONAL) {
                functional++;
                boolean fast = Kernels.UNARY_FAST_PATHS.sigmoid(null, self) != null;
                taken += fast ? 1 : 0;
                rows += fast && !self.isContiguous() ? 1 : 0;
            }
        }
        assertTrue(taken > functional / 4 && taken < functional * 3 / 4, taken + " of " + functional
                + " functional scenarios take the fast path");
        assertTrue(rows > functional / 20, rows + " of them of separate rows");
    }

    /** The call of {@code seed}: through the generated wrapper (fast path first), or TensorIterator directly. */
    private static Tensor run(long seed, Op tanh, boolean wrapper) {
        return run(seed, tanh, wrapper, 0);
    }

    private static Tensor run(long seed, Op tanh, boolean wrapper, int length) {
        Random rnd = new Random(seed);
        Tensor self = length > 0 ? longRun(rnd, length) : input(rnd);
        Mode mode = Mode.values()[rnd.nextInt(Mode.values().length)];
        Tensor out;
        switch (mode) {
            case FUNCTIONAL:
                if (wrapper) {
                    return tanh == Op.TANH ? Torch.tanh(self) : tanh == Op.EXP ? Torch.exp(self)
                            : tanh == Op.LOG ? Torch.log(self) : Torch.sigmoid(self);
                }
                return general(tanh, TensorIterator.functional(Tensor.FACTORY), self, null);
            case INPLACE:
                if (!self.dtype().isFloatingPoint() || !TensorGeometry.isNonOverlappingAndDense(self.sizes(), self.strides())) {
                    return null; // refused either way (an integer result, or an expanded self), not this test's subject
                }
                if (wrapper) {
                    return tanh == Op.TANH ? self.tanh_() : tanh == Op.EXP ? self.exp_()
                            : tanh == Op.LOG ? self.log_() : self.sigmoid_();
                }
                return general(tanh, TensorIterator.inplace(Tensor.FACTORY, self), self, self);
            case OUT_FITS:
                out = Torch.zeros(self.sizes(), self.dtype().isFloatingPoint() ? self.dtype() : ScalarType.Float32);
                break;
            case OUT_RESIZED:
                out = Torch.zeros(new long[] {0}, ScalarType.Float64);
                break;
            case OUT_OTHER_DTYPE:
                out = Torch.zeros(self.sizes(), ScalarType.Float64);
                break;
            default:
                if (!self.dtype().isFloatingPoint() || !TensorGeometry.isNonOverlappingAndDense(self.sizes(), self.strides())) {
                    return null;
                }
                out = self;
        }
        if (wrapper) {
            return tanh == Op.TANH ? Torch.tanh_out(out, self) : tanh == Op.EXP ? Torch.exp_out(out, self)
                    : tanh == Op.LOG ? Torch.log_out(out, self) : Torch.sigmoid_out(out, self);
        }
        return general(tanh, TensorIterator.out(Tensor.FACTORY, out), self, out);
    }

    private static Tensor general(Op tanh, TensorIterator op, Tensor self, Tensor out) {
        switch (tanh) {
            case TANH -> Kernels.UNARY_OPS.meta_tanh(op, self);
            case EXP -> Kernels.UNARY_OPS.meta_exp(op, self);
            case LOG -> Kernels.UNARY_OPS.meta_log(op, self);
            default -> Kernels.UNARY_OPS.meta_sigmoid(op, self);
        }
        op.commit();
        Tensor result = (Tensor) op.output(0);
        switch (tanh) {
            case TANH -> Kernels.UNARY_OPS.tanh_out(op, self, result);
            case EXP -> Kernels.UNARY_OPS.exp_out(op, self, result);
            case LOG -> Kernels.UNARY_OPS.log_out(op, self, result);
            default -> Kernels.UNARY_OPS.sigmoid_out(op, self, result);
        }
        op.finish();
        return out != null ? out : result;
    }

    /**
     * exp, sigmoid and tanh of long runs (one block, several, past the grain): the fast paths' blocks and chunks, the
     * same values.
     */
    @Property(tries = 60)
    void longRunsComputeWhatTheGeneralPathComputes(@ForAll long seed) {
        int length = new int[] {255, 256, 257, 1000, 40_000, 70_001}[new Random(seed).nextInt(6)];
        for (Op op : Op.values()) {
            Tensor general = run(seed, op, false, length);
            Tensor wrapper = run(seed, op, true, length);
            if (general == null) {
                assertEquals(null, wrapper);
                continue;
            }
            assertArrayEquals(general.sizes(), wrapper.sizes());
            assertArrayEquals(general.toDoubleArray(), wrapper.toDoubleArray(), op + ", length " + length);
        }
    }

    /** A contiguous float32 run of {@code length}, offset in its storage or not, with specials among its values. */
    private static Tensor longRun(Random rnd, int length) {
        int offset = rnd.nextInt(3);
        float[] v = new float[offset + length];
        for (int i = 0; i < v.length; i++) {
            int r = rnd.nextInt(50);
            v[i] = r == 0 ? Float.NaN : r == 1 ? Float.POSITIVE_INFINITY : r == 2 ? Float.NEGATIVE_INFINITY
                    : r == 3 ? -0f : (float) (rnd.nextGaussian() * 40);
        }
        return Torch.tensor(v).narrow(0, offset, length);
    }

    /** A random tensor, or one time in four a column block of a wider matrix (a gate, as chunk cuts it). */
    private static Tensor input(Random rnd) {
        ScalarType dtype = DTYPES[rnd.nextInt(DTYPES.length)];
        if (rnd.nextInt(4) == 0) {
            long rows = 1 + rnd.nextInt(4);
            long cols = 1 + rnd.nextInt(4);
            long pieces = 1 + rnd.nextInt(4);
            Tensor wide = new RandomTensors(rnd).tensorOf(dtype, new long[] {rows, cols * pieces});
            return wide.narrow(1, cols * rnd.nextInt((int) pieces), cols);
        }
        long[] sizes = new long[rnd.nextInt(4)];
        for (int d = 0; d < sizes.length; d++) {
            sizes[d] = rnd.nextInt(8) == 0 ? 0 : 1 + rnd.nextInt(4);
        }
        return new RandomTensors(rnd).tensorOf(dtype, sizes);
    }

    private static String describe(long seed) {
        Random rnd = new Random(seed);
        Tensor self = input(rnd);
        Mode mode = Mode.values()[rnd.nextInt(Mode.values().length)];
        return mode + " " + self.dtype() + Arrays.toString(self.sizes()) + " strides " + Arrays.toString(self.strides())
                + " offset " + self.storageOffset();
    }
}
