package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.structured.StructuredMeta;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * The multi-label hinge loss, as ATen 1.13's LossMultiLabelMargin.cpp: each sample's target row lists its classes,
 * ended by the first -1, and the loss is {@code sum over its classes j and the other classes i of max(0, 1 - (x[j] -
 * x[i])) / C}. The forward also returns {@code is_target} (1 at each sample's target classes), which the backward
 * reads rather than recomputes. {@code reduction}: 0 none, 1 mean, anything else sum (ATen does not check it).
 *
 * <p>The meta functions make ATen's checks in its order; ATen makes them in its kernels after resizing the outputs,
 * here they come first, so that a failing out= call leaves its tensors untouched.
 */
public final class MultiLabelMargin implements MultiLabelMarginDeclarations {
    private static final long NONE = 0;
    private static final long MEAN = 1;

    @Override
    public Tensor multilabel_margin_loss(Tensor self, Tensor target, long reduction) {
        return Torch.multilabel_margin_loss_forward(self, target, reduction)[0];
    }

    @Override
    public Tensor multilabel_margin_loss_out(Tensor self, Tensor target, long reduction, Tensor out) {
        Tensor isTarget = Torch.empty(new long[] {0}, self.dtype());
        return Torch.multilabel_margin_loss_forward_out(out, isTarget, self, target, reduction)[0];
    }

    @Override
    public void meta_multilabel_margin_loss_forward(StructuredMeta op, Tensor self, Tensor target, long reduction) {
        Frames f = Frames.check(self, target, 2);
        // a loss per sample only for a batch of them; a single sample's loss is 0-dim even unreduced
        long[] outputSizes = reduction != NONE || target.dim() <= 1 ? new long[0] : new long[] {f.count};
        // an out= output about to be resized must not be an input: the resize would change what the kernel reads
        MemOverlap.assertResizedOutOverlapsNoInput(op.maybeGetOutput(0), outputSizes, self, target);
        MemOverlap.assertResizedOutOverlapsNoInput(op.maybeGetOutput(1), target.sizes(), self, target);
        op.setOutputRawStrided(0, outputSizes, null, self.dtype(), self.device());
        op.setOutputRawStrided(1, target.sizes(), null, self.dtype(), self.device());
        if (self.numel() == 0) {
            return; // ATen returns before checking anything else
        }
        checkTargetRange(target, 2, f.classes);
        floating(self, "multilabel_margin_loss_forward_out_frame");
        expectScalarType(target, ScalarType.Int64);
    }

    @Override
    public void forward_out_cpu(StructuredMeta op, Tensor self, Tensor target, long reduction, Tensor output,
            Tensor isTarget) {
        Frames f = Frames.of(self);
        double[] marks = new double[Math.toIntExact(target.numel())];
        if (self.numel() == 0) {
            // ATen leaves a reduced output unwritten here; the kernel's own arithmetic gives 0 / 0 for a mean
            isTarget.zero_();
            output.fill_(Scalar.of(reduction == MEAN && self.dtype().isFloatingPoint() ? Double.NaN : 0.0));
            return;
        }
        MarginFrames frames = new MarginFrames(self, target, f, self.dtype() == ScalarType.Float32);
        if (reduction != NONE || output.dim() == 0) {
            double sum = 0; // accumulated in double, as ATen's acc_type
            for (int t = 0; t < f.count; t++) {
                sum += frames.hingeSum(t, marks);
            }
            sum /= f.classes;
            if (reduction == MEAN) {
                sum /= f.count;
            }
            output.fill_(Scalar.of(frames.round(sum)));
        } else {
            double[] losses = new double[f.count];
            for (int t = 0; t < f.count; t++) {
                losses[t] = frames.round(frames.round(frames.hingeSum(t, marks)) / f.classes);
            }
            output.copy_(Torch.tensor(losses, f.count));
        }
        isTarget.copy_(Torch.tensor(marks, marks.length).view(target.sizes()));
    }

    @Override
    public void meta_multilabel_margin_loss_backward(StructuredMeta op, Tensor gradOutput, Tensor self, Tensor target,
            long reduction, Tensor isTarget) {
        Frames f = Frames.check(self, target, 3);
        if (!Arrays.equals(target.sizes(), isTarget.sizes())) {
            throw new IllegalArgumentException("Expected tensor for argument #3 'target' to have same size as tensor for"
                    + " argument #5 'is_target'; but " + Arrays.toString(target.sizes()) + " does not equal "
                    + Arrays.toString(isTarget.sizes())
                    + " (while checking arguments for multilabel_margin_loss_backward_cpu_template)");
        }
        op.setOutputRawStrided(0, self.sizes(), null, self.dtype(), self.device());
        if (self.numel() == 0) {
            return;
        }
        checkTargetRange(target, 3, f.classes);
        floating(self, "multilabel_margin_loss_backward_out_frame");
        if (!isTarget.isMeta() && isTarget.numel() > 0) {
            double least = Torch.min(isTarget).item().toDouble();
            double most = Torch.max(isTarget).item().toDouble();
            if (!(least >= 0) || !(most <= 1)) {
                throw new IllegalArgumentException("argument #5 'is_target' is out of range");
            }
        }
        expectScalarType(target, ScalarType.Int64);
        expectScalarType(isTarget, self.dtype());
        if (reduction != NONE || gradOutput.dim() == 0) {
            if (gradOutput.numel() == 0) { // ATen reads its first element regardless
                throw new IllegalArgumentException("Expected a grad_output tensor with at least one element, but got: "
                        + Arrays.toString(gradOutput.sizes()));
            }
        } else if (gradOutput.dim() != 1 || gradOutput.size(0) != f.count) {
            throw new IllegalArgumentException("Expected a tensor of dimension 1 and tensor.size[0] == " + f.count
                    + " but got: dimension " + gradOutput.dim() + " and tensor.size[0] = " + gradOutput.size(0));
        }
        expectScalarType(gradOutput, self.dtype());
    }

    /**
     * Each positive hinge term moves {@code 1 / C} (over the batch too for a mean) of gradient from the target class
     * to the other class, then everything is scaled by grad_output: its first element when the loss was reduced,
     * else each sample's own.
     */
    @Override
    public void backward_out_cpu(StructuredMeta op, Tensor gradOutput, Tensor self, Tensor target, long reduction,
            Tensor isTarget, Tensor gradInput) {
        if (self.numel() == 0) {
            return;
        }
        Frames f = Frames.of(self);
        MarginFrames frames = new MarginFrames(self, target, f, self.dtype() == ScalarType.Float32);
        double g = frames.round(reduction == MEAN ? 1.0 / ((double) f.count * f.classes) : 1.0 / f.classes);
        double[] grad = frames.hingeGradient(isTarget.toDoubleArray(), g);
        double[] upstream = gradOutput.toDoubleArray();
        boolean reduced = reduction != NONE || gradOutput.dim() == 0;
        for (int i = 0; i < grad.length; i++) {
            grad[i] = frames.round(grad[i] * upstream[reduced ? 0 : i / f.classes]);
        }
        gradInput.copy_(Torch.tensor(grad, grad.length).view(self.sizes()));
    }

    // ---------------------------------------------------------------- checks

    private static void checkTargetRange(Tensor target, int position, long classes) {
        if (target.isMeta() || target.numel() == 0) {
            return;
        }
        if (Torch.min(target).item().toDouble() < -1 || Torch.max(target).item().toDouble() >= classes) {
            throw new IllegalArgumentException("argument #" + position + " 'target' is out of range");
        }
    }

    private static void floating(Tensor self, String kernel) {
        ScalarType dtype = self.dtype();
        if (dtype != ScalarType.Float32 && dtype != ScalarType.Float64) {
            throw Elementwise.notImplemented(kernel, dtype);
        }
    }

    private static void expectScalarType(Tensor t, ScalarType dtype) {
        if (t.dtype() != dtype) {
            throw new IllegalArgumentException("expected scalar type " + dtype.c10Name() + " but found "
                    + t.dtype().c10Name());
        }
    }

    /** The input as {@code count} samples of {@code classes} scores: a vector is one sample, a 0-dim tensor one score. */
    private static final class Frames {
        final int count;
        final int classes;

        private Frames(int count, int classes) {
            this.count = count;
            this.classes = classes;
        }

        static Frames of(Tensor self) {
            int nd = self.dim();
            return nd <= 1 ? new Frames(1, nd == 0 ? 1 : (int) self.size(0))
                    : new Frames((int) self.size(0), (int) self.size(1));
        }

        /** ATen's multilabel_margin_loss_shape_check; {@code position} is the target's argument number. */
        static Frames check(Tensor self, Tensor target, int position) {
            int nd = self.dim();
            if (!(nd == 2 && self.size(1) != 0 || nd == 1 && self.size(0) != 0 || nd == 0)) {
                throw new IllegalArgumentException("Expected non-empty vector or matrix with optional 0-dim batch size,"
                        + " but got: " + Arrays.toString(self.sizes()));
            }
            Frames f = of(self);
            boolean consistent = nd <= 1 ? target.dim() <= 1 && target.numel() == f.classes
                    : target.dim() == 2 && target.size(0) == f.count && target.size(1) == f.classes;
            if (!consistent) {
                throw new IllegalArgumentException("inconsistent size " + Arrays.toString(target.sizes())
                        + " for argument #" + position + " 'target'");
            }
            return f;
        }
    }

    /** The scores and target rows of a checked call, with the hinge sums and gradients ATen's loops compute. */
    private static final class MarginFrames {
        private final double[] input;
        private final long[] target;
        private final int classes;
        private final boolean float32;

        MarginFrames(Tensor self, Tensor target, Frames f, boolean float32) {
            this.input = self.toDoubleArray();
            this.target = target.toLongArray();
            this.classes = f.classes;
            this.float32 = float32;
        }

        /**
         * Sample {@code t}'s {@code sum of max(0, 1 - x[j] + x[i])} over its target classes j (up to the first -1)
         * and its other classes i, marking its target classes in {@code marks}; the terms in the input's dtype, their
         * sum in double.
         */
        double hingeSum(int t, double[] marks) {
            int row = t * classes;
            for (int k = 0; k < classes && target[row + k] >= 0; k++) {
                marks[row + (int) target[row + k]] = 1;
            }
            double sum = 0;
            for (int k = 0; k < classes && target[row + k] >= 0; k++) {
                double chosen = input[row + (int) target[row + k]];
                for (int d = 0; d < classes; d++) {
                    if (marks[row + d] == 0) {
                        double z = round(round(1 - chosen) + input[row + d]);
                        if (z > 0) {
                            sum += z;
                        }
                    }
                }
            }
            return sum;
        }

        /** The gradient of the summed hinge terms, {@code g} per positive term, with the given target marks. */
        double[] hingeGradient(double[] marks, double g) {
            double[] grad = new double[input.length];
            for (int row = 0; row < input.length; row += classes) {
                for (int k = 0; k < classes && target[row + k] >= 0; k++) {
                    int j = row + (int) target[row + k];
                    double chosen = input[j];
                    for (int d = 0; d < classes; d++) {
                        if (marks[row + d] == 0) {
                            double z = round(round(1 - chosen) + input[row + d]);
                            if (z > 0) {
                                grad[j] = round(grad[j] - g);
                                grad[row + d] = round(grad[row + d] + g);
                            }
                        }
                    }
                }
            }
            return grad;
        }

        double round(double v) {
            return float32 ? (float) v : v;
        }
    }
}
