package org.jitdispatch.autograd;

/**
 * Whether operations record autograd history on this thread (PyTorch's GradMode). On by default; {@link
 * NoGrad} switches it off for a block, and the generated Autograd kernels switch it off while the operator
 * runs below autograd (where PyTorch excludes the Autograd keys instead).
 */
public final class GradMode {
    /** Per thread: {@code [0]} grad mode is on, {@code [1]} an Autograd kernel's operator is running below autograd. */
    private static final ThreadLocal<boolean[]> STATE = ThreadLocal.withInitial(() -> new boolean[] {true, false});

    private GradMode() {
    }

    public static boolean isEnabled() {
        return STATE.get()[0];
    }

    /**
     * Whether the user switched gradients off ({@link NoGrad}, or a backward pass without create_graph): grad
     * mode is off, and not merely because an Autograd kernel is running its operator below autograd. Views
     * made then are PyTorch's views created in no_grad mode.
     */
    static boolean isUserDisabled() {
        boolean[] state = STATE.get();
        return !state[0] && !state[1];
    }

    /**
     * For the generated Autograd kernels: disables gradients on this thread, marks the thread as running below
     * autograd, and returns the state for {@link #exitBelowAutograd} (one thread-local lookup for both).
     */
    public static boolean[] enterBelowAutograd() {
        boolean[] state = STATE.get();
        state[0] = false;
        state[1] = true;
        return state;
    }

    /** Ends {@link #enterBelowAutograd}: gradients on again (they were on, or the kernel would not have entered). */
    public static void exitBelowAutograd(boolean[] state) {
        state[0] = true;
        state[1] = false;
    }

    /** This thread's state array, for code that must set both flags and restore them. */
    static boolean[] state() {
        return STATE.get();
    }

    /** Sets this thread's grad mode ({@code torch.set_grad_enabled}); {@link NoGrad} and {@link EnableGrad} scope it. */
    public static void setEnabled(boolean enabled) {
        STATE.get()[0] = enabled;
    }
}
