package org.jitdispatch.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.junit.jupiter.api.Test;

class LossModulesTest {
    private final Tensor prediction = Torch.tensor(new float[] {0.5f, -1f, 2f, 0f}, 2, 2);
    private final Tensor target = Torch.tensor(new float[] {1f, -1f, 0f, 0.5f}, 2, 2);

    @Test
    void regressionLossesReduceAsTheirReductionSays() {
        // differences 0.5, 0, 2, 0.5: squares 0.25, 0, 4, 0.25
        assertEquals(1.125, new MSELoss().forward(prediction, target).item().toDouble(), 1e-6);
        assertEquals(4.5, new MSELoss("sum").forward(prediction, target).item().toDouble(), 1e-6);
        assertArrayEquals(new long[] {2, 2}, new MSELoss("none").forward(prediction, target).sizes());
        assertEquals(0.75, new L1Loss().forward(prediction, target).item().toDouble(), 1e-6);
        // smooth L1 with beta 1: 0.125, 0, 1.5, 0.125
        assertEquals(0.4375, new SmoothL1Loss().forward(prediction, target).item().toDouble(), 1e-6);
        // huber with delta 1 equals smooth L1 with beta 1
        assertEquals(0.4375, new HuberLoss().forward(prediction, target).item().toDouble(), 1e-6);
        // delta 0.5: every nonzero difference is on the linear side, 0.5 * (z - 0.25): 0.125, 0, 0.875, 0.125
        assertEquals(0.28125, new HuberLoss("mean", 0.5).forward(prediction, target).item().toDouble(), 1e-6);
    }

    @Test
    void classificationLossesMatchTheirFunctions() {
        Tensor logits = Torch.tensor(new float[] {2f, 0.5f, -1f, 0f, 1f, 3f}, 2, 3);
        Tensor classes = Torch.tensor(new long[] {0, 2}, 2);
        Tensor logProbabilities = logits.log_softmax(1, null);
        assertEquals(Torch.cross_entropy_loss(logits, classes, null, 1, -100, 0.0).item().toDouble(),
                new CrossEntropyLoss().forward(logits, classes).item().toDouble(), 1e-7);
        assertEquals(Torch.nll_loss_nd(logProbabilities, classes, null, 2, -100).item().toDouble(),
                new NLLLoss("sum", null, -100).forward(logProbabilities, classes).item().toDouble(), 1e-7);
        Tensor p = Torch.tensor(new float[] {0.9f, 0.2f}, 2);
        Tensor y = Torch.tensor(new float[] {1f, 0f}, 2);
        double bce = -(Math.log(0.9) + Math.log(0.8)) / 2;
        assertEquals(bce, new BCELoss().forward(p, y).item().toDouble(), 1e-6);
        Tensor z = Torch.tensor(new float[] {2.1972246f, -1.3862944f}, 2); // the logits of 0.9 and 0.2
        assertEquals(bce, new BCEWithLogitsLoss().forward(z, y).item().toDouble(), 1e-6);
        Tensor q = Torch.tensor(new float[] {0.25f, 0.75f}, 1, 2);
        Tensor logInput = Torch.tensor(new float[] {(float) Math.log(0.5), (float) Math.log(0.5)}, 1, 2);
        double kl = 0.25 * Math.log(0.25 / 0.5) + 0.75 * Math.log(0.75 / 0.5);
        assertEquals(kl, new KLDivLoss("sum", false).forward(logInput, q).item().toDouble(), 1e-6);
    }

    /** The [N, 1] against [N] mistake: torch.nn.functional refuses it where the aten operators would broadcast. */
    @Test
    void binaryLossesRefuseATargetOfAnotherShape() {
        Tensor column = Torch.tensor(new float[] {0.2f, 0.4f, 0.6f, 0.8f}, 4, 1);
        Tensor labels = Torch.tensor(new float[] {0f, 1f, 1f, 0f}, 4);
        assertEquals("Target size (torch.Size([4])) must be the same as input size (torch.Size([4, 1]))",
                assertThrows(IllegalArgumentException.class, () -> new BCEWithLogitsLoss().forward(column, labels))
                        .getMessage());
        assertEquals("Using a target size (torch.Size([4])) that is different to the input size (torch.Size([4, 1]))"
                + " is deprecated. Please ensure they have the same size.", assertThrows(IllegalArgumentException.class,
                        () -> new BCELoss().forward(column, labels)).getMessage());
        // the aten operator with logits: target's shape is its in-place result's, as in ATen
        assertEquals("output with shape [4] doesn't match the broadcast shape [4, 4]", assertThrows(
                IllegalArgumentException.class, () -> Torch.binary_cross_entropy_with_logits(column, labels, null, null, 1))
                .getMessage());
        Tensor same = Torch.tensor(new float[] {0f, 1f, 1f, 0f}, 4, 1);
        assertEquals(Torch.binary_cross_entropy_with_logits(column, same, null, null, 1).item().toDouble(),
                new BCEWithLogitsLoss().forward(column, same).item().toDouble(), 0.0);
    }

    @Test
    void anUnknownReductionIsRefusedAtConstruction() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new MSELoss("average"));
        assertEquals("average is not a valid value for reduction", e.getMessage());
    }
}
