package org.jitdispatch.autograd;

/**
 * {@code try (var g = EnableGrad.enter()) { ... }}: autograd history is recorded in the block even inside a
 * {@link NoGrad} one, on this thread only ({@code torch.enable_grad()}); {@code EnableGrad.enter(false)} switches
 * it off and {@code EnableGrad.enter(mode)} sets it either way ({@code torch.set_grad_enabled(mode)} as a context
 * manager). Restores the previous mode on close; closing twice is harmless.
 */
public final class EnableGrad extends GradModeScope {
    private EnableGrad(boolean enabled) {
        super(enabled);
    }

    /** Gradients on until close ({@code torch.enable_grad()}). */
    public static EnableGrad enter() {
        return new EnableGrad(true);
    }

    /** Gradients on or off until close ({@code torch.set_grad_enabled(mode)} in a {@code with}). */
    public static EnableGrad enter(boolean enabled) {
        return new EnableGrad(enabled);
    }
}
