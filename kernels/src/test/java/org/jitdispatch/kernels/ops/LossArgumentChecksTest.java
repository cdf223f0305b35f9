package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Loss arguments that 1.13's derivatives.yaml gives no formula (its autograd kernels refuse them before anything
 * else), and nll_loss2d's checks of a 4-D input's target. Messages from PyTorch 1.13:
 * <pre>
 * a = torch.randn(3, 4, requires_grad=True); b = torch.rand(3, 4)
 * F.binary_cross_entropy_with_logits(a, b, weight=torch.rand(4, requires_grad=True))
 * # The function 'binary_cross_entropy_with_logits' is not differentiable with respect to argument 'weight'. ...
 * F.binary_cross_entropy_with_logits(a, b, pos_weight=torch.rand(4, requires_grad=True))
 * # ... with respect to argument 'pos_weight'. This input cannot have requires_grad True.
 * F.soft_margin_loss(a.detach(), b.requires_grad_())
 * # The function 'soft_margin_loss' is not differentiable with respect to argument 'target'. ...
 * w = torch.rand(3, requires_grad=True)
 * F.nll_loss(torch.randn(2, 3, 4), torch.zeros(2, 4, dtype=torch.long), w)
 * # The function 'nll_loss2d_forward' is not differentiable with respect to argument 'weight'. ...
 * F.nll_loss(torch.randn(1, 3, 2, 2), torch.zeros(1, 4, dtype=torch.long), w)    # the same, before the target
 * F.nll_loss(torch.randn(1, 3, 2, 2), torch.zeros(1, 4, dtype=torch.long))
 * # only batches of spatial targets supported (3D tensors) but got targets of dimension: 2
 * F.nll_loss(torch.randn(1, 3, 2, 2), torch.zeros(1, 2, 3, dtype=torch.long))
 * # size mismatch (got input: [1, 3, 2, 2] , target: [1, 2, 3]
 * </pre>
 */
class LossArgumentChecksTest {

    private static String message(Executable call) {
        return assertThrows(IllegalArgumentException.class, call).getMessage();
    }

    private static Tensor targets(long... sizes) {
        return Torch.zeros(sizes, ScalarType.Int64);
    }

    private static String notDifferentiable(String op, String argument) {
        return "The function '" + op + "' is not differentiable with respect to argument '" + argument
                + "'. This input cannot have requires_grad True.";
    }

    @Test
    void argumentsWithoutAFormulaMustNotRequireGrad() {
        Tensor a = Torch.randn(3, 4).requiresGrad_(true);
        Tensor b = Torch.rand(3, 4);
        assertEquals(notDifferentiable("binary_cross_entropy_with_logits", "weight"), message(() ->
                Torch.binary_cross_entropy_with_logits(a, b, Torch.rand(4).requiresGrad_(true), null, 1)));
        assertEquals(notDifferentiable("binary_cross_entropy_with_logits", "pos_weight"), message(() ->
                Torch.binary_cross_entropy_with_logits(a, b, null, Torch.rand(4).requiresGrad_(true), 1)));
        assertEquals(notDifferentiable("soft_margin_loss", "target"), message(() ->
                Torch.soft_margin_loss(Torch.randn(3, 4), Torch.rand(3, 4).requiresGrad_(true), 1)));
        Tensor w = Torch.rand(3).requiresGrad_(true);
        assertEquals(notDifferentiable("nll_loss2d_forward", "weight"), message(() ->
                Torch.nll_loss_nd(Torch.randn(2, 3, 4), targets(2, 4), w)));
        assertEquals(notDifferentiable("nll_loss2d_forward", "weight"), message(() ->
                Torch.nll_loss_nd(Torch.randn(1, 3, 2, 2), targets(1, 4), w)));
    }

    @Test
    void aFourDimensionalInputsTargetIsCheckedAsNllLoss2dDoes() {
        assertEquals("only batches of spatial targets supported (3D tensors) but got targets of dimension: 2",
                message(() -> Torch.nll_loss_nd(Torch.randn(1, 3, 2, 2), targets(1, 4))));
        assertEquals("size mismatch (got input: [1, 3, 2, 2] , target: [1, 2, 3]",
                message(() -> Torch.nll_loss_nd(Torch.randn(1, 3, 2, 2), targets(1, 2, 3))));
    }
}
