package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.kernels.generated.Kernels;
import org.jitdispatch.kernels.generated.RegisterCPU;
import org.jitdispatch.kernels.structured.StructuredMeta;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;

/**
 * The fast paths of sum and mean over dims against the general path (the structured meta and impl, called
 * directly, as the generated wrapper did before it had a fast path) on the same random arguments: dtypes,
 * ranks, layouts, dim lists (absent, empty, leading or trailing in any order, negative, middle, repeated,
 * out of range), keepdim, a dtype argument, and out= tensors that fit, need resizing, have another dtype or are
 * self. Either both raise the same error, or both return tensors of the same dtype, geometry and values
 * and leave every storage involved with the same contents.
 */
class ReductionFastPathPropertyTest {
    static {
        AtenLibrary.load();
    }

    private static final ScalarType[] DTYPES = {ScalarType.Bool, ScalarType.Int32, ScalarType.Int64,
        ScalarType.Float32, ScalarType.Float64};

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
            assertEquals(general.values, wrapper.values, "values, " + what);
        }
        assertEquals(general.storages, wrapper.storages, "storages after the call, " + what);
    }

    @Test
    void theScenariosExerciseTheFastPath() {
        int taken = 0;
        int n = 2000;
        for (long seed = 0; seed < n; seed++) {
            if (new Scenario(seed).fastPathResult() != null) {
                taken++;
            }
        }
        // about one call in five: a contiguous self (7 in 10), a taken dtype, dims and out= all have to fit
        assertTrue(taken > n / 10 && taken < n * 3 / 4, taken + " of " + n + " scenarios take the fast path");
    }

    @Test
    void theFastPathTakesTheCommonShapesAndLeavesTheRest() {
        Tensor m = Torch.tensor(new float[] {1, 2, 3, 4, 5, 6}, 2, 3);
        ReductionFastPaths f = Kernels.REDUCTION_FAST_PATHS;
        assertArrayEquals(new float[] {21}, f.sum(null, m, null, false, null).toFloatArray());
        assertArrayEquals(new float[] {6, 15}, f.sum(null, m, new long[] {-1}, false, null).toFloatArray());
        assertArrayEquals(new long[] {2, 1}, f.mean(null, m, new long[] {1}, true, null).sizes());
        assertArrayEquals(new float[] {5, 7, 9}, f.sum(null, m, new long[] {0}, false, null).toFloatArray(), "over the batch");
        assertArrayEquals(new long[] {1, 3}, f.mean(null, m, new long[] {-2}, true, null).sizes());
        Tensor cube = Torch.tensor(new float[] {1, 2, 3, 4, 5, 6, 7, 8}, 2, 2, 2);
        assertNull(f.sum(null, cube, new long[] {1}, false, null), "a middle dim");
        assertNull(f.sum(null, m.transpose(0, 1), null, false, null), "strided");
        assertNull(f.sum(null, m, new long[] {1, 1}, false, null), "a repeated dim is the general path's error");
        assertNull(f.mean(null, Torch.tensor(new long[] {1, 2}), null, false, null), "mean of integers is an error");
        Tensor wrongShape = Torch.tensor(new float[] {9, 9, 9});
        assertNull(f.sum(wrongShape, m, new long[] {1}, false, null), "an out= that needs resizing");
        assertArrayEquals(new float[] {9, 9, 9}, wrongShape.toFloatArray());
        Tensor out = Torch.tensor(new float[] {0, 0});
        assertNotNull(f.sum(out, m, new long[] {1}, false, null));
        assertArrayEquals(new float[] {6, 15}, out.toFloatArray());
    }

    // ---------------------------------------------------------------- running a scenario

    private static final class Outcome {
        String error;
        ScalarType dtype;
        long[] sizes;
        long[] strides;
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
            o.values = Arrays.toString(r.toDoubleArray());
        } catch (RuntimeException e) {
            o.error = e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        o.storages = s.self.storage() + "\n" + (s.out == null ? "-" : s.out.storage().toString());
        return o;
    }

    /** One random call, built the same way from the same seed every time. */
    private static final class Scenario {
        final Random rnd;
        final boolean mean;
        final Tensor self;
        final long[] dim;
        final boolean keepdim;
        final ScalarType dtype;
        final Tensor out;

        Scenario(long seed) {
            rnd = new Random(seed);
            RandomTensors tensors = new RandomTensors(rnd);
            mean = rnd.nextBoolean();
            ScalarType selfType = DTYPES[rnd.nextInt(DTYPES.length)];
            long[] sizes = new long[rnd.nextInt(5)];
            for (int d = 0; d < sizes.length; d++) {
                sizes[d] = rnd.nextInt(15) == 0 ? 0 : 1 + rnd.nextInt(4);
            }
            self = tensors.tensorOf(selfType, sizes);
            dim = randomDims(sizes.length);
            keepdim = rnd.nextBoolean();
            dtype = rnd.nextInt(6) == 0 ? DTYPES[rnd.nextInt(DTYPES.length)] : null;
            out = randomOut(tensors, sizes, selfType);
        }

        private long[] randomDims(int nd) {
            switch (rnd.nextInt(8)) {
                case 0: return null;
                case 1: return new long[0];
                case 2: { // anything: middle, repeated, out of range
                    long[] d = new long[1 + rnd.nextInt(3)];
                    for (int i = 0; i < d.length; i++) {
                        d[i] = rnd.nextInt(2 * nd + 3) - nd - 1;
                    }
                    return d;
                }
                default: { // the last or the first k dims, shuffled, some negative
                    int k = nd == 0 ? 0 : 1 + rnd.nextInt(nd);
                    boolean first = rnd.nextBoolean();
                    long[] d = new long[k];
                    for (int i = 0; i < k; i++) {
                        d[i] = (first ? i : nd - 1 - i) - (rnd.nextBoolean() ? nd : 0);
                    }
                    for (int i = k - 1; i > 0; i--) {
                        int j = rnd.nextInt(i + 1);
                        long t = d[i];
                        d[i] = d[j];
                        d[j] = t;
                    }
                    return d;
                }
            }
        }

        /** null (functional) half the time; else a fitting out, one of another dtype or shape, or self. */
        private Tensor randomOut(RandomTensors tensors, long[] sizes, ScalarType selfType) {
            if (rnd.nextBoolean()) {
                return null;
            }
            ScalarType expected = mean || selfType.isFloatingPoint() ? selfType : ScalarType.Int64;
            long[] fitting;
            try {
                fitting = Torch.sum(Torch.zeros(sizes, expected, null, null, null), dim, keepdim, null).sizes();
            } catch (RuntimeException invalidDims) {
                fitting = new long[] {1};
            }
            switch (rnd.nextInt(6)) {
                case 0: return tensors.tensorOf(DTYPES[rnd.nextInt(DTYPES.length)], fitting);
                case 1: return tensors.tensorOf(expected, new long[] {rnd.nextInt(3)});
                case 2: return self;
                default: return tensors.tensorOf(expected, fitting);
            }
        }

        Tensor callGeneral() {
            StructuredMeta op = out == null ? StructuredMeta.functional(Tensor.FACTORY) : StructuredMeta.out(Tensor.FACTORY, out);
            ReduceOps k = Kernels.REDUCE_OPS;
            if (mean) {
                k.meta_mean_dim(op, self, dim, keepdim, dtype);
            } else {
                k.meta_sum_dim_IntList(op, self, dim, keepdim, dtype);
            }
            op.commit();
            Tensor o = (Tensor) op.output(0);
            if (mean) {
                k.mean_out(op, self, dim, keepdim, dtype, o);
            } else {
                k.sum_out(op, self, dim, keepdim, dtype, o);
            }
            op.finish();
            return out == null ? o : out;
        }

        Tensor callWrapper() {
            if (mean) {
                return out == null ? RegisterCPU.wrapper_CPU_mean_dim(self, dim, keepdim, dtype)
                        : RegisterCPU.wrapper_CPU_mean_out(self, dim, keepdim, dtype, out);
            }
            return out == null ? RegisterCPU.wrapper_CPU_sum_dim_IntList(self, dim, keepdim, dtype)
                    : RegisterCPU.wrapper_CPU_sum_IntList_out(self, dim, keepdim, dtype, out);
        }

        Tensor fastPathResult() {
            ReductionFastPaths f = Kernels.REDUCTION_FAST_PATHS;
            return mean ? f.mean(out, self, dim, keepdim, dtype) : f.sum(out, self, dim, keepdim, dtype);
        }

        @Override
        public String toString() {
            return (mean ? "mean" : "sum") + " self=" + describe(self) + " dim=" + Arrays.toString(dim) + " keepdim="
                    + keepdim + " dtype=" + dtype + (out == null ? "" : " out=" + describe(out));
        }

        private static String describe(Tensor t) {
            return t.dtype() + Arrays.toString(t.sizes()) + " strides " + Arrays.toString(t.strides()) + " offset "
                    + t.storageOffset() + " " + t.storage();
        }
    }
}
