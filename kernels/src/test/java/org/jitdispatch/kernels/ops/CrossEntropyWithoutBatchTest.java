package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * cross_entropy of one sample without a batch dim (input {@code [C]}, a 0-dim target) with class weights and
 * label smoothing, whose weights broadcast along dim 0. The expected values are PyTorch 1.13's:
 * <pre>
 * x = torch.tensor([0.1, -0.5, 0.3], dtype=torch.float64); w = torch.tensor([0.37, 0.75, 0.51], dtype=torch.float64)
 * F.cross_entropy(x, torch.tensor(t), w, ignore_index=0, reduction=r, label_smoothing=0.5)
 * </pre>
 */
class CrossEntropyWithoutBatchTest {
    @BeforeAll
    static void load() {
        AtenLibrary.load();
    }

    @Test
    void weightsAndLabelSmoothingOnOneSample() {
        Tensor x = Torch.tensor(new double[] {0.1, -0.5, 0.3}, 3);
        Tensor w = Torch.tensor(new double[] {0.37, 0.75, 0.51}, 3);
        // target 1; then target 0, the ignored class: none and sum give 0, mean 0 / 0
        double[][] expected = {{0.941904649584197, 1.2558728661122627, 0.941904649584197}, {0, Double.NaN, 0}};
        long[] targets = {1, 0};
        for (int t = 0; t < targets.length; t++) {
            Tensor target = Torch.tensor(new long[] {targets[t]}, 1).reshape(new long[0]);
            for (int reduction = 0; reduction < 3; reduction++) {
                Tensor loss = Torch.cross_entropy_loss(x, target, w, reduction, 0, 0.5);
                assertEquals(0, loss.dim());
                assertEquals(expected[t][reduction], loss.toDoubleArray()[0], 1e-12,
                        "target " + targets[t] + ", reduction " + reduction);
            }
        }
    }
}
