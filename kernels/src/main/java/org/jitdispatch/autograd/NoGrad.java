package org.jitdispatch.autograd;

/**
 * {@code try (var g = NoGrad.enter()) { ... }}: no autograd history is recorded in the block, on this
 * thread only (torch.no_grad()). Restores the previous mode on close; closing twice is harmless.
 */
public final class NoGrad extends GradModeScope {
    private NoGrad() {
        super(false);
    }

    public static NoGrad enter() {
        return new NoGrad();
    }
}
