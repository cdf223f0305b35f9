package org.jitdispatch.optim;

import java.util.Objects;
import java.util.function.IntToDoubleFunction;

/**
 * Multiplies the learning rate by {@code lrLambda(epoch)} every epoch after the first ({@code MultiplicativeLR}),
 * recursively as 1.13's {@code get_lr}: {@code lr * lr_lambda(last_epoch)} for epochs above 0. One function for the
 * one parameter group; 1.13 has no closed form, so a restart at epoch 0 keeps the rate.
 * <p>Rates: PyTorch's to the last bit (products only) when the function returns the same factors.
 */
public final class MultiplicativeLR extends ChainableLRScheduler {
    private final IntToDoubleFunction lrLambda;

    public MultiplicativeLR(Optimizer optimizer, IntToDoubleFunction lrLambda) {
        super(optimizer);
        this.lrLambda = Objects.requireNonNull(lrLambda, "lrLambda");
        initialStep();
    }

    @Override
    protected double nextLr(double current, int epoch) {
        return epoch > 0 ? current * lrLambda.applyAsDouble(epoch) : current;
    }
}
