package org.jitdispatch.autograd;

/**
 * Whether operations record autograd history on this thread (PyTorch's GradMode). On by default; {@link
 * NoGrad} switches it off for a block.
 */
public final class GradMode {
    private static final ThreadLocal<boolean[]> ENABLED = ThreadLocal.withInitial(() -> new boolean[] {true});

    private GradMode() {
    }

    public static boolean isEnabled() {
        return ENABLED.get()[0];
    }

    /**
     * For the generated Autograd kernels: disables gradients on this thread and returns the state, whose
     * element 0 the kernel sets back to true afterwards (one thread-local lookup for both).
     */
    public static boolean[] enterBelowAutograd() {
        boolean[] state = ENABLED.get();
        state[0] = false;
        return state;
    }

    static void setEnabled(boolean enabled) {
        ENABLED.get()[0] = enabled;
    }
}
