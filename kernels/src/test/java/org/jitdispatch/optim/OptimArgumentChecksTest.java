package org.jitdispatch.optim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** The new optimizers' and schedulers' argument checks, with the messages PyTorch 1.13 gives for the same calls. */
class OptimArgumentChecksTest {
    private static List<Tensor> params() {
        return List.of(Torch.zeros(2).requiresGrad_(true));
    }

    private static SGD sgd() {
        return new SGD(params(), 0.5, 0.9, 0, 0, false);
    }

    private static void assertRefused(String message, Executable call) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, call).getMessage());
    }

    @Test
    void optimizers() {
        assertRefused("Invalid learning rate: -1.0", () -> new Adamax(params(), -1.0, 0.9, 0.999, 1e-8, 0, false));
        assertRefused("Invalid beta parameter at index 0: 1.0",
                () -> new Adamax(params(), 2e-3, 1.0, 0.999, 1e-8, 0, false));
        assertRefused("Invalid momentum_decay value: -1.0",
                () -> new NAdam(params(), 2e-3, 0.9, 0.999, 1e-8, 0, -1.0));
        assertRefused("Invalid epsilon value: -1.0", () -> new RAdam(params(), 1e-3, 0.9, 0.999, -1.0, 0));
        assertRefused("Invalid rho value: 1.5", () -> new Adadelta(params(), 1.0, 1.5, 1e-6, 0, false));
        assertRefused("Invalid eta values: 0.5, 0.9", () -> new Rprop(params(), 1e-2, 0.5, 0.9, 1e-6, 50, false));
        assertRefused("Invalid epsilon value: -1e-08", () -> new Adamax(params(), 2e-3, 0.9, 0.999, -1e-8, 0, false));
        assertRefused("Invalid weight_decay value: -0.5", () -> new ASGD(params(), 1e-2, 1e-4, 0.75, 1e6, -0.5, false));
    }

    @Test
    void schedulers() {
        assertRefused("Expected positive integer T_0, but got 0", () -> new CosineAnnealingWarmRestarts(sgd(), 0));
        assertRefused("Expected integer T_mult >= 1, but got 0",
                () -> new CosineAnnealingWarmRestarts(sgd(), 2, 0, 0));
        assertRefused("Expected non-negative epoch, but got -1",
                () -> new CosineAnnealingWarmRestarts(sgd(), 2).step(-1));
        assertRefused("Constant multiplicative factor expected to be between 0 and 1.",
                () -> new ConstantLR(sgd(), 1.5, 5));
        assertRefused("Starting multiplicative factor expected to be between 0 and 1.",
                () -> new LinearLR(sgd(), 1.5, 1.0, 5));
        assertRefused("Ending multiplicative factor expected to be between 0 and 1.",
                () -> new LinearLR(sgd(), 0.5, -0.5, 5));
        assertRefused("Expected positive integer total_steps, but got 0", () -> new OneCycleLR(sgd(), 1.0, 0));
        assertRefused("Expected float between 0 and 1 pct_start, but got 1.5",
                () -> new OneCycleLR(sgd(), 1.0, 10, new OneCycleLR.Options().pctStart(1.5)));
        assertRefused("optimizer must support momentum with `cycle_momentum` option enabled",
                () -> new OneCycleLR(new Adagrad(params(), 0.1), 1.0, 10));
        // 1.13's CyclicLR cycles a 'momentum' only, not Adam's beta1
        assertRefused("optimizer must support momentum with `cycle_momentum` option enabled",
                () -> new CyclicLR(new Adam(params(), 0.1), 0.1, 1.0));
        assertRefused("Factor should be < 1.0.",
                () -> new ReduceLROnPlateau(sgd(), new ReduceLROnPlateau.Options().factor(1.0)));
        SGD o = sgd();
        assertRefused("Sequential Schedulers expects number of schedulers provided to be one more than the number of "
                + "milestone points, but got number of schedulers 2 and the number of milestones to be equal to 2",
                () -> new SequentialLR(o, List.of(new ConstantLR(o), new ExponentialLR(o, 0.9)), new int[] {2, 3}));
        assertRefused("Sequential Schedulers expects all schedulers to belong to the same optimizer, but got "
                + "schedulers at index 1 to be different than the optimizer passed in.",
                () -> new SequentialLR(o, List.of(new ConstantLR(o), new ExponentialLR(sgd(), 0.9)), new int[] {2}));
        assertRefused("ChainedScheduler expects all schedulers to belong to the same optimizer, but got schedulers at "
                + "index 0 and 1 to be different",
                () -> new ChainedScheduler(List.of(new ConstantLR(o), new ExponentialLR(sgd(), 0.9))));
    }

    @Test
    void oneCycleRefusesToStepPastItsTotal() {
        SGD o = sgd();
        OneCycleLR sched = new OneCycleLR(o, 1.0, 10);
        for (int i = 0; i < 10; i++) {
            sched.step();
        }
        assertEquals("Tried to step 12 times. The specified number of total steps is 10",
                assertThrows(IllegalStateException.class, sched::step).getMessage());
    }
}
