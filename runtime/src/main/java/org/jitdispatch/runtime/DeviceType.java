package org.jitdispatch.runtime;

import org.jitdispatch.runtime.dispatch.DispatchKey;

/** Where a tensor lives, with the backend dispatch key its tensors carry. */
public enum DeviceType {
    CPU("cpu", DispatchKey.CPU),
    /** No storage: only sizes, strides and dtype (shape inference). */
    Meta("meta", DispatchKey.Meta),
    /** The external-backend device that lazy tensor backends use. */
    Lazy("lazy", DispatchKey.Lazy),
    /** A second external-backend device for out-of-tree backends. */
    PrivateUse1("privateuseone", DispatchKey.PrivateUse1);

    private final String lowerName;
    private final DispatchKey backendKey;

    DeviceType(String lowerName, DispatchKey backendKey) {
        this.lowerName = lowerName;
        this.backendKey = backendKey;
    }

    /** PyTorch's spelling, e.g. {@code cpu}, {@code meta}. */
    public String lowerName() {
        return lowerName;
    }

    /** The backend dispatch key that tensors on this device carry. */
    public DispatchKey backendKey() {
        return backendKey;
    }

    /**
     * Whether the device belongs to an external backend: its kernels come from a library other than aten's
     * (CPU and Meta kernels are aten's own).
     */
    public boolean isExternal() {
        return this != CPU && this != Meta;
    }

    /** The device whose tensors carry backend key {@code key}, if any. */
    public static java.util.Optional<DeviceType> ofBackendKey(DispatchKey key) {
        for (DeviceType t : values()) {
            if (t.backendKey == key) {
                return java.util.Optional.of(t);
            }
        }
        return java.util.Optional.empty();
    }

    public static DeviceType fromString(String s) {
        for (DeviceType t : values()) {
            if (t.lowerName.equals(s)) {
                return t;
            }
        }
        throw new IllegalArgumentException("Expected one of cpu, meta, lazy, privateuseone device type at start of device string: " + s);
    }
}
