package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;

/**
 * What the golden vectors do not show of the normalization and embedding operators: meta tensors in and
 * out, the running statistics (written in training only, never by a failing or meta call), and which
 * outputs carry gradient history.
 */
class NormalizationTest {

    private static Tensor meta(long... sizes) {
        return Torch.empty(sizes, null, null, Device.META, null, null);
    }

    private static Tensor values(int n, long... sizes) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = Math.sin(i + 1) * 2;
        }
        return Torch.tensor(v).view(sizes);
    }

    private static void assertMeta(Tensor t, long... sizes) {
        assertTrue(t.isMeta(), t + " is a meta tensor");
        assertArrayEquals(sizes, t.sizes());
    }

    @Test
    void metaTensorsGetTheShapesOfEveryOutput() {
        Tensor[] ln = Torch.native_layer_norm(meta(2, 3, 4), new long[] {3, 4}, meta(3, 4), null, 1e-5);
        assertMeta(ln[0], 2, 3, 4);
        assertMeta(ln[1], 2, 1, 1);
        assertMeta(ln[2], 2, 1, 1);
        Tensor[] lnb = Torch.native_layer_norm_backward(meta(2, 3, 4), meta(2, 3, 4), new long[] {4}, meta(2, 3, 1),
                meta(2, 3, 1), meta(4), null, new boolean[] {true, true, true});
        assertMeta(lnb[0], 2, 3, 4);
        assertMeta(lnb[1], 4);
        assertNull(lnb[2], "no gradient for an absent bias");
        Tensor[] train = Torch.native_batch_norm(meta(4, 3, 2), null, null, meta(3), meta(3), true, 0.1, 1e-5);
        assertMeta(train[0], 4, 3, 2);
        assertMeta(train[1], 3);
        Tensor[] eval = Torch.native_batch_norm(meta(4, 3, 2), null, null, meta(3), meta(3), false, 0.1, 1e-5);
        assertMeta(eval[1], 0);
        assertMeta(Torch.embedding(meta(10, 5), Torch.tensor(new long[] {1, 2, 3, 4}, 2, 2), -1, false, false), 2, 2, 5);
        assertMeta(Torch.index_select(values(6, 2, 3), 1, Torch.empty(new long[] {4}, ScalarType.Int64, null,
                Device.META, null, null)), 2, 4);
        assertMeta(Torch.embedding_dense_backward(meta(3, 2), Torch.tensor(new long[] {0, 1, 0}), 7, -1, false), 7, 2);
    }

    @Test
    void aMetaStatisticMakesTheCallMetaAndLeavesTheCpuStatisticsAlone() {
        Tensor runningVar = Torch.ones(new long[] {3}, ScalarType.Float64);
        Tensor[] r = Torch.native_batch_norm(values(24, 4, 3, 2), null, null, meta(3).to(ScalarType.Float64), runningVar,
                true, 0.1, 1e-5);
        assertTrue(r[0].isMeta());
        assertArrayEquals(new double[] {1, 1, 1}, runningVar.toDoubleArray());
    }

    @Test
    void trainingUpdatesTheRunningStatisticsAndEvaluationReadsThem() {
        Tensor x = Torch.tensor(new double[] {1, 10, 3, 20, 5, 60}).view(3, 2);
        Tensor mean = Torch.zeros(new long[] {2}, ScalarType.Float64);
        Tensor var = Torch.ones(new long[] {2}, ScalarType.Float64);
        int version = mean.version();
        Torch.native_batch_norm(x, null, null, mean, var, true, 0.5, 1e-5);
        // batch means 3 and 30; unbiased variances 4 and 700
        assertArrayEquals(new double[] {1.5, 15}, mean.toDoubleArray(), 1e-12);
        assertArrayEquals(new double[] {2.5, 350.5}, var.toDoubleArray(), 1e-12);
        assertEquals(version, mean.version(), "written as ATen writes them, without a version bump");
        Tensor y = Torch.native_batch_norm(x, null, null, mean, var, false, 0.5, 0.0)[0];
        assertEquals((1 - 1.5) / Math.sqrt(2.5), y.toDoubleArray()[0], 1e-12);
        assertArrayEquals(new double[] {1.5, 15}, mean.toDoubleArray(), 1e-12, "evaluation leaves them alone");
    }

    @Test
    void aFailingCallLeavesTheRunningStatisticsAlone() {
        Tensor mean = Torch.zeros(new long[] {2}, ScalarType.Float64);
        Tensor var = Torch.ones(new long[] {2}, ScalarType.Float64);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Torch.native_batch_norm(
                values(6, 3, 2), Torch.ones(new long[] {3}, ScalarType.Float64), null, mean, var, true, 0.1, 1e-5));
        assertEquals("weight should contain 2 elements not 3", e.getMessage());
        assertArrayEquals(new double[] {0, 0}, mean.toDoubleArray());
        assertArrayEquals(new double[] {1, 1}, var.toDoubleArray());
        assertEquals("running_mean must be defined in evaluation mode", assertThrows(IllegalArgumentException.class,
                () -> Torch.native_batch_norm(values(6, 3, 2), null, null, null, null, false, 0.1, 1e-5)).getMessage());
    }

    @Test
    void onlyTheNormalizedOutputCarriesGradientHistory() {
        Tensor x = values(12, 3, 4).requiresGrad_(true);
        Tensor[] ln = Torch.native_layer_norm(x, new long[] {4}, null, null, 1e-5);
        assertTrue(ln[0].requiresGrad());
        assertFalse(ln[1].requiresGrad());
        assertFalse(ln[2].requiresGrad());
        Tensor runningMean = Torch.zeros(new long[] {4}, ScalarType.Float64).requiresGrad_(true);
        assertThrows(IllegalArgumentException.class, () -> Torch.batch_norm(x, null, null, runningMean, null, true, 0.1,
                1e-5, true));
    }

    @Test
    void embeddingBackwardRefusesSparseGradients() {
        assertThrows(IllegalArgumentException.class, () -> Torch.embedding_backward(values(4, 2, 2),
                Torch.tensor(new long[] {0, 1}), 3, -1, false, true));
    }
}
