package org.jitdispatch.kernels;

import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.dispatch.DispatchKey;

/**
 * What generated BackendSelect kernels use to pick a factory's backend (c10's computeDispatchKey): the
 * backend key of the {@code device} argument, CPU when it is absent.
 */
public final class BackendSelection {
    private BackendSelection() {
    }

    /** The key set a factory redispatches with: just the device's backend key. */
    public static long keySetFor(Device device) {
        return device == null ? DispatchKey.CPU.bit() : device.type().backendKey().bit();
    }
}
