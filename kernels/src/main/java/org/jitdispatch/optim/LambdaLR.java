package org.jitdispatch.optim;

import java.util.Objects;
import java.util.function.IntToDoubleFunction;

/**
 * Sets the learning rate to the initial rate times {@code lrLambda(epoch)} ({@code LambdaLR}), in 1.13's closed
 * form {@code base_lr * lr_lambda(last_epoch)}, so the rates are PyTorch's to the last bit when the function
 * computes what the Python one does. One function for the one parameter group (PyTorch also takes a list, one per
 * group); its state is not saved.
 * <p>Rates: PyTorch's to the last bit (one product) when the function returns the same factors.
 */
public final class LambdaLR extends ChainableLRScheduler {
    private final IntToDoubleFunction lrLambda;

    public LambdaLR(Optimizer optimizer, IntToDoubleFunction lrLambda) {
        super(optimizer);
        this.lrLambda = Objects.requireNonNull(lrLambda, "lrLambda");
        initialStep();
    }

    @Override
    protected double nextLr(double current, int epoch) {
        return baseLr * lrLambda.applyAsDouble(epoch);
    }
}
