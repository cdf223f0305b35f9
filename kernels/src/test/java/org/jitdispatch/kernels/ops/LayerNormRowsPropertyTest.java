package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.runtime.ScalarType;

/**
 * Layer norm's float32 rows ({@link FloatLayerNormRows}, a contiguous input) against the general kernel (the
 * same values in an input whose rows are padded, so not contiguous) on the same random arguments: 1 to 300 rows
 * of 1 to 300 values, shifted far from zero or not, with and without weight and bias, several eps. The
 * statistics are summed in another order, so each mean and reciprocal deviation is within one float ulp of the
 * general kernel's and each output within what one ulp of the mean moves it by, plus one ulp of its own. The
 * backward rows compute the general kernel's arithmetic in its order: the same bits, for every output mask.
 */
class LayerNormRowsPropertyTest {
    static {
        AtenLibrary.load();
    }

    @Property(tries = 300)
    void theRowsComputeWhatTheGeneralKernelComputes(@ForAll long seed) {
        Random rnd = new Random(seed);
        int rows = 1 + rnd.nextInt(rnd.nextBoolean() ? 8 : 300);
        int n = 1 + rnd.nextInt(rnd.nextBoolean() ? 8 : 300);
        double shift = rnd.nextInt(3) == 0 ? rnd.nextGaussian() * 1000 : 0;
        float[] values = new float[rows * n];
        for (int i = 0; i < values.length; i++) {
            values[i] = (float) (shift + rnd.nextGaussian() * Math.scalb(1.0, rnd.nextInt(9) - 4));
        }
        Tensor x = Torch.tensor(values, rows, n);
        Tensor padded = Torch.zeros(new long[] {rows, n + 1}, ScalarType.Float32).narrow(1, 0, n);
        padded.copy_(x);
        Tensor weight = rnd.nextBoolean() ? Torch.randn(n) : null;
        Tensor bias = rnd.nextBoolean() ? Torch.randn(n) : null;
        double eps = new double[] {1e-5, 1e-12, 0.1}[rnd.nextInt(3)];
        long[] shape = {n};
        Tensor[] fast = Torch.native_layer_norm(x, shape, weight, bias, eps);
        Tensor[] general = Torch.native_layer_norm(padded, shape, weight, bias, eps);
        float[] y = fast[0].toFloatArray();
        float[] yGeneral = general[0].toFloatArray();
        float[] mean = fast[1].toFloatArray();
        float[] meanGeneral = general[1].toFloatArray();
        float[] rstd = fast[2].toFloatArray();
        float[] rstdGeneral = general[2].toFloatArray();
        float[] gamma = weight == null ? null : weight.toFloatArray();
        String what = rows + " x " + n + ", shift " + shift + ", eps " + eps + (weight == null ? "" : ", weight")
                + (bias == null ? "" : ", bias");
        for (int i = 0; i < rows; i++) {
            int row = i;
            assertTrue(Math.abs(mean[i] - meanGeneral[i]) <= Math.ulp(meanGeneral[i]),
                    () -> what + ": mean of row " + row + " " + mean[row] + " vs " + meanGeneral[row]);
            assertTrue(Math.abs(rstd[i] - rstdGeneral[i]) <= Math.ulp(rstdGeneral[i]),
                    () -> what + ": rstd of row " + row + " " + rstd[row] + " vs " + rstdGeneral[row]);
            for (int j = 0; j < n; j++) {
                int at = i * n + j;
                double scale = gamma == null ? 1 : Math.abs(gamma[j]);
                double tolerance = 2 * scale * Math.abs(rstdGeneral[i]) * Math.ulp(meanGeneral[i])
                        + 2 * scale * Math.ulp(rstdGeneral[i]) * Math.abs(values[at] - meanGeneral[i])
                        + Math.ulp(yGeneral[at]);
                assertTrue(Math.abs(y[at] - yGeneral[at]) <= tolerance,
                        () -> what + ": y[" + at + "] " + y[at] + " vs " + yGeneral[at]);
            }
        }
    }

    @Property(tries = 300)
    void theBackwardRowsGiveTheGeneralKernelsBits(@ForAll long seed) {
        Random rnd = new Random(seed);
        int rows = 1 + rnd.nextInt(rnd.nextBoolean() ? 8 : 200);
        int n = 1 + rnd.nextInt(rnd.nextBoolean() ? 8 : 200);
        Tensor x = Torch.randn(rows, n).mul(org.jitdispatch.runtime.Scalar.of(1 + rnd.nextInt(100)));
        Tensor weight = rnd.nextBoolean() ? Torch.randn(n) : null;
        Tensor bias = rnd.nextBoolean() ? Torch.randn(n) : null;
        long[] shape = {n};
        Tensor[] forward = Torch.native_layer_norm(x, shape, weight, bias, 1e-5);
        Tensor grad = Torch.randn(rows, n);
        Tensor paddedGrad = Torch.zeros(new long[] {rows, n + 1}, ScalarType.Float32).narrow(1, 0, n);
        paddedGrad.copy_(grad);
        boolean[] mask = {rnd.nextBoolean(), rnd.nextBoolean(), rnd.nextBoolean()};
        Tensor[] fast = Torch.native_layer_norm_backward(grad, x, shape, forward[1], forward[2], weight, bias, mask);
        Tensor[] general = Torch.native_layer_norm_backward(paddedGrad, x, shape, forward[1], forward[2], weight, bias,
                mask);
        String what = rows + " x " + n + (weight == null ? "" : ", weight") + (bias == null ? "" : ", bias") + ", mask "
                + java.util.Arrays.toString(mask);
        for (int k = 0; k < 3; k++) {
            if (general[k] == null) {
                assertNull(fast[k], what);
            } else {
                assertArrayEquals(general[k].toFloatArray(), fast[k].toFloatArray(), what + ", output " + k);
            }
        }
    }
}
