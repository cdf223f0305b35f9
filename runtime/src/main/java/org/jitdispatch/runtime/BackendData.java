package org.jitdispatch.runtime;

/**
 * The per-tensor state of an external backend whose tensors keep their data outside a CPU storage (a
 * lazy tensor's graph node, a remote buffer), attached with {@link TensorImpl#setBackendData}. The
 * runtime calls it where it would otherwise index a storage.
 */
public interface BackendData {
    /**
     * The tensor's elements as a CPU tensor of the same sizes (what reading {@code item()} or
     * {@code toDoubleArray()} of a backend tensor needs); a lazy backend runs its graph here.
     */
    TensorImpl readOnCpu(TensorImpl tensor);

    /**
     * The state of {@code view}, a view of {@code base} that {@link TensorImpl#asStrided} just made with its
     * own sizes, strides and offset: every view operator of the aten library comes through here, so a
     * backend sees views without implementing each view operator.
     */
    Object viewOf(TensorImpl base, TensorImpl view);
}
