package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Arrays;
import java.util.Random;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.kernels.generated.Kernels;
import org.jitdispatch.kernels.generated.RegisterCPU;
import org.jitdispatch.kernels.iter.TensorIterator;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorGeometry;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * The fast paths of add, sub, mul, div, threshold_backward and pow by a number against the general path (TensorIterator's meta and impl,
 * called directly, as the generated wrapper did before it had a fast path) on the same random arguments:
 * dtypes (the narrow ones, which the fast paths leave to the general path, among them), ranks, 0-dim and wrapped-number operands, strided, offset, expanded and odd-strided operands,
 * every alpha kind, and out= tensors that fit, need resizing, have another dtype, alias an input or
 * overlap it partly. Either both raise the same error, or both return tensors of the same dtype,
 * geometry and values and leave every storage involved with the same contents.
 */
class BinaryFastPathPropertyTest {
    static {
        AtenLibrary.load();
    }

    /**
     * THRESHOLD is threshold_backward(self as grad_output, other as self, alpha as threshold), which has no
     * in-place variant; POW is pow.Tensor_Scalar(self, alpha as exponent), other unused.
     */
    enum Op { ADD, SUB, MUL, DIV, THRESHOLD, POW }

    enum Mode { FUNCTIONAL, INPLACE, OUT }

    private static final ScalarType[] DTYPES = {ScalarType.Bool, ScalarType.Int32, ScalarType.Int64,
        ScalarType.Float32, ScalarType.Float64};
    /** A second operand's dtype one time in ten: the fast paths leave them to the general path. */
    private static final ScalarType[] NARROW = {ScalarType.UInt8, ScalarType.Int8, ScalarType.Int16,
        ScalarType.Float16, ScalarType.BFloat16};

    @Property(tries = 3000)
    void fastPathComputesWhatTheGeneralPathComputes(@ForAll long seed) {
        Outcome general = run(new Scenario(seed), false);
        Outcome wrapper = run(new Scenario(seed), true);
        String what = new Scenario(seed).toString();
        assertEquals(general.error, wrapper.error, "error, " + what);
        if (general.error == null) {
            assertEquals(general.dtype, wrapper.dtype, "dtype, " + what);
            assertArrayEquals(general.sizes, wrapper.sizes, "sizes, " + what);
            assertArrayEquals(general.strides, wrapper.strides, "strides, " + what);
            assertEquals(general.offset, wrapper.offset, "storage offset, " + what);
            assertEquals(general.values, wrapper.values, "values, " + what);
        }
        assertEquals(general.storages, wrapper.storages, "storages after the call, " + what);
    }

    /** The property above is only worth something if the fast path takes a good share of the calls. */
    @Test
    void theScenariosExerciseTheFastPath() {
        int taken = 0;
        int n = 2000;
        for (long seed = 0; seed < n; seed++) {
            Scenario s = new Scenario(seed);
            if (s.fastPathResult() != null) {
                taken++;
            }
        }
        assertEquals(true, taken > n / 4 && taken < n * 3 / 4, taken + " of " + n + " scenarios take the fast path");
    }

