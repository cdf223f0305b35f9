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
 * their results directly; other layouts go through double arrays. Both must give the same bits: each case runs
 * on contiguous operands and on copies of them with the same values in a transposed layout, in training and
 * evaluation, with and without weight and bias, and compares outputs, statistics and gradients.
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
            for (int i = 0; i < 3; i++) {
                assertArrayEquals(general[i].contiguous().toFloatArray(), direct[i].contiguous().toFloatArray(),
                        where + ", output " + i);
            }

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
