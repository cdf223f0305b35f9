package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorImpl;

/**
 * When an elementwise call may skip TensorIterator, and the output it then writes. The shapes taken are
 * those whose result TensorIterator would give without any of its machinery: CPU operands that are
 * contiguous and of one dtype and one size (TensorIterator's fast set-up), or a dimensioned operand with
 * row-major strides (size-1 dimensions included: other strides there would order the output's
 * dimensions) with a 0-dim one whose dtype does not promote the result (a lower or equal category: {@code x * 2.0} on float32, {@code x + 1}
 * on int32). The result then has the dimensioned operand's sizes and dtype and contiguous strides, as
 * TensorIterator's fast set-up gives it. An operand expanded from one element beside a row-major one of
 * its dtype and sizes is read as that one value, and a row-major operand whose sizes are the trailing
 * sizes of the other's (a bias added to a batch) is read once per run of that many output elements. Wrapped numbers only ever take the 0-dim side: two of them
 * promote by category alone ({@code 2.5 * 2.5} is float32). Anything else (broadcasting between dimensioned operands,
 * promotion, strides, resizing an out=, overlap) is left to TensorIterator, so its checks, errors and
 * warnings stay the only ones.
 */
final class FastOperands {
    private FastOperands() {
    }

    /**
     * The operand whose sizes and dtype the result takes, or null when {@code (self, other)} is not a
     * fast shape, or its dtype is not one of the loops' ({@code floatingOnly}: Float32 and Float64, else
     * Int32 and Int64 too).
     */
    static Tensor binaryResultLike(Tensor self, Tensor other, boolean floatingOnly) {
        if (!onCpu(self) || !onCpu(other)) {
            return null;
        }
        Tensor like;
        if (self.dtype() == other.dtype() && self.isContiguous() && other.isContiguous() && self.sameSizes(other)
                && !self.isWrappedNumber() && !other.isWrappedNumber()) {
            like = self;
        } else if (isExpandedBeside(other, self)) {
            like = self;
        } else if (isExpandedBeside(self, other)) {
            like = other;
        } else if (isRowOf(other, self)) {
            like = self;
        } else if (isRowOf(self, other)) {
            like = other;
        } else if (other.dim() == 0 && outranks(self, other) && self.hasDefaultStrides() && doesNotPromote(other, self)) {
            like = self;
        } else if (self.dim() == 0 && outranks(other, self) && other.hasDefaultStrides() && doesNotPromote(self, other)) {
            like = other;
        } else {
            return null;
        }
        // empty results have nothing to compute, and TensorIterator's strides for them are its own business
        return like.numel() > 0 && hasLoop(like.dtype(), floatingOnly) ? like : null;
    }

    /**
     * The tensor to write: {@code out} itself when it already has the result's sizes and dtype, is
     * contiguous on the CPU and either shares no memory with an input or is that very input (in-place); a
     * new contiguous tensor when {@code out} is null (functional); otherwise null.
     */
    static Tensor output(Tensor out, Tensor like, Tensor self, Tensor other) {
        if (out == null) {
            return new Tensor(like, Storage.allocate(like.dtype(), like.numel()), like.dtype());
        }
        if (out.dtype() != like.dtype() || !onCpu(out) || !out.isContiguous() || !out.sameSizes(like)
                || overlapsPartly(out, self) || overlapsPartly(out, other)) {
            return null;
        }
        return out;
    }

    /** Shares storage without being the same elements (a full overlap, out aliasing an input, is fine). */
    private static boolean overlapsPartly(TensorImpl out, TensorImpl input) {
        return out.storage() == input.storage()
                && (out.storageOffset() != input.storageOffset() || !out.sameSizes(input));
    }

    private static boolean onCpu(TensorImpl t) {
        return t.device().type() == DeviceType.CPU;
    }

    /**
     * Whether {@code expanded} is one element expanded to the sizes of {@code dense}, a row-major operand of
     * the same dtype (sum's gradient beside a saved input): TensorIterator then gives the result dense's
     * strides and reads the one element everywhere.
     */
    private static boolean isExpandedBeside(TensorImpl expanded, TensorImpl dense) {
        return expanded.dim() > 0 && expanded.dtype() == dense.dtype() && dense.hasDefaultStrides()
                && expanded.sameSizes(dense) && ZeroDimValues.isOneValue(expanded);
    }

    /**
     * Whether {@code row} is broadcast along the leading dims of {@code full} (a bias beside a batch of
     * rows, a batch of one row included): both row-major, one dtype, row not a wrapped number, and row's
     * sizes are full's trailing sizes. TensorIterator then gives the result full's sizes and strides, and
     * each run of {@code row.numel()} output elements reads the row once.
     */
    private static boolean isRowOf(TensorImpl row, TensorImpl full) {
        int rd = row.dim();
        int fd = full.dim();
        if (rd == 0 || rd > fd || row.dtype() != full.dtype() || !row.hasDefaultStrides() || !full.hasDefaultStrides()
                || row.isWrappedNumber() || row.numel() > full.numel()) {
            return false;
        }
        for (int d = 1; d <= rd; d++) {
            if (row.size(rd - d) != full.size(fd - d)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether {@code t} gives the result its sizes and dtype beside the 0-dim {@code zeroDim}: a dimensioned
     * tensor does, and so does a 0-dim tensor beside a wrapped number ({@code grad / 2.0} in a backward
     * formula).
     */
    private static boolean outranks(TensorImpl t, TensorImpl zeroDim) {
        return t.dim() > 0 || (zeroDim.isWrappedNumber() && !t.isWrappedNumber());
    }

    /** A 0-dim operand takes part in promotion only when its category is above the dimensioned one's. */
    private static boolean doesNotPromote(TensorImpl zeroDim, TensorImpl dimensioned) {
        return zeroDim.dtype().category().compareTo(dimensioned.dtype().category()) <= 0;
    }

    private static boolean hasLoop(ScalarType dtype, boolean floatingOnly) {
        switch (dtype) {
            case Float32:
            case Float64:
                return true;
            case Int32:
            case Int64:
                return !floatingOnly;
            default:
                return false;
        }
    }
}
