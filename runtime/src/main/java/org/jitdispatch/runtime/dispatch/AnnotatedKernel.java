package org.jitdispatch.runtime.dispatch;

/** A registered kernel with the key it was registered for and where the registration came from. */
final class AnnotatedKernel {
    final KernelFunction kernel;
    final DispatchKey key;
    final String debug;

    AnnotatedKernel(KernelFunction kernel, DispatchKey key, String debug) {
        this.kernel = kernel;
        this.key = key;
        this.debug = debug;
    }
}
