package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AfterProperty;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.kernels.parallel.Parallel;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.junit.jupiter.api.Test;

/**
 * Ops above the grain size on one thread and on several, on the same random arguments of 32,769 to about
 * 100,000 elements: every dtype, ranks 1 to 4, contiguous, offset, transposed, expanded and odd-strided
 * operands, broadcasting, 0-dim and wrapped-number operands, and out= tensors.
 * <ul>
 * <li>Elementwise ops (add, sub, mul, div, pow, lt, eq, where, add_out, copy_, fill_): the same values to the
 *     bit, or the same error.
 * <li>Reductions (sum, mean, amax, amin over all dims or some): for one thread count the same bits on every
 *     call; amax, amin and integral sums the single-thread bits; floating sums within a tolerance of a sum
 *     in double (float32: {@code 1e-5 * sum(|x|)}).
 * </ul>
 */
class ParallelLoopsPropertyTest {
    static {
        AtenLibrary.load();
    }

    private static final int DEFAULT_THREADS = Parallel.getNumThreads();

    enum Op { ADD, SUB, MUL, DIV, POW, LT, EQ, WHERE, ADD_OUT, COPY, FILL, SUM, MEAN, AMAX, AMIN }

    private static final ScalarType[] DTYPES = {ScalarType.Bool, ScalarType.Int32, ScalarType.Int64,
        ScalarType.Float32, ScalarType.Float64};

    @AfterProperty
    void restoreThreads() {
        Parallel.setNumThreads(DEFAULT_THREADS);
    }

    @Property(tries = 300)
    void severalThreadsComputeWhatOneThreadComputes(@ForAll long seed) {
        Scenario s = new Scenario(seed);
        int threads = 2 + new Random(seed).nextInt(3);
        Outcome one = s.run(1);
        Outcome many = s.run(threads);
        String what = s + ", " + threads + " threads";
        assertEquals(one.error, many.error, "error, " + what);
        if (one.error != null) {
            return;
        }
        assertArrayEquals(one.sizes, many.sizes, "sizes, " + what);
        assertEquals(one.dtype, many.dtype, "dtype, " + what);
        Outcome again = s.run(threads);
        assertArrayEquals(many.bits, again.bits, "the same bits on every call with one thread count, " + what);
        if (s.exact()) {
            assertArrayEquals(one.bits, many.bits, "values, " + what);
        } else {
            assertCloseToDouble(s, many, what);
            assertCloseToDouble(s, one, what);
        }
    }

    @Test
    void theScenariosCoverEveryOpAboveTheGrain() {
        int[] ops = new int[Op.values().length];
        for (long seed = 0; seed < 300; seed++) {
            Scenario s = new Scenario(seed);
            assertTrue(s.self.numel() > Parallel.GRAIN_SIZE, s.toString());
            ops[s.op.ordinal()]++;
        }
        for (int count : ops) {
            assertTrue(count > 5, Arrays.toString(ops));
        }
    }

    /** A floating sum or mean against the same reduction of the input converted to double, summed in double. */
    private static void assertCloseToDouble(Scenario s, Outcome got, String what) {
        Parallel.setNumThreads(1);
        Tensor x64 = s.self.to(ScalarType.Float64);
        Tensor ref = s.reduce(x64);
        Tensor magnitude = s.reduce(Torch.abs(x64));
        double rtol = s.self.dtype() == ScalarType.Float32 ? 1e-5 : 1e-12;
        double[] r = doubles(ref);
        double[] m = doubles(magnitude);
        assertEquals(r.length, got.bits.length, what);
        for (int k = 0; k < r.length; k++) {
            double v = got.dtype == ScalarType.Float32 ? Float.intBitsToFloat((int) got.bits[k])
                    : Double.longBitsToDouble(got.bits[k]);
            double tol = rtol * m[k] + Double.MIN_NORMAL;
            assertTrue(Math.abs(v - r[k]) <= tol, "element " + k + ": " + v + " against " + r[k] + " (tolerance "
                    + tol + "), " + what);
        }
    }