    @Test
    void theFastPathReturnsNullAndWritesNothingForWhatItDoesNotTake() {
        Tensor a = Torch.tensor(new float[] {1, 2, 3, 4, 5, 6}, 2, 3);
        Tensor b = Torch.tensor(new float[] {1, 2, 3});
        Tensor column = Torch.tensor(new float[] {1, 2}, 2, 1);
        assertNull(Kernels.BINARY_FAST_PATHS.add(null, a, column, Scalar.of(1)), "broadcasting along the last dim");
        Tensor bias = Kernels.BINARY_FAST_PATHS.add(null, a, b, Scalar.of(1));
        assertNotNull(bias, "a row added to every row (a bias)");
        assertArrayEquals(new float[] {2, 4, 6, 5, 7, 9}, bias.toFloatArray());
        assertNull(Kernels.BINARY_FAST_PATHS.add(null, a.transpose(0, 1), a.transpose(0, 1), Scalar.of(1)), "strided");
        Tensor out = Torch.tensor(new float[] {9, 9});
        assertNull(Kernels.BINARY_FAST_PATHS.mul(out, a, a), "an out= that needs resizing");
        assertArrayEquals(new float[] {9, 9}, out.toFloatArray());
        Tensor ints = Torch.tensor(new long[] {1, 2});
        assertNull(Kernels.BINARY_FAST_PATHS.div(null, ints, ints), "integer true division promotes");
        assertNull(Kernels.BINARY_FAST_PATHS.add(null, ints, ints, Scalar.of(0.5)), "a floating alpha with integers is an error");
        Tensor same = Kernels.BINARY_FAST_PATHS.add(a, a, a, Scalar.of(1));
        assertSame(a, same, "in place into an operand that is the output");
        assertArrayEquals(new float[] {2, 4, 6, 8, 10, 12}, a.toFloatArray());
        assertNotNull(Kernels.BINARY_FAST_PATHS.mul(null, a, Tensor.FACTORY.scalarTensor(Scalar.of(2.0))));
        Tensor expandedOne = Torch.tensor(new float[] {3}).view().expand(2, 3);
        Tensor product = Kernels.BINARY_FAST_PATHS.mul(null, expandedOne, a);
        assertNotNull(product, "one element expanded beside a row-major operand (sum's gradient)");
        assertArrayEquals(new float[] {6, 12, 18, 24, 30, 36}, product.toFloatArray());
    }

    // ---------------------------------------------------------------- running a scenario

    /** What a call did: its error, or its result, and the contents of every storage involved afterwards. */
    private static final class Outcome {
        String error;
        ScalarType dtype;
        long[] sizes;
        long[] strides;
        long offset;
        String values;
        String storages;
    }

