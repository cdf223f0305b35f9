package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.Random;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * native_batch_norm and native_batch_norm_backward read contiguous float32 operands where they are and write
 * their results directly; other layouts go through double arrays. Each case runs on contiguous operands and on
 * copies of them with the same values in a transposed layout, in training and evaluation, with and without
 * weight and bias. Statistics and gradients must be the same bits. The output follows the formula ATen uses for
 * each layout, which this test computes too: {@code x * alpha + (bias - mean * alpha)} for a contiguous input
 * ({@code alpha = invstd * weight}, both multiply-adds fused), {@code ((x - mean) * invstd) * weight + bias}
 * for another (TensorIterator's loop, its last multiply-add fused).
 */
class BatchNormPathsPropertyTest {
    @BeforeAll
    static void load() {
        AtenLibrary.load();
    }

    @Test
    void contiguousFloat32OperandsGiveTheGeneralPathsBits() {
        Random rnd = new Random(26112026);
        RandomTensors tensors = new RandomTensors(rnd);
        for (int c = 0; c < 200; c++) {
            long[] shape = rnd.nextBoolean()
                    ? new long[] {1 + rnd.nextInt(4), 1 + rnd.nextInt(5), 1 + rnd.nextInt(6), 1 + rnd.nextInt(6)}
                    : new long[] {2 + rnd.nextInt(4), 1 + rnd.nextInt(5)};
            long channels = shape[1];
            boolean training = rnd.nextBoolean();
            boolean affine = rnd.nextBoolean();
            Tensor x = tensors.tensorOf(ScalarType.Float32, shape, true).contiguous();
            Tensor dy = tensors.tensorOf(ScalarType.Float32, shape, true).contiguous();
            Tensor weight = affine ? Torch.randn(channels) : null;
            Tensor bias = affine ? Torch.randn(channels) : null;
            Tensor runningMean = Torch.randn(channels);
            Tensor runningVar = Torch.rand(channels).add(Torch.full(new long[] {channels}, org.jitdispatch.runtime.Scalar.of(0.5)));
            String where = "case " + c + ": " + Arrays.toString(shape) + (training ? " training" : " eval")
                    + (affine ? " affine" : "");

            Tensor[] direct = Torch.native_batch_norm(x, weight, bias, runningMean.clone(), runningVar.clone(),
                    training, 0.1, 1e-5);
            Tensor[] general = Torch.native_batch_norm(strided(x), weight, bias, runningMean.clone(),
                    runningVar.clone(), training, 0.1, 1e-5);
            for (int i = 1; i < 3; i++) {
                assertArrayEquals(general[i].contiguous().toFloatArray(), direct[i].contiguous().toFloatArray(),
                        where + ", output " + i);
            }
            float[] mean = training ? direct[1].toFloatArray() : runningMean.toFloatArray();
            float[] invstd = new float[(int) channels];
            double[] variance = runningVar.toDoubleArray();
            for (int ch = 0; ch < channels; ch++) {
                invstd[ch] = training ? direct[2].toFloatArray()[ch] : (float) (1 / Math.sqrt(variance[ch] + 1e-5));
            }
            float[] w = affine ? weight.toFloatArray() : null;
            float[] b = affine ? bias.toFloatArray() : null;
            float[] values = x.toFloatArray();
            float[] wantDirect = new float[values.length];
            float[] wantGeneral = new float[values.length];
            long inner = x.numel() / (shape[0] * channels);
            for (int i = 0; i < values.length; i++) {
                int ch = (int) (i / inner % channels);
                float weightOf = w == null ? 1f : w[ch];
                float biasOf = b == null ? 0f : b[ch];
                float alpha = invstd[ch] * weightOf;
                wantDirect[i] = Math.fma(values[i], alpha, Math.fma(-mean[ch], alpha, biasOf));
                wantGeneral[i] = Math.fma((values[i] - mean[ch]) * invstd[ch], weightOf, biasOf);
            }
            assertArrayEquals(wantDirect, direct[0].contiguous().toFloatArray(), where + ", output 0 (contiguous)");
            // a transposed copy whose swapped dims include one of size 1 is still contiguous
            assertArrayEquals(strided(x).isContiguous() ? wantDirect : wantGeneral,
                    general[0].contiguous().toFloatArray(), where + ", output 0 (strided)");

            boolean[] mask = {true, rnd.nextBoolean(), rnd.nextBoolean()};
            Tensor[] gradDirect = Torch.native_batch_norm_backward(dy, x, weight, runningMean, runningVar,
                    training ? direct[1] : null, training ? direct[2] : null, training, 1e-5, mask);
            Tensor[] gradGeneral = Torch.native_batch_norm_backward(strided(dy), strided(x), weight, runningMean,
                    runningVar, training ? direct[1] : null, training ? direct[2] : null, training, 1e-5, mask);
            for (int i = 0; i < 3; i++) {
                if (mask[i]) {
                    assertArrayEquals(gradGeneral[i].contiguous().toFloatArray(),
                            gradDirect[i].contiguous().toFloatArray(), where + ", gradient " + i);
                }
            }
        }
    }

    /** The same values in a layout that is not contiguous: dims 0 and 1 swapped in memory. */
    private static Tensor strided(Tensor t) {
        return t.transpose(0, 1).contiguous().transpose(0, 1);
    }
}
