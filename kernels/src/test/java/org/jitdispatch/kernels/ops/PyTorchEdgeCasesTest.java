package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.junit.jupiter.api.Test;

/**
 * Edge values where results once differed from PyTorch 1.13's: each expected value is what the Python expression
 * in the comment beside it printed.
 */
class PyTorchEdgeCasesTest {
    private static final float NAN = Float.NaN;
    private static final float INF = Float.POSITIVE_INFINITY;

    // ------------------------------------------------------------------------- searchsorted, bucketize

    @Test
    void searchsortedComparesAsAtenDoesWithNaN() {
        // s = torch.tensor([-inf, -1., 0., 0., 2.5, 3., nan]); v = torch.tensor([-2., 0., 2.5, 3., 100., nan, -inf])
        Tensor s = Torch.tensor(new float[] {-INF, -1, 0, 0, 2.5f, 3, NAN});
        Tensor v = Torch.tensor(new float[] {-2, 0, 2.5f, 3, 100, NAN, -INF});
        // torch.searchsorted(s, v) -> tensor([1, 2, 4, 5, 7, 7, 0])
        assertArrayEquals(new long[] {1, 2, 4, 5, 7, 7, 0}, Torch.searchsorted(s, v).toLongArray());
        // torch.searchsorted(s, v, right=True) -> tensor([1, 4, 5, 7, 7, 7, 1])
        assertArrayEquals(new long[] {1, 4, 5, 7, 7, 7, 1}, Torch.searchsorted(s, v, false, true).toLongArray());
        // torch.bucketize(v, s) -> tensor([1, 2, 4, 5, 7, 7, 0])
        assertArrayEquals(new long[] {1, 2, 4, 5, 7, 7, 0}, Torch.bucketize(v, s).toLongArray());
    }

    @Test
    void searchsortedPromotesANumberWithTheBoundaries() {
        // torch.searchsorted(torch.tensor([1, 3, 3, 5, 9]), 3.5) -> tensor(3)
        assertArrayEquals(new long[] {3},
                Torch.searchsorted(Torch.tensor(new long[] {1, 3, 3, 5, 9}), Scalar.of(3.5)).toLongArray());
        // torch.bucketize(2.5, torch.tensor([False, True])) -> tensor(2)
        assertArrayEquals(new long[] {2},
                Torch.bucketize(Scalar.of(2.5), Torch.tensor(new boolean[] {false, true})).toLongArray());
        // torch.searchsorted(torch.tensor(1.), torch.ones(2))
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Torch.searchsorted(Torch.scalarTensor(Scalar.of(1.0), org.jitdispatch.runtime.ScalarType.Float32),
                        Torch.ones(2)));
        assertEquals("torch.searchsorted(): boundaries tensor should have positive dimension, but got 0 dimension",
                e.getMessage());
    }
}