    private static Outcome run(Scenario s, boolean throughWrapper) {
        Outcome o = new Outcome();
        try {
            Tensor r = throughWrapper ? s.callWrapper() : s.callGeneral();
            o.dtype = r.dtype();
            o.sizes = r.sizes();
            o.strides = r.strides();
            o.offset = r.storageOffset();
            o.values = Arrays.toString(r.toDoubleArray());
        } catch (RuntimeException e) {
            o.error = e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        o.storages = s.storagesText();
        return o;
    }

    /** One random call, built the same way from the same seed every time. */
    private static final class Scenario {
        final Random rnd;
        final RandomTensors tensors;
        final Op op;
        final Mode mode;
        final Tensor self;
        final Tensor other;
        final Tensor out;
        final Scalar alpha;

        Scenario(long seed) {
            rnd = new Random(seed);
            tensors = new RandomTensors(rnd);
            op = Op.values()[rnd.nextInt(Op.values().length)];
            Mode m = Mode.values()[rnd.nextInt(3)];
            mode = op == Op.THRESHOLD && m == Mode.INPLACE ? Mode.FUNCTIONAL : m;
            ScalarType d1 = pick(DTYPES);
            ScalarType d2 = rnd.nextInt(10) < 7 ? d1 : rnd.nextInt(3) == 0 ? pick(NARROW) : pick(DTYPES);
            long[] sizes = randomSizes();
            Tensor a = tensorOf(d1, sizes);
            Tensor b = operandBeside(d2, sizes);
            if (rnd.nextInt(5) == 0) {
                Tensor t = a;
                a = b;
                b = t;
            }
            if (rnd.nextInt(12) == 0) {
                b = a; // the same tensor twice
            }
            self = a;
            other = b;
            alpha = randomAlpha();
            out = mode == Mode.OUT ? randomOut(sizes, d1) : null;
        }

        Tensor callGeneral() {
            TensorIterator it;
            switch (mode) {
                case FUNCTIONAL: it = TensorIterator.functional(Tensor.FACTORY); break;
                case INPLACE: it = TensorIterator.inplace(Tensor.FACTORY, self); break;
                default: it = TensorIterator.out(Tensor.FACTORY, out);
            }
            BinaryOps k = Kernels.BINARY_OPS;
            switch (op) {
                case THRESHOLD: Kernels.ACTIVATIONS.meta_threshold_backward(it, self, other, alpha); break;
                case POW: k.meta_pow_Tensor_Scalar(it, self, alpha); break;
                case ADD: k.meta_add_Tensor(it, self, other, alpha); break;
                case SUB: k.meta_sub_Tensor(it, self, other, alpha); break;
                case MUL: k.meta_mul_Tensor(it, self, other); break;
                default: k.meta_div_Tensor(it, self, other);
            }
            it.commit();
            Tensor o = (Tensor) it.output(0);
            switch (op) {
                case THRESHOLD: Kernels.ACTIVATIONS.threshold_backward_out(it, self, other, alpha, o); break;
                case POW: k.pow_Tensor_Scalar_out(it, self, alpha, o); break;
                case ADD: k.add_out(it, self, other, alpha, o); break;
                case SUB: k.sub_out(it, self, other, alpha, o); break;
                case MUL: k.mul_out(it, self, other, o); break;
                default: k.div_out(it, self, other, o);
            }
            it.finish();
            return mode == Mode.FUNCTIONAL ? o : mode == Mode.INPLACE ? self : out;
        }

        Tensor callWrapper() {
            switch (op) {
                case THRESHOLD:
                    return mode == Mode.FUNCTIONAL ? RegisterCPU.wrapper_CPU_threshold_backward(self, other, alpha)
                            : RegisterCPU.wrapper_CPU_threshold_backward_grad_input(self, other, alpha, out);
                case POW:
                    return mode == Mode.FUNCTIONAL ? RegisterCPU.wrapper_CPU_pow_Tensor_Scalar(self, alpha)
                            : mode == Mode.INPLACE ? RegisterCPU.wrapper_CPU_pow__Scalar(self, alpha)
                            : RegisterCPU.wrapper_CPU_pow_Tensor_Scalar_out(self, alpha, out);
                case ADD:
                    return mode == Mode.FUNCTIONAL ? RegisterCPU.wrapper_CPU_add_Tensor(self, other, alpha)
                            : mode == Mode.INPLACE ? RegisterCPU.wrapper_CPU_add__Tensor(self, other, alpha)
                            : RegisterCPU.wrapper_CPU_add_out(self, other, alpha, out);
                case SUB:
                    return mode == Mode.FUNCTIONAL ? RegisterCPU.wrapper_CPU_sub_Tensor(self, other, alpha)
                            : mode == Mode.INPLACE ? RegisterCPU.wrapper_CPU_sub__Tensor(self, other, alpha)
                            : RegisterCPU.wrapper_CPU_sub_out(self, other, alpha, out);
                case MUL:
                    return mode == Mode.FUNCTIONAL ? RegisterCPU.wrapper_CPU_mul_Tensor(self, other)
                            : mode == Mode.INPLACE ? RegisterCPU.wrapper_CPU_mul__Tensor(self, other)
                            : RegisterCPU.wrapper_CPU_mul_out(self, other, out);
                default:
                    return mode == Mode.FUNCTIONAL ? RegisterCPU.wrapper_CPU_div_Tensor(self, other)
                            : mode == Mode.INPLACE ? RegisterCPU.wrapper_CPU_div__Tensor(self, other)
                            : RegisterCPU.wrapper_CPU_div_out(self, other, out);
            }
        }

        /** The fast path's own answer for this scenario (for counting how often it is taken). */
        Tensor fastPathResult() {
            Tensor target = mode == Mode.FUNCTIONAL ? null : mode == Mode.INPLACE ? self : out;
            BinaryFastPaths f = Kernels.BINARY_FAST_PATHS;
            switch (op) {
                case THRESHOLD: return Kernels.ACTIVATION_FAST_PATHS.threshold_backward(target, self, other, alpha);
                case POW: return f.pow(target, self, alpha);
                case ADD: return f.add(target, self, other, alpha);
                case SUB: return f.sub(target, self, other, alpha);
                case MUL: return f.mul(target, self, other);
                default: return f.div(target, self, other);
            }
        }

        @Override
        public String toString() {
            return op + " " + mode + " self=" + describe(self) + " other=" + describe(other) + " alpha=" + alpha
                    + (out == null ? "" : " out=" + describe(out));
        }

        private static String describe(Tensor t) {
            return t.dtype() + Arrays.toString(t.sizes()) + " strides " + Arrays.toString(t.strides()) + " offset "
                    + t.storageOffset() + (t.isWrappedNumber() ? " wrapped" : "") + " " + t.storage();
        }

        String storagesText() {
            StringBuilder sb = new StringBuilder();
            for (Tensor t : new Tensor[] {self, other, out}) {
                sb.append(t == null ? "-" : t.storage().toString()).append('\n');
            }
            return sb.toString();
        }

        // ------------------------------------------------------------ random arguments

        private long[] randomSizes() {
            int rank = rnd.nextInt(4);
            long[] sizes = new long[rank];
            for (int d = 0; d < rank; d++) {
                sizes[d] = rnd.nextInt(12) == 0 ? 0 : 1 + rnd.nextInt(4);
            }
            return sizes;
        }

        /** The second operand: same sizes (mostly), 0-dim, a wrapped number, or broadcastable. */
        private Tensor operandBeside(ScalarType dtype, long[] sizes) {
            int kind = rnd.nextInt(10);
            if (kind < 6) {
                return tensorOf(dtype, sizes);
            }
            if (kind < 8) {
                return tensorOf(dtype, new long[0]);
            }
            if (kind < 9) {
                Scalar v = dtype.isFloatingPoint() ? Scalar.of(randomDouble()) : dtype == ScalarType.Bool
                        ? Scalar.of(rnd.nextBoolean()) : Scalar.of((long) rnd.nextInt(7) - 3);
                Tensor t = Tensor.FACTORY.scalarTensor(v, v.type());
                t.setWrappedNumber(true);
                return t;
            }
            long[] smaller = sizes.length == 0 ? new long[] {1} : Arrays.copyOfRange(sizes, 1, sizes.length);
            return tensorOf(dtype, smaller);
        }

        private Tensor randomOut(long[] sizes, ScalarType dtype) {
            int kind = rnd.nextInt(10);
            switch (kind) {
                case 0: return tensorOf(pick(DTYPES), sizes);
                case 1: return tensorOf(dtype, new long[] {rnd.nextInt(3)}); // resized (with a warning if not empty)
                case 2: return self;
                case 3: return other;
                case 4: { // a view that overlaps self's elements partly
                    long shifted = self.storageOffset() + 1;
                    if (self.numel() < 2 || TensorGeometry.requiredStorageSize(self.sizes(), self.strides(), shifted)
                            > self.storage().size()) {
                        return tensorOf(dtype, sizes);
                    }
                    return self.asStrided(self.sizes(), self.strides(), shifted);
                }
                default: return tensorOf(dtype, sizes);
            }
        }

        private Tensor tensorOf(ScalarType dtype, long[] sizes) {
            return tensors.tensorOf(dtype, sizes);
        }

        private double randomDouble() {
            return tensors.randomDouble();
        }

        private Scalar randomAlpha() {
            switch (rnd.nextInt(10)) {
                case 0: return Scalar.of(2);
                case 1: return Scalar.of(-3);
                case 2: return Scalar.of(0.5);
                case 3: return Scalar.of(true);
                case 4: return Scalar.of(1L << 40);
                case 5: return Scalar.of(1e39);
                default: return Scalar.of(1);
            }
        }

        private ScalarType pick(ScalarType[] values) {
            return values[rnd.nextInt(values.length)];
        }
    }
}
