package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.ScalarType;

/**
 * The arguments of a CTC loss, checked as ATen 1.13's {@code ctc_loss_cpu} checks them and in its order, and each
 * sample's target sequence read out of either layout: padded ({@code [batch, S]}, sample {@code b}'s labels the
 * first {@code target_lengths[b]} of row {@code b}) or concatenated (1-D, the samples' labels one after another).
 *
 * <p>Where 1.13 reads out of bounds instead of refusing (a negative length, a label outside {@code [0, classes)}),
 * the lengths are refused with later releases' messages and the labels with a message of the same form.
 */
final class CtcTargets {
    private static final String CHECKED_FROM = " (while checking arguments for ctc_loss_cpu)";

    final int inputFrames;
    final int batch;
    final int classes;
    final int blank;
    final long[] inputLengths;
    final long[] targetLengths;
    /** The longest target, which sizes log_alpha's last dim ({@code 2 * maxTargetLength + 1}). */
    final int maxTargetLength;
    private final long[] labels;
    private final int[] offsets;

    private CtcTargets(Tensor logProbs, Tensor targets, long[] inputLengths, long[] targetLengths, long blank) {
        this.inputFrames = Math.toIntExact(logProbs.size(0));
        this.batch = Math.toIntExact(logProbs.size(1));
        this.classes = Math.toIntExact(logProbs.size(2));
        this.blank = (int) blank;
        this.inputLengths = inputLengths;
        this.targetLengths = targetLengths;
        this.labels = targets.toLongArray(); // row-major: a padded row is targets.size(1) long
        this.offsets = new int[batch];
        int longest = 0;
        if (targets.dim() == 1) {
            long position = 0;
            for (int b = 0; b < batch; b++) {
                checkAtLeastZero("target_lengths", targetLengths[b]);
                offsets[b] = (int) Math.min(position, Integer.MAX_VALUE);
                // saturating: lengths that overflow the sum cannot match the targets' size
                position = targetLengths[b] > Long.MAX_VALUE - position ? Long.MAX_VALUE : position + targetLengths[b];
                longest = (int) Math.max(longest, Math.min(targetLengths[b], Integer.MAX_VALUE));
            }
            checkSize(targets, 0, position);
        } else {
            long row = targets.size(1);
            for (int b = 0; b < batch; b++) {
                checkAtLeastZero("target_lengths", targetLengths[b]);
                offsets[b] = (int) (b * row);
                longest = (int) Math.max(longest, Math.min(targetLengths[b], Integer.MAX_VALUE));
            }
            checkSize(targets, 0, batch);
            if (row < longest) {
                throw new IllegalArgumentException("Expected tensor to have size at least " + longest
                        + " at dimension 1, but got size " + row + " for argument #2 'targets'" + CHECKED_FROM);
            }
        }
        this.maxTargetLength = longest;
        for (int b = 0; b < batch; b++) {
            checkAtLeastZero("input_lengths", inputLengths[b]);
            if (inputLengths[b] > inputFrames) {
                throw new IllegalArgumentException("Expected input_lengths to have value at most " + inputFrames
                        + ", but got value " + inputLengths[b] + CHECKED_FROM);
            }
        }
        checkLabels();
    }

    /**
     * Checks the arguments of {@code _ctc_loss} (and of its backward, which 1.13 assumes the forward checked) after
     * the dtype dispatch: targets Long or Int, 3-D log_probs, 1-D or 2-D targets, the blank among the classes, one
     * length per sample, then the layouts' sizes and the lengths' values.
     */
    static CtcTargets check(Tensor logProbs, Tensor targets, long[] inputLengths, long[] targetLengths, long blank) {
        if (targets.dtype() != ScalarType.Int64 && targets.dtype() != ScalarType.Int32) {
            throw new IllegalArgumentException("Expected tensor for argument #2 'targets' to have scalar type Int; but"
                    + " got " + legacyName(targets.dtype()) + " instead" + CHECKED_FROM);
        }
        if (logProbs.dim() != 3) {
            throw new IllegalArgumentException("Expected 3-dimensional tensor, but got " + logProbs.dim()
                    + "-dimensional tensor for argument #1 'log_probs'" + CHECKED_FROM);
        }
        if (targets.dim() < 1 || targets.dim() > 2) {
            throw new IllegalArgumentException("Expected 1 to 2 dimensions, but got " + targets.dim()
                    + "-dimensional tensor for argument #2 'targets'" + CHECKED_FROM);
        }
        if (blank < 0 || blank >= logProbs.size(2)) {
            throw new IllegalArgumentException("blank must be in label range");
        }
        if (inputLengths.length != logProbs.size(1)) {
            throw new IllegalArgumentException("input_lengths must be of size batch_size");
        }
        if (targetLengths.length != logProbs.size(1)) {
            throw new IllegalArgumentException("target_lengths must be of size batch_size");
        }
        return new CtcTargets(logProbs, targets, inputLengths, targetLengths, blank);
    }

    int inputLength(int b) {
        return (int) inputLengths[b];
    }

    int targetLength(int b) {
        return (int) targetLengths[b];
    }

    /**
     * Label {@code s} of sample {@code b}'s augmented target (Graves' l'): a blank before, between and after the
     * labels, so the even positions are blanks and position {@code 2k + 1} is label {@code k}.
     */
    int augmented(int b, int s) {
        return s % 2 == 0 ? blank : (int) labels[offsets[b] + s / 2];
    }

    /** Every label a sample's target length reaches must name a class: 1.13 would read past the row of log_probs. */
    private void checkLabels() {
        for (int b = 0; b < batch; b++) {
            for (int k = 0; k < targetLengths[b]; k++) {
                long label = labels[offsets[b] + k];
                if (label < 0 || label >= classes) {
                    throw new IllegalArgumentException("Expected targets to have values in [0, " + classes
                            + "), but got value " + label + CHECKED_FROM);
                }
            }
        }
    }

    private static void checkAtLeastZero(String name, long value) {
        if (value < 0) {
            throw new IllegalArgumentException("Expected " + name + " to have value at least 0, but got value " + value
                    + CHECKED_FROM);
        }
    }

    private static void checkSize(Tensor targets, int dim, long size) {
        if (targets.size(dim) != size) {
            throw new IllegalArgumentException("Expected tensor to have size " + size + " at dimension " + dim
                    + ", but got size " + targets.size(dim) + " for argument #2 'targets'" + CHECKED_FROM);
        }
    }

    /** The type c10's TensorArg checks print for a CPU tensor of {@code dtype}. */
    private static String legacyName(ScalarType dtype) {
        switch (dtype) {
            case Bool: return "CPUBoolType";
            case BFloat16: return "CPUBFloat16Type";
            default: return "torch." + dtype.c10Name() + "Tensor";
        }
    }
}