    private static double[] doubles(Tensor t) {
        Storage st = t.storage();
        long[] offsets = t.elementOffsets();
        double[] v = new double[offsets.length];
        for (int k = 0; k < v.length; k++) {
            v[k] = st.getDouble(offsets[k]);
        }
        return v;
    }

    /** The bits of every element of {@code t} in its logical order (floats as float bits, others as long). */
    private static long[] bits(Tensor t) {
        Storage st = t.storage();
        long[] offsets = t.elementOffsets();
        long[] v = new long[offsets.length];
        for (int k = 0; k < v.length; k++) {
            switch (t.dtype()) {
                case Float32:
                    v[k] = Float.floatToRawIntBits((float) st.getDouble(offsets[k]));
                    break;
                case Float64:
                    v[k] = Double.doubleToRawLongBits(st.getDouble(offsets[k]));
                    break;
                default:
                    v[k] = st.getLong(offsets[k]);
            }
        }
        return v;
    }

    static final class Outcome {
        String error;
        long[] sizes;
        ScalarType dtype;
        long[] bits;
    }

    /** One call, drawn from a seed: the same seed gives the same op and the same fresh tensors. */
    static final class Scenario {
        final long seed;
        final Op op;
        final Tensor self;
        private final Random rnd;
        private final ScalarType dtype;
        private final long[] sizes;
        private final String otherKind;
        private final long[] dims;
        private final boolean keepdim;
        private final double alpha;

        Scenario(long seed) {
            this.seed = seed;
            rnd = new Random(seed);
            op = Op.values()[rnd.nextInt(Op.values().length)];
            boolean reduction = op.ordinal() >= Op.SUM.ordinal();
            dtype = op == Op.MEAN ? (rnd.nextBoolean() ? ScalarType.Float32 : ScalarType.Float64)
                    : reduction && rnd.nextInt(3) > 0 ? ScalarType.Float32
                    : rnd.nextInt(3) == 0 ? ScalarType.Float32 : DTYPES[rnd.nextInt(DTYPES.length)];
            sizes = sizesAboveTheGrain();
            RandomTensors tensors = new RandomTensors(rnd);
            self = tensors.tensorOf(dtype, sizes, reduction);
            otherKind = new String[] {"same", "same", "broadcast", "row", "zeroDim", "number"}[rnd.nextInt(6)];
            dims = reduction ? randomDims() : null;
            keepdim = rnd.nextBoolean();
            alpha = new double[] {1, 1, 2, -0.5}[rnd.nextInt(4)];
        }

        /** Whether the single-thread result is exactly the multi-thread one: all but floating sums and means. */
        boolean exact() {
            return !((op == Op.SUM || op == Op.MEAN) && dtype.isFloatingPoint());
        }

        private long[] sizesAboveTheGrain() {
            int rank = 1 + rnd.nextInt(4);
            long target = Parallel.GRAIN_SIZE + 1 + rnd.nextInt(2 * (int) Parallel.GRAIN_SIZE);
            long[] s = new long[rank];
            long product = 1;
            for (int d = 0; d < rank - 1; d++) {
                s[d] = 1 + rnd.nextInt(rnd.nextBoolean() ? 4 : 40);
                product *= s[d];
            }
            s[rank - 1] = (target + product - 1) / product;
            // the innermost dim need not be the long one
            if (rank > 1 && rnd.nextBoolean()) {
                int d = rnd.nextInt(rank - 1);
                long t = s[d];
                s[d] = s[rank - 1];
                s[rank - 1] = t;
            }
            return s;
        }

        private long[] randomDims() {
            if (rnd.nextInt(3) == 0) {
                return new long[0];
            }
            long[] chosen = new long[sizes.length];
            int n = 0;
            for (int d = 0; d < sizes.length; d++) {
                if (rnd.nextBoolean()) {
                    chosen[n++] = rnd.nextBoolean() ? d : d - sizes.length;
                }
            }
            return n == 0 ? new long[0] : Arrays.copyOf(chosen, n);
        }

