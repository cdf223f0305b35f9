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

    static void setEnabled(boolean enabled) {
        ENABLED.get()[0] = enabled;
    }
}
