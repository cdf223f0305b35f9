package org.jitdispatch.jit.spin;

/**
 * The packages the build-time generator emits into, named once for both sides: the generator
 * ({@code org.jitdispatch.jit.gen.JavaNames}, in jitdispatch-codegen) writes its classes there, and the
 * spinner's {@link InliningHints} match those classes at run time. Plain strings, so that nothing here
 * needs the generator's libraries.
 */
public final class GeneratedPackages {
    /** Package of the user-facing API: Torch and Tensor. */
    public static final String API_PACKAGE = "org.jitdispatch";
    /** Package of generated plumbing: Ops, registrations, wrappers. */
    public static final String GENERATED_PACKAGE = "org.jitdispatch.kernels.generated";
    /** Package of the hand-written kernels and their generated declaration interfaces. */
    public static final String KERNEL_PACKAGE = "org.jitdispatch.kernels.ops";

    private GeneratedPackages() {
    }
}
