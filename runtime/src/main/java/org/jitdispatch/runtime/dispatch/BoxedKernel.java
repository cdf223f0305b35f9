package org.jitdispatch.runtime.dispatch;

/**
 * A kernel that works on any operator through the argument stack (c10's boxed kernel): it pops the
 * operator's arguments and pushes its returns. Backend fallbacks are boxed kernels.
 */
@FunctionalInterface
public interface BoxedKernel {
    void call(OperatorHandle op, DispatchKeySet keySet, Stack stack);
}
