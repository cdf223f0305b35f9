package org.jitdispatch.kernels.iter;

import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorImpl;

/** One operand of a TensorIterator and what the build learned about it (ATen's OperandInfo). */
final class Operand {
    /** The tensor; null for an output that is still to be allocated. */
    TensorImpl tensor;
    final boolean isOutput;
    /** A 0-dim tensor standing for a Scalar: lowest priority in type promotion. */
    final boolean wrappedNumber;
    /** An output that is also an input (in-place): it may not be resized. */
    boolean isReadWrite;
    /** An existing output of the wrong shape that set_output will resize. */
    boolean willResize;
    /** The dtype the operand should have: the tensor's, or (outputs to allocate) the computed one. */
    ScalarType targetDtype;
    /** The dtype the tensor has (null while there is no tensor). */
    ScalarType currentDtype;
    Device device;
    /**
     * Element strides per iteration dimension: first in the tensor's dimension order (broadcast
     * dimensions 0), then permuted so that dimension 0 moves fastest, then coalesced. Null while unknown
     * (an output to allocate or resize).
     */
    long[] strides;

    Operand(TensorImpl tensor, boolean isOutput, boolean wrappedNumber) {
        this.tensor = tensor;
        this.isOutput = isOutput;
        this.wrappedNumber = wrappedNumber;
        if (tensor != null) {
            this.targetDtype = tensor.dtype();
            this.currentDtype = tensor.dtype();
            this.device = tensor.device();
        }
    }
}
