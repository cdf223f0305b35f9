package org.jitdispatch.kernels.errors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The cases BadInputPropertyTest found: sizes whose product overflows are refused with c10's messages
 * (not an ArithmeticException, nor a tensor of wrapped-around sizes), and a failing out= call leaves its
 * out= tensor as it was, where PyTorch resizes it before failing.
 */
class FailedCallsLeaveTensorsTest {
    private static final String OVERLAP = "unsupported operation: some elements of the input tensor and the written-to"
            + " tensor refer to a single memory location. Please clone() the tensor before performing the operation.";
    private static final long HUGE = 1L << 62;

    @Test
    void factoriesRefuseSizesWhoseProductOverflowsEvenBeforeAZero() {
        assertRefused(() -> Torch.empty(new long[] {3, HUGE, Long.MAX_VALUE, 0}, ScalarType.Float64),
                "Storage size calculation overflowed with sizes=[3, 4611686018427387904, 9223372036854775807, 0]");
        assertRefused(() -> Torch.zeros(new long[] {HUGE, 4}),
                "Storage size calculation overflowed with sizes=[4611686018427387904, 4]");
        // as in c10, a zero before the overflow makes the product 0
        assertArrayEquals(new long[] {0, HUGE, HUGE}, Torch.empty(new long[] {0, HUGE, HUGE}, ScalarType.Float32).sizes());
    }

    @Test
    void anOutOfOverflowingSizesIsRefusedBeforeItIsResized() {
        Tensor out = ApiMethods.sampleTensor();
        assertUntouched(out, () -> Torch.full_out(out, new long[] {2, Long.MAX_VALUE}, Scalar.of(1.0)),
                "numel: integer multiplication overflow");
        assertUntouched(out, () -> Torch.ones_out(out, new long[] {HUGE, 4}), "numel: integer multiplication overflow");
        assertRefused(() -> Torch.ones(new long[] {1}).expand(new long[] {HUGE, HUGE}), "numel: integer multiplication overflow");
    }

    @Test
    void aReductionIntoItsOwnInputIsRefusedBeforeTheResize() {
        Tensor x = ApiMethods.sampleTensor(new long[] {3, 2, 3, 3});
        assertUntouched(x, () -> Torch.amin_out(x, x, new long[] {1, 0, -1}, false), OVERLAP);
        Tensor y = ApiMethods.sampleTensor();
        assertUntouched(y, () -> Torch.sum_out(y, y, new long[] {0}), OVERLAP);
        assertUntouched(y, () -> Torch.mean_out(y, y, new long[] {1}, true), OVERLAP);
        // no resize: the same tensor in and out is fine
        Tensor z = ApiMethods.sampleTensor(new long[] {1, 2});
        assertArrayEquals(new double[] {1, 2}, Torch.amax_out(z, z, new long[] {0}, true).toDoubleArray());
    }

    @Test
    void mvIntoItsOwnMatrixIsRefusedBeforeTheResize() {
        Tensor x = ApiMethods.sampleTensor(new long[] {3, 1});
        assertUntouched(x, () -> Torch.mv_out(x, x, ApiMethods.sampleTensor(new long[] {1})), OVERLAP);
    }

    @Test
    void matrixProductsIntoTheirOwnInputAreRefusedBeforeTheResize() {
        Tensor x = ApiMethods.sampleTensor();
        Tensor y = ApiMethods.sampleTensor(new long[] {2, 3});
        assertUntouched(x, () -> Torch.matmul_out(x, x, y), OVERLAP);
        assertUntouched(x, () -> Torch.mm_out(x, x, y), OVERLAP);
        Tensor b = ApiMethods.sampleTensor(new long[] {1, 2, 2});
        assertUntouched(b, () -> Torch.bmm_out(b, b, ApiMethods.sampleTensor(new long[] {1, 2, 3})), OVERLAP);
    }

    @Test
    void powOfAScalarChecksOverlapBeforeTheResize() {
        Tensor out = ApiMethods.sampleTensor(new long[] {3, 2, 3});
        Tensor exponent = out.transpose(0, 1);
        assertUntouched(out, () -> Torch.pow_out(out, Scalar.of(2L), exponent), OVERLAP);
    }

    @Test
    void factoryOutsAndStackCheckAutogradBeforeTheResize() {
        String leaf = "a leaf Variable that requires grad is being used in an in-place operation.";
        Tensor out = ApiMethods.sampleTensor().requiresGrad_(true);
        assertUntouched(out, () -> Torch.zeros_out(out, new long[] {3}), leaf);
        assertUntouched(out, () -> Torch.ones_out(out, new long[] {3}), leaf);
        assertUntouched(out, () -> Torch.full_out(out, new long[] {3}, Scalar.of(2.0)), leaf);
        assertUntouched(out, () -> Torch.stack_out(out, new Tensor[] {ApiMethods.sampleTensor()}, 0), leaf);
    }

    private static void assertRefused(Executable call, String message) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, call).getMessage());
    }

    private static void assertUntouched(Tensor t, Executable call, String message) {
        long[] sizes = t.sizes();
        long[] strides = t.strides();
        double[] values = t.toDoubleArray();
        RuntimeException e = assertThrows(RuntimeException.class, call);
        assertEquals(message, e.getMessage());
        assertEquals(Arrays.toString(sizes), Arrays.toString(t.sizes()));
        assertEquals(Arrays.toString(strides), Arrays.toString(t.strides()));
        assertArrayEquals(values, t.toDoubleArray());
    }
}
