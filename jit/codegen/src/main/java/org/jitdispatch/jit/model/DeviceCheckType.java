package org.jitdispatch.jit.model;

/**
 * The values of an entry's {@code device_check:} key (torchgen's {@code DeviceCheckType}): whether the
 * generated code checks that all tensor arguments are on the same device before calling a kernel.
 */
public enum DeviceCheckType {
    /** No check: the kernels cope with (or reject) tensors on different devices themselves. */
    NoCheck,
    /** All tensor arguments must be on one device. The default, as in torchgen. */
    ExactSame
}