        /** The other operand, fresh each call (drawn from a Random of its own so both runs see the same). */
        private Tensor other(Random r) {
            RandomTensors tensors = new RandomTensors(r);
            ScalarType otherType = r.nextInt(4) == 0 ? DTYPES[r.nextInt(DTYPES.length)] : dtype;
            switch (otherKind) {
                case "broadcast": {
                    long[] s = sizes.clone();
                    s[r.nextInt(s.length)] = 1;
                    return tensors.tensorOf(otherType, s);
                }
                case "row":
                    return tensors.tensorOf(otherType, new long[] {sizes[sizes.length - 1]});
                case "zeroDim":
                    return tensors.tensorOf(otherType, new long[0]);
                case "number":
                    return null;
                default:
                    return tensors.tensorOf(otherType, sizes);
            }
        }

        Tensor reduce(Tensor x) {
            switch (op) {
                case SUM:
                    return dims.length == 0 && !keepdim ? Torch.sum(x) : Torch.sum(x, dims, keepdim);
                case MEAN:
                    return dims.length == 0 && !keepdim ? Torch.mean(x) : Torch.mean(x, dims, keepdim);
                case AMAX:
                    return Torch.amax(x, dims, keepdim);
                default:
                    return Torch.amin(x, dims, keepdim);
            }
        }

        Outcome run(int threads) {
            Random r = new Random(seed * 31 + 7);
            Tensor other = other(r);
            Scalar number = Scalar.of(new RandomTensors(r).randomDouble());
            Scalar al = dtype.isFloatingPoint() || (other != null && other.dtype().isFloatingPoint())
                    ? Scalar.of(alpha) : Scalar.of((long) alpha);
            Tensor out = Torch.empty(sizes, dtype);
            Tensor dst = new RandomTensors(r).tensorOf(dtype, sizes);
            Outcome o = new Outcome();
            Parallel.setNumThreads(threads);
            try {
                Tensor result;
                switch (op) {
                    case ADD:
                        result = other == null ? Torch.add(self, number, al) : Torch.add(self, other, al);
                        break;
                    case SUB:
                        result = other == null ? Torch.sub(self, number, al) : Torch.sub(self, other, al);
                        break;
                    case MUL:
                        result = other == null ? Torch.mul(self, number) : Torch.mul(self, other);
                        break;
                    case DIV:
                        result = other == null ? Torch.div(self, number) : Torch.div(self, other);
                        break;
                    case POW:
                        result = other == null ? Torch.pow(self, number) : Torch.pow(self, other);
                        break;
                    case LT:
                        result = other == null ? Torch.lt(self, number) : Torch.lt(self, other);
                        break;
                    case EQ:
                        result = other == null ? Torch.eq(self, number) : Torch.eq(self, other);
                        break;
                    case WHERE:
                        result = Torch.where(Torch.lt(self, Scalar.of(0L)), self, other == null ? self : other);
                        break;
                    case ADD_OUT:
                        result = Torch.add_out(out, self, other == null ? self : other, al);
                        break;
                    case COPY:
                        result = fresh(dst).copy_(other == null ? self : other);
                        break;
                    case FILL:
                        result = fresh(dst).fill_(number);
                        break;
                    default:
                        result = reduce(self);
                }
                o.sizes = result.sizes();
                o.dtype = result.dtype();
                o.bits = bits(result);
            } catch (RuntimeException e) {
                o.error = e.getClass().getName() + ": " + e.getMessage();
            } finally {
                Parallel.setNumThreads(1);
            }
            return o;
        }

        /** A copy of a view over a fresh copy of its storage: a destination of the same layout for each run. */
        private static Tensor fresh(Tensor view) {
            Storage copy = view.storage().copy();
            return Tensor.FACTORY.wrap(copy, view.sizes(), view.strides(), view.storageOffset());
        }

        @Override
        public String toString() {
            return op + " " + dtype + Arrays.toString(sizes) + " strides " + Arrays.toString(self.strides())
                    + " offset " + self.storageOffset() + ", other " + otherKind
                    + (dims == null ? "" : ", dims " + Arrays.toString(dims) + " keepdim " + keepdim) + ", seed " + seed;
        }
    }
}
