package org.jitdispatch.optim;

/**
 * An optimizer with PyTorch's {@code betas} whose first item a schedule may change between steps ({@code 'betas'
 * in optimizer.defaults}): what {@link OneCycleLR} cycles with {@code cycle_momentum}. The Adam family:
 * {@link Adam}, {@link AdamW}, {@link Adamax}, {@link NAdam}, {@link RAdam}.
 */
public interface HasBetas {
    double beta1();

    double beta2();

    /** Sets beta1 of the next steps, unchecked as PyTorch's assignment to param_groups is. */
    void setBeta1(double beta1);
}
