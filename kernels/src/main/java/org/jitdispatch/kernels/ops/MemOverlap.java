package org.jitdispatch.kernels.ops;

import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorGeometry;
import org.jitdispatch.runtime.TensorImpl;

/**
 * ATen's MemoryOverlap checks, which copy_ and cat make before writing: a written tensor must not
 * have several elements at one memory location, and must not partly overlap what it reads. Like ATen
 * these are cheap and conservative: layouts too hard to decide are let through.
 *
 * <p>The checks take a {@link Region} so that an out= kernel can check the geometry its output will
 * have after being resized, before resizing it.
 */
final class MemOverlap {
    private static final String INTERNAL = "unsupported operation: more than one element of the written-to tensor"
            + " refers to a single memory location. Please clone() the tensor before performing the operation.";
    private static final String WITH_INPUT = "unsupported operation: some elements of the input tensor and the"
            + " written-to tensor refer to a single memory location. Please clone() the tensor before performing the"
            + " operation.";

    private MemOverlap() {
    }

    private enum Status { NO, FULL, PARTIAL, TOO_HARD }

    /** The memory a tensor covers: its identity, storage and geometry (possibly one it will have). */
    record Region(Object identity, Storage storage, long[] sizes, long[] strides, long offset) {
        static Region of(TensorImpl t) {
            return new Region(t, t.storage(), t.sizes(), t.strides(), t.storageOffset());
        }

        long numel() {
            return TensorGeometry.numel(sizes);
        }

        boolean nonOverlappingAndDense() {
            // the contiguous test is cheap and decides the common case
            return TensorGeometry.isContiguous(sizes, strides) && numel() > 0
                    || TensorGeometry.isNonOverlappingAndDense(sizes, strides);
        }
    }

    /** at::assert_no_internal_overlap. */
    static void assertNoInternalOverlap(Region t) {
        if (t.nonOverlappingAndDense()) {
            return;
        }
        for (int i = 0; i < t.sizes().length; i++) {
            if (t.strides()[i] == 0 && t.sizes()[i] > 1) {
                throw new IllegalArgumentException(INTERNAL);
            }
        }
    }

    /** at::assert_no_partial_overlap: the same memory exactly is fine (x.copy_(x)). */
    static void assertNoPartialOverlap(Region written, Region read) {
        if (status(written, read) == Status.PARTIAL) {
            throw new IllegalArgumentException(WITH_INPUT);
        }
    }

    /** at::assert_no_overlap: any shared memory is an error. */
    static void assertNoOverlap(Region written, Region read) {
        Status s = status(written, read);
        if (s == Status.PARTIAL || s == Status.FULL) {
            throw new IllegalArgumentException(WITH_INPUT);
        }
    }

    /**
     * Before an out= kernel resizes {@code out} to {@code sizes}: if it will be resized (it is a CPU tensor of
     * other sizes), it must not share memory with any input, since the resize would change what the kernel
     * then reads (out=self would take self's new sizes too). Meta tensors and absent outs are let through.
     */
    static void assertResizedOutOverlapsNoInput(TensorImpl out, long[] sizes, TensorImpl... inputs) {
        if (out == null || out.storage() == null || out.hasSizes(sizes)) {
            return;
        }
        Region written = new Region(out, out.storage(), sizes, TensorGeometry.contiguousStrides(sizes), out.storageOffset());
        for (TensorImpl in : inputs) {
            assertNoOverlap(written, Region.of(in));
        }
    }

    /** get_overlap_status. */
    private static Status status(Region a, Region b) {
        if (a.identity() == b.identity()) {
            return Status.FULL;
        }
        if (a.numel() == 0 || b.numel() == 0) {
            return Status.NO;
        }
        if (!a.nonOverlappingAndDense() || !b.nonOverlappingAndDense()) {
            return Status.TOO_HARD;
        }
        if (a.storage() != null && a.storage() == b.storage()) {
            long aBegin = a.offset();
            long aEnd = aBegin + a.numel();
            long bBegin = b.offset();
            long bEnd = bBegin + b.numel();
            if (aBegin == bBegin && aEnd == bEnd) {
                return java.util.Arrays.equals(a.strides(), b.strides()) ? Status.FULL : Status.PARTIAL;
            }
            if (aBegin < bEnd && bBegin < aEnd) {
                return Status.PARTIAL;
            }
        }
        return Status.NO;
    }
}
