package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * mm's small-matrix fast path against the general path (the structured meta and GEMM, called directly) on
 * the same random arguments: shapes that multiply or not, empty ones, small and up to 40 a side (the fast
 * path's i-k-j loop and its packed kernel), dtypes alike or mixed, operands
 * contiguous, transposed, expanded or offset, and out= tensors that fit, need resizing, have another
 * dtype or are an operand. Either both raise the same error, or both give the same dtype, geometry and
 * values and leave every storage with the same contents.
 */
class MatrixFastPathPropertyTest {
    static {
        AtenLibrary.load();
    }

    private static final ScalarType[] DTYPES = {ScalarType.Int64, ScalarType.Float32, ScalarType.Float64};

    @Property(tries = 2000)
    void fastPathComputesWhatTheGeneralPathComputes(@ForAll long seed) {
        String general = run(new Scenario(seed), false);
        String wrapper = run(new Scenario(seed), true);
        assertEquals(general, wrapper, new Scenario(seed).toString());
    }

    @Test
    void theScenariosExerciseTheFastPath() {
        int taken = 0;
        int n = 1000;
        for (long seed = 0; seed < n; seed++) {
            Scenario s = new Scenario(seed);
            if (Kernels.MATRIX_FAST_PATHS.mm(s.out, s.self, s.mat2) != null) {
                taken++;
            }
        }
        assertTrue(taken > n / 5 && taken < n * 3 / 4, taken + " of " + n + " scenarios take the fast path");
    }

    @Test
    void aTransposedWeightIsReadInPlaceAndLargeProductsAreLeftToGemm() {
        Tensor x = Torch.tensor(new float[] {1, 2}, 1, 2);
        Tensor w = Torch.tensor(new float[] {1, 2, 3, 4, 5, 6}, 3, 2);
        assertArrayEquals(new float[] {5, 11, 17}, Kernels.MATRIX_FAST_PATHS.mm(null, x, w.transpose(0, 1)).toFloatArray());
        Tensor big = Torch.zeros(new long[] {41, 41}, ScalarType.Float32, null, null, null);
        assertNull(Kernels.MATRIX_FAST_PATHS.mm(null, big, big), "41^3 multiply-adds");
    }

    /** The result (or error) and the storages afterwards, as text. */
    private static String run(Scenario s, boolean throughWrapper) {
        StringBuilder sb = new StringBuilder();
        try {
            Tensor r = throughWrapper ? s.callWrapper() : s.callGeneral();
            sb.append(r.dtype()).append(Arrays.toString(r.sizes())).append(Arrays.toString(r.strides()))
                    .append(Arrays.toString(r.toDoubleArray()));
        } catch (RuntimeException e) {
            sb.append(e.getClass().getSimpleName()).append(": ").append(e.getMessage());
        }
        return sb.append('\n').append(s.self.storage()).append('\n').append(s.mat2.storage()).append('\n')
                .append(s.out == null ? "-" : s.out.storage().toString()).toString();
    }

    private static final class Scenario {
        final Tensor self;
        final Tensor mat2;
        final Tensor out;

        Scenario(long seed) {
            Random rnd = new Random(seed);
            RandomTensors tensors = new RandomTensors(rnd);
            ScalarType d1 = rnd.nextInt(6) == 0 ? DTYPES[0] : DTYPES[1 + rnd.nextInt(2)];
            ScalarType d2 = rnd.nextInt(8) == 0 ? DTYPES[rnd.nextInt(DTYPES.length)] : d1;
            // one case in four of 8 to 40 a side (512 to 64,000 multiply-adds, under the fast path's limit), which
            // mostly takes the fast path's packed kernel
            int side = rnd.nextInt(4) == 0 ? 40 : 5;
            int least = side == 40 ? 8 : 1;
            long m = rnd.nextInt(10) == 0 ? 0 : least + rnd.nextInt(side - least + 1);
            long k = rnd.nextInt(10) == 0 ? 0 : least + rnd.nextInt(side - least + 1);
            long n = rnd.nextInt(10) == 0 ? 0 : least + rnd.nextInt(side - least + 1);
            long k2 = rnd.nextInt(10) == 0 ? k + 1 : k;
            self = tensors.tensorOf(d1, new long[] {m, k});
            mat2 = rnd.nextInt(12) == 0 ? tensors.tensorOf(d2, new long[] {k2}) : tensors.tensorOf(d2, new long[] {k2, n});
            switch (rnd.nextInt(8)) {
                case 0: out = tensors.tensorOf(d1, new long[] {m, n}); break;
                case 1: out = tensors.tensorOf(d1, new long[] {rnd.nextInt(3)}); break;
                case 2: out = tensors.tensorOf(DTYPES[rnd.nextInt(DTYPES.length)], new long[] {m, n}); break;
                case 3: out = self; break;
                case 4: out = Torch.zeros(new long[] {m, n}, d1, null, null, null); break;
                default: out = null;
            }
        }

        Tensor callGeneral() {
            StructuredMeta op = out == null ? StructuredMeta.functional(Tensor.FACTORY) : StructuredMeta.out(Tensor.FACTORY, out);
            Kernels.LINEAR_ALGEBRA.meta_mm(op, self, mat2);
            op.commit();
            Kernels.LINEAR_ALGEBRA.mm_out_cpu(op, self, mat2, (Tensor) op.output(0));
            op.finish();
            return out == null ? (Tensor) op.output(0) : out;
        }

        Tensor callWrapper() {
            return out == null ? RegisterCPU.wrapper_CPU_mm(self, mat2) : RegisterCPU.wrapper_CPU_mm_out(self, mat2, out);
        }

        @Override
        public String toString() {
            return "mm " + describe(self) + " @ " + describe(mat2) + (out == null ? "" : " out=" + describe(out));
        }

        private static String describe(Tensor t) {
            return t.dtype() + Arrays.toString(t.sizes()) + " strides " + Arrays.toString(t.strides()) + " offset "
                    + t.storageOffset();
        }
    }
}
