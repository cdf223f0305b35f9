package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.junit.jupiter.api.Test;

/**
 * Nearest upsampling with scales that are not the sizes' ratio: 1.13's generic forward kernel indexes by
 * {@code floor(o / scale)} even where the output is as large as the input or twice as large, its channels-last
 * kernel (a single channel is channels-last contiguous) and the backward take nearest_idx's shortcuts there. Values
 * from PyTorch 1.13:
 * <pre>
 * x = torch.arange(12.).reshape(1, 2, 1, 6)
 * torch.ops.aten.upsample_nearest2d(x, [1, 6], None, 1.5)      # [0, 0, 1, 2, 2, 3, 6, 6, 7, 8, 8, 9]
 * torch.ops.aten.upsample_nearest2d(x, [2, 12], 0.7, 2.5)      # rows [0, 0, 0, 1, 1, 2, 2, 2, 3, 3, 4, 4], ...
 * torch.ops.aten.upsample_nearest2d(torch.arange(6.).reshape(1, 1, 1, 6), [1, 6], None, 1.5)  # [0, 1, 2, 3, 4, 5]
 * torch.ops.aten.upsample_nearest3d(torch.arange(8.).reshape(1, 2, 1, 2, 2), [1, 4, 2], None, 2.5, 1.5)
 * torch.ops.aten.upsample_nearest1d(torch.arange(12.).reshape(2, 1, 6), [6], 1.5)
 * torch.ops.aten.upsample_nearest1d(torch.arange(5.).reshape(1, 1, 5), [5], 1.3)   # [0, 0, 1, 2, 3]
 * torch.ops.aten.upsample_nearest1d(torch.zeros(0, 1, 5), [7], 2.0).shape          # [0, 1, 7]
 * torch.ops.aten.upsample_nearest2d_backward(torch.ones(1, 2, 1, 6), [1, 6], [1, 2, 1, 6], None, 1.5)  # all ones
 * </pre>
 */
class UpsampleNearestScalesTest {

    private static Tensor arange(long n, long... sizes) {
        double[] v = new double[(int) n];
        for (int i = 0; i < n; i++) {
            v[i] = i;
        }
        return Torch.tensor(v, sizes);
    }

    @Test
    void aGivenScaleCountsWhereTheSizesAreEqualOrDoubled() {
        Tensor x = arange(12, 1, 2, 1, 6);
        assertArrayEquals(new double[] {0, 0, 1, 2, 2, 3, 6, 6, 7, 8, 8, 9},
                Torch.upsample_nearest2d(x, new long[] {1, 6}, null, 1.5).toDoubleArray());
        double[] row0 = {0, 0, 0, 1, 1, 2, 2, 2, 3, 3, 4, 4};
        double[] expected = new double[48];
        for (int c = 0; c < 2; c++) {
            for (int r = 0; r < 2; r++) {
                for (int i = 0; i < 12; i++) {
                    expected[c * 24 + r * 12 + i] = row0[i] + 6 * c;
                }
            }
        }
        assertArrayEquals(expected, Torch.upsample_nearest2d(x, new long[] {2, 12}, 0.7, 2.5).toDoubleArray());
        assertArrayEquals(new double[] {0, 0, 0, 0, 0, 0, 2, 2, 4, 4, 4, 4, 4, 4, 6, 6},
                Torch.upsample_nearest3d(arange(8, 1, 2, 1, 2, 2), new long[] {1, 4, 2}, null, 2.5, 1.5).toDoubleArray());
    }

    @Test
    void aChannelsLastInputTakesTheShortcuts() {
        assertArrayEquals(new double[] {0, 1, 2, 3, 4, 5},
                Torch.upsample_nearest2d(arange(6, 1, 1, 1, 6), new long[] {1, 6}, null, 1.5).toDoubleArray());
    }

    @Test
    void oneDimensionalInputsNeverTakeTheShortcuts() {
        assertArrayEquals(new double[] {0, 0, 1, 2, 2, 3, 6, 6, 7, 8, 8, 9},
                Torch.upsample_nearest1d(arange(12, 2, 1, 6), new long[] {6}, 1.5).toDoubleArray());
        assertArrayEquals(new double[] {0, 0, 1, 2, 2, 3, 6, 6, 7, 8, 8, 9},
                Torch.upsample_nearest1d(arange(12, 1, 2, 6), new long[] {6}, 1.5).toDoubleArray());
        assertArrayEquals(new double[] {0, 0, 1, 2, 3},
                Torch.upsample_nearest1d(arange(5, 1, 1, 5), new long[] {5}, 1.3).toDoubleArray());
        assertArrayEquals(new long[] {0, 1, 7},
                Torch.upsample_nearest1d(Torch.zeros(0, 1, 5), new long[] {7}, 2.0).sizes());
    }

    @Test
    void theBackwardKeepsNearestIdx() {
        Tensor g = Torch.upsample_nearest2d_backward(Torch.ones(new long[] {1, 2, 1, 6}), new long[] {1, 6}, new long[] {1, 2, 1, 6},
                null, 1.5);
        double[] ones = new double[12];
        java.util.Arrays.fill(ones, 1);
        assertArrayEquals(ones, g.toDoubleArray());
    }
}
