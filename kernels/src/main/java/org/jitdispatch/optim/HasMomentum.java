package org.jitdispatch.optim;

/**
 * An optimizer with a {@code momentum} hyperparameter that a schedule may change between steps (PyTorch's
 * {@code 'momentum' in optimizer.defaults}): what {@link CyclicLR} and {@link OneCycleLR} cycle with
 * {@code cycle_momentum}. {@link SGD} and {@link RMSprop}.
 */
public interface HasMomentum {
    double momentum();

    /** Sets the momentum of the next steps, unchecked as PyTorch's assignment to param_groups is. */
    void setMomentum(double momentum);
}
