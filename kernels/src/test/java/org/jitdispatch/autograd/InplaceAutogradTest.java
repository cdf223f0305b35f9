package org.jitdispatch.autograd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.junit.jupiter.api.Test;

/**
 * In-place operations on tensors with history, retain_grad, create_graph and torch.autograd.grad; the
 * expected values and messages are PyTorch 1.13's for the same calls.
 */
class InplaceAutogradTest {
    private static final double TOLERANCE = 1e-4;

    /** float32, as PyTorch's default dtype (the error messages name the tensor type). */
    private static Tensor leaf(double... values) {
        float[] floats = new float[values.length];
        for (int i = 0; i < values.length; i++) {
            floats[i] = (float) values[i];
        }
        return Torch.tensor(floats).requiresGrad_(true);
    }

    private static void assertValues(double[] expected, Tensor actual) {
        assertArrayEquals(expected, actual.toDoubleArray(), TOLERANCE);
    }

    @Test
    void anInPlaceWriteRebasesTheHistoryOfANonLeaf() {
        Tensor x = leaf(1, 2);
        Tensor y = x.mul(x);
        y.add_(y);
        y.sum().backward();
        assertValues(new double[] {4, 8}, x.grad());
    }

    @Test
    void theNewGradFnTakesTheOtherOperandsGradientToo() {
        Tensor x = leaf(1, 2);
        Tensor w = leaf(3, 4);
        Tensor y = x.mul(Scalar.of(2));
        y.mul_(w);
        assertEquals("MulBackward0", y.gradFn().name());
        y.sum().backward();
        assertValues(new double[] {6, 8}, x.grad());
        assertValues(new double[] {2, 4}, w.grad());
    }

    @Test
    void aFormulaThatReadsSelfGetsItsValueFromBeforeTheWrite() {
        Tensor x = leaf(1, 2);
        Tensor y = x.mul(Scalar.of(1));
        y.clamp_(Scalar.of(1.5), null);
        y.sum().backward();
        assertValues(new double[] {0, 1}, x.grad());
    }

    @Test
    void aSavedResultSurvivesALaterWriteToItsInput() {
        Tensor x = leaf(1, 2);
        Tensor y = x.mul(Scalar.of(2));
        Tensor z = y.exp();
        y.mul_(Scalar.of(3));
        z.sum().backward();
        assertValues(new double[] {14.7781, 109.1963}, x.grad());
    }

    @Test
    void writingASavedTensorFailsAtBackwardWithPyTorchsMessage() {
        Tensor x = leaf(1, 2);
        Tensor y = x.mul(Scalar.of(2));
        Tensor e = y.mul(y);
        y.mul_(Scalar.of(3));
        IllegalStateException error = assertThrows(IllegalStateException.class, () -> e.sum().backward());
        assertTrue(error.getMessage().startsWith("one of the variables needed for gradient computation has been modified"
                + " by an inplace operation: [torch.FloatTensor [2]], which is output 0 of MulBackward0, is at version 1;"
                + " expected version 0 instead."), error.getMessage());
    }

    @Test
    void aSavedResultWrittenByTheNextInPlaceOpIsDetected() {
        Tensor x = leaf(0.5, 2);
        Tensor y = x.mul(Scalar.of(1));
        y.sigmoid_();
        y.relu_();
        IllegalStateException error = assertThrows(IllegalStateException.class, () -> y.sum().backward());
        assertTrue(error.getMessage().contains("which is output 0 of SigmoidBackward0, is at version 2; expected version 1"),
                error.getMessage());
    }

    @Test
    void aLeafThatRequiresGradIsStillRefusedAndLeftUntouched() {
        Tensor x = leaf(1, 2);
        IllegalStateException error = assertThrows(IllegalStateException.class, () -> x.add_(Scalar.of(1)));
        assertEquals("a leaf Variable that requires grad is being used in an in-place operation.", error.getMessage());
        assertValues(new double[] {1, 2}, x);
    }

    @Test
    void aWriteToAViewOfATensorWithHistoryIsRecordedOnItsBase() {
        Tensor x = leaf(1, 2);
        Tensor y = x.mul(Scalar.of(1));
        Tensor v = y.view(2);
        v.mul_(Scalar.of(2));
        assertEquals("torch::autograd::CopySlices", y.gradFn().name());
        assertEquals("AsStridedBackward0", v.gradFn().name());
        y.mul_(Scalar.of(3)); // a base that has views
        assertEquals("MulBackward0", y.gradFn().name());
        v.sum().backward();
        assertValues(new double[] {6, 6}, x.grad());
        assertValues(new double[] {6, 12}, y);
    }

    @Test
    void outFunctionsRefuseArgumentsThatRequireGrad() {
        Tensor x = leaf(1, 2);
        IllegalStateException error = assertThrows(IllegalStateException.class,
                () -> Torch.add_out(Torch.zeros(2), x, x));
        assertEquals("add(): functions with out=... arguments don't support automatic differentiation, but one of the"
                + " arguments requires grad.", error.getMessage());
        try (NoGrad g = NoGrad.enter()) {
            assertValues(new double[] {2, 4}, Torch.add_out(Torch.zeros(2), x, x));
        }
    }

    @Test
    void retainGradKeepsANonLeafsGradient() {
        Tensor x = leaf(1, 2, 3);
        Tensor y = x.mul(Scalar.of(2));
        y.retainGrad();
        assertTrue(y.retainsGrad());
        y.sum().backward();
        assertValues(new double[] {1, 1, 1}, y.grad());
        assertValues(new double[] {2, 2, 2}, x.grad());
        x.retainGrad(); // a leaf keeps its gradient anyway
        assertEquals(false, x.retainsGrad());
    }

    @Test
    void gradReturnsGradientsAndLeavesDotGradAlone() {
        Tensor a = leaf(2);
        Tensor y = a.pow(Scalar.of(3));
        Tensor[] g = Autograd.grad(y, List.of(a), true);
        assertValues(new double[] {12}, g[0]);
        assertEquals("MulBackward0", g[0].gradFn().name());
        Tensor[] g2 = Autograd.grad(g[0], List.of(a), false);
        assertValues(new double[] {12}, g2[0]);
        assertNull(a.grad());
    }

    @Test
    void gradOfAnUnusedInputNeedsAllowUnused() {
        Tensor a = leaf(2);
        Tensor b = leaf(2);
        IllegalStateException error = assertThrows(IllegalStateException.class,
                () -> Autograd.grad(List.of(a.mul(Scalar.of(2))), List.of(a, b), null, false, false, false));
        assertEquals("One of the differentiated Tensors appears to not have been used in the graph. Set allow_unused=True"
                + " if this is the desired behavior.", error.getMessage());
        Tensor[] g = Autograd.grad(List.of(a.mul(Scalar.of(2))), List.of(a, b), null, false, false, true);
        assertValues(new double[] {2}, g[0]);
        assertNull(g[1]);
    }

    @Test
    void backwardWithCreateGraphGivesGradientsThatCanBeDifferentiated() {
        Tensor q = leaf(3);
        q.mul(q).mul(q).sum().backward(null, false, true);
        Tensor dq = q.grad();
        assertValues(new double[] {27}, dq);
        Tensor[] second = Autograd.grad(dq, List.of(q), false);
        assertValues(new double[] {18}, second[0]);
    }
}
