package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.autograd.Autograd;
import org.jitdispatch.kernels.structured.StructuredMeta;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;

/**
 * Losses, as PyTorch 1.13's Loss.cpp and LossNLL.cpp: mse_loss, the structured nll_loss_forward (two
 * outputs, the loss and the total weight) and nll_loss_backward with ATen's CPU loops, and the composite
 * nll_loss, nll_loss_nd, cross_entropy_loss (class indices or probabilities, label smoothing,
 * ignore_index) and binary_cross_entropy_with_logits.
 *
 * <p>{@code reduction} is at::Reduction's: 0 none, 1 mean, 2 sum; any other value is refused (PyTorch's
 * kernels treat it as a sum). ATen checks the dtypes and the target's values in its kernels, after out=
 * tensors have been resized; the meta functions check them here, so that a failing call leaves its
 * tensors untouched.
 */
public final class Loss implements LossDeclarations {
    private static final long NONE = 0;
    private static final long MEAN = 1;
    private static final long SUM = 2;

    // ---------------------------------------------------------------- mse_loss

    @Override
    public Tensor mse_loss(Tensor self, Tensor target, long reduction) {
        checkReduction(reduction);
        ScalarType dtype = Elementwise.resultType(self, target);
        if (!dtype.isFloatingPoint()) {
            throw Elementwise.notImplemented("mse_cpu", dtype);
        }
        Tensor difference = self.sub(target);
        // squared in place: the difference is this kernel's own tensor (autograd records mse_loss, not its parts)
        return reduced(difference.mul_(difference), reduction);
    }

    @Override
    public Tensor mse_loss_out(Tensor self, Tensor target, long reduction, Tensor out) {
        return ResultIntoOut.castingCopy(mse_loss(self, target, reduction), out);
    }

    /** ATen's mse_backward kernel: {@code norm * (self - target) * grad_output}, norm 2 (over numel for a mean). */
    @Override
    public Tensor mse_loss_backward(Tensor gradOutput, Tensor self, Tensor target, long reduction) {
        checkReduction(reduction);
        double norm = reduction == MEAN ? 2.0 / self.numel() : 2.0;
        return self.sub(target).mul(Scalar.of(norm)).mul(gradOutput);
    }

    // ---------------------------------------------------------------- nll_loss

    @Override
    public Tensor nll_loss(Tensor self, Tensor target, Tensor weight, long reduction, long ignoreIndex) {
        return Torch.nll_loss_forward(self, target, weight, reduction, ignoreIndex)[0];
    }

    /** nll_loss over any number of dims: the classes are dim 1; more than two dims are flattened to two. */
    @Override
    public Tensor nll_loss_nd(Tensor self, Tensor target, Tensor weight, long reduction, long ignoreIndex) {
        if (self.dim() < 1) {
            throw new IllegalArgumentException("Expected 1 or more dimensions (got " + self.dim() + ")");
        }
        if (self.dim() != 1 && self.size(0) != target.size(0)) {
            throw new IllegalArgumentException("Expected input batch_size (" + self.size(0) + ") to match target batch_size ("
                    + target.size(0) + ").");
        }
        if (self.dim() <= 2) {
            return Torch.nll_loss(self, target, weight, reduction, ignoreIndex);
        }
        // 1.13 computes these through nll_loss2d, whose autograd kernel refuses a weight that requires grad before its
        // own checks (a 4-D input's target sizes) and after nll_loss_nd's (any other input's target sizes)
        if (self.dim() == 4) {
            Autograd.checkNoRequiresGrad(weight, "weight", "nll_loss2d_forward");
        }
        long[] outSize = spatialSizes(self, target);
        Autograd.checkNoRequiresGrad(weight, "weight", "nll_loss2d_forward");
        Tensor loss = Torch.nll_loss(classesLast(self), target.reshape(-1), weight, reduction, ignoreIndex);
        return reduction == NONE ? loss.view(outSize) : loss;
    }

    /** TORCH_META_FUNC(nll_loss_forward), with the dtype and target checks ATen's kernel makes. */
    @Override
    public void meta_nll_loss_forward(StructuredMeta op, Tensor self, Tensor target, Tensor weight, long reduction,
            long ignoreIndex) {
        checkNllArguments(self, target, weight, reduction, ignoreIndex);
        long nClasses = self.size(-1);
        if (weight != null && !(weight.dim() == 1 && weight.numel() == nClasses)) {
            throw new IllegalArgumentException("weight tensor should be defined either for all " + nClasses
                    + " classes or no classes but got weight tensor of shape: " + Arrays.toString(weight.sizes()));
        }
        long[] outputSizes = reduction == NONE && self.dim() == 2 ? new long[] {self.size(0)} : new long[0];
        op.setOutputRawStrided(0, outputSizes, null, self.dtype(), self.device());
        op.setOutputRawStrided(1, new long[0], null, self.dtype(), self.device());
    }

    @Override
    public void nll_loss_forward_out_cpu(StructuredMeta op, Tensor self, Tensor target, Tensor weight, long reduction,
            long ignoreIndex, Tensor output, Tensor totalWeight) {
        NllFrame f = NllFrame.of(self, target, weight);
        if (reduction == NONE && self.dim() == 2) {
            double[] losses = new double[f.batch];
            for (int b = 0; b < f.batch; b++) {
                long t = f.target[b];
                losses[b] = t == ignoreIndex ? 0 : -f.input(b, t) * f.weight(t);
            }
            output.copy_(Torch.tensor(losses));
            totalWeight.fill_(Scalar.of(0.0));
            return;
        }
        if (f.batch == 0 || self.numel() == 0) {
            output.fill_(Scalar.of(reduction == MEAN ? Double.NaN : 0.0));
            totalWeight.fill_(Scalar.of(0.0));
            return;
        }
        double[] sums = f.cascadeSums(ignoreIndex);
        double loss = reduction == MEAN ? f.round(f.round(sums[0]) / f.round(sums[1])) : sums[0];
        output.fill_(Scalar.of(f.round(loss)));
        totalWeight.fill_(Scalar.of(f.round(sums[1])));
    }

    /** TORCH_META_FUNC(nll_loss_backward): grad_input has self's sizes; grad_output one value or one per sample. */
    @Override
    public void meta_nll_loss_backward(StructuredMeta op, Tensor gradOutput, Tensor self, Tensor target, Tensor weight,
            long reduction, long ignoreIndex, Tensor totalWeight) {
        checkNllArguments(self, target, weight, reduction, ignoreIndex);
        if (totalWeight.numel() != 1) {
            throw new IllegalArgumentException("expected total_weight to be a  single element tensor, got: "
                    + Arrays.toString(totalWeight.sizes()) + " (" + totalWeight.numel() + " elements)");
        }
        if (weight != null && weight.numel() != self.size(-1)) {
            throw new IllegalArgumentException("weight tensor should be defined either for all or no classes");
        }
        if (reduction == NONE && self.dim() == 2) {
            long batch = self.size(0);
            if (gradOutput.dim() != 1 || gradOutput.size(0) != batch) {
                throw new IllegalArgumentException("Expected a tensor of dimension 1 and tensor.size[0] == " + batch
                        + " but got: dimension " + gradOutput.dim() + " and tensor.size[0] = "
                        + (gradOutput.dim() == 0 ? 1 : gradOutput.size(0)));
            }
        } else if (gradOutput.dim() > 1 || gradOutput.numel() != 1) {
            throw new IllegalArgumentException("Expected a single element grad_output tensor, but got: "
                    + Arrays.toString(gradOutput.sizes()));
        }
        for (Tensor t : new Tensor[] {gradOutput, totalWeight}) {
            if (t.dtype() != self.dtype()) {
                throw new IllegalArgumentException("expected scalar type " + self.dtype().c10Name() + " but found "
                        + t.dtype().c10Name());
            }
        }
        op.setOutputRawStrided(0, self.sizes(), null, self.dtype(), self.device());
    }

    @Override
    public void nll_loss_backward_out_cpu(StructuredMeta op, Tensor gradOutput, Tensor self, Tensor target, Tensor weight,
            long reduction, long ignoreIndex, Tensor totalWeight, Tensor gradInput) {
        NllFrame f = NllFrame.of(self, target, weight);
        double[] grads = gradOutput.contiguous().toDoubleArray();
        if (gradInput.isContiguous()) {
            // zeros, and one value a sample written in place: no input-sized double array and copy
            gradInput.zero_();
            Storage into = gradInput.storage();
            long base = gradInput.storageOffset();
            double grad = reduction == NONE && self.dim() == 2 ? 0
                    : -(reduction == MEAN ? f.round(grads[0] / totalWeight.toDoubleArray()[0]) : grads[0]);
            for (int b = 0; b < f.batch; b++) {
                long t = f.target[b];
                if (t != ignoreIndex) {
                    double value = reduction == NONE && self.dim() == 2 ? -f.weight(t) * grads[b] : f.weight(t) * grad;
                    into.setDouble(base + f.index(b, t), value);
                }
            }
            return;
        }
        double[] values = new double[Math.toIntExact(self.numel())];
        if (reduction == NONE && self.dim() == 2) {
            for (int b = 0; b < f.batch; b++) {
                long t = f.target[b];
                if (t != ignoreIndex) {
                    values[f.index(b, t)] = -f.weight(t) * grads[b];
                }
            }
        } else {
            double total = totalWeight.toDoubleArray()[0];
            double grad = -(reduction == MEAN ? f.round(grads[0] / total) : grads[0]);
            for (int b = 0; b < f.batch; b++) {
                long t = f.target[b];
                if (t != ignoreIndex) {
                    values[f.index(b, t)] = f.weight(t) * grad;
                }
            }
        }
        gradInput.copy_(Torch.tensor(values).view(self.sizes()));
    }

    // ---------------------------------------------------------------- cross_entropy_loss

    @Override
    public Tensor cross_entropy_loss(Tensor self, Tensor target, Tensor weight, long reduction, long ignoreIndex,
            double labelSmoothing) {
        checkReduction(reduction);
        int classDim = self.dim() == 1 ? 0 : 1;
        if (self.sameSizes(target)) { // class probabilities
            if (!target.dtype().isFloatingPoint()) {
                throw new IllegalArgumentException("Expected floating point type for target with class probabilities, got "
                        + target.dtype().c10Name());
            }
            if (ignoreIndex >= 0) {
                throw new IllegalArgumentException("ignore_index is not supported for floating point target");
            }
            return crossEntropyWithProbabilities(self, target, weight, reduction, labelSmoothing, classDim);
        }
        if (labelSmoothing > 0.0) {
            checkLabelSmoothing(labelSmoothing);
            return crossEntropyWithLabelSmoothing(self, target, weight, reduction, ignoreIndex, labelSmoothing, classDim);
        }
        return Torch.nll_loss_nd(self.log_softmax(classDim, self.dtype()), target, weight, reduction, ignoreIndex);
    }

    private static Tensor crossEntropyWithProbabilities(Tensor self, Tensor target, Tensor weight, long reduction,
            double labelSmoothing, int classDim) {
        long nClasses = self.size(classDim);
        if (weight != null && !(weight.dim() == 1 && weight.numel() == nClasses)) {
            throw new IllegalArgumentException("cross_entropy: weight tensor should be defined either for all " + nClasses
                    + " classes or no classes but got weight tensor of shape: " + Arrays.toString(weight.sizes()));
        }
        Tensor input = self.log_softmax(classDim, self.dtype());
        if (labelSmoothing > 0.0) {
            checkLabelSmoothing(labelSmoothing);
            target = target.mul(Scalar.of(1 - labelSmoothing)).add(Scalar.of(labelSmoothing / nClasses));
        }
        Tensor products = input.mul(target);
        if (weight != null) {
            products = products.mul(input.dim() > 1 ? weight.view(classShape(input.dim(), 1, weight.size(0))) : weight);
        }
        if (reduction == NONE) {
            return Torch.sum(products, new long[] {classDim}, false, null).neg();
        }
        Tensor total = products.sum().neg();
        if (reduction == SUM) {
            return total;
        }
        return input.numel() == 0 ? total.fill_(Scalar.of(Double.NaN)) : total.div(Scalar.of(input.numel() / nClasses));
    }

    private static Tensor crossEntropyWithLabelSmoothing(Tensor self, Tensor target, Tensor weight, long reduction,
            long ignoreIndex, double labelSmoothing, int classDim) {
        Tensor input = self.log_softmax(classDim, self.dtype());
        Tensor nll = Torch.nll_loss_nd(input, target, weight, reduction, ignoreIndex);
        long nClasses = input.size(classDim);
        Tensor ignored = target.eq(Scalar.of(ignoreIndex));
        Tensor weighted = weight == null ? input
                : input.mul(weight.view(classShape(input.dim(), classDim, weight.size(0))));
        Tensor smooth = Torch.sum(weighted, new long[] {classDim}, false, null).neg();
        smooth = Torch.where(ignored, Torch.zeros_like(smooth), smooth);
        Tensor ret;
        if (reduction == MEAN) {
            // normalized by the weights of the samples counted, as nll_loss_nd is
            Tensor normalizer = weight != null
                    ? Torch.nll_loss_forward(classesLast(input), input.dim() == 1 ? target : target.reshape(-1), weight,
                            SUM, ignoreIndex)[1]
                    : target.ne(Scalar.of(ignoreIndex)).sum();
            ret = smooth.sum().div(normalizer);
        } else {
            ret = reduction == SUM ? smooth.sum() : smooth;
        }
        return nll.mul(Scalar.of(1 - labelSmoothing)).add(ret.mul(Scalar.of(labelSmoothing / nClasses)));
    }

    // ---------------------------------------------------------------- binary_cross_entropy_with_logits

    /**
     * {@code (1 - target) * x + log_weight * (log(exp(-m) + exp(-x - m)) + m)} with {@code m = max(-x, 0)},
     * ATen's numerically stable form, {@code log_weight = 1 + (pos_weight - 1) * target} (1 without pos_weight).
     */
    @Override
    public Tensor binary_cross_entropy_with_logits(Tensor self, Tensor target, Tensor weight, Tensor posWeight,
            long reduction) {
        // 1.13's derivatives.yaml has no formula for these two: its autograd kernel refuses them first
        Autograd.checkNoRequiresGrad(weight, "weight", "binary_cross_entropy_with_logits");
        Autograd.checkNoRequiresGrad(posWeight, "pos_weight", "binary_cross_entropy_with_logits");
        checkReduction(reduction);
        // ATen computes the loss in place into (1 - target), so an input that would broadcast target to a larger
        // shape is that in-place op's error
        ElementwiseComposites.checkInPlaceShape(target, self.sizes());
        Tensor maxVal = Torch.clamp(self.neg(), Scalar.of(0), null);
        Tensor logTerm = maxVal.neg().exp().add(self.neg().sub(maxVal).exp()).log();
        Tensor oneMinusTarget = target.neg().add(Scalar.of(1));
        Tensor loss;
        if (posWeight != null) {
            Tensor logWeight = posWeight.sub(Scalar.of(1)).mul(target).add(Scalar.of(1));
            loss = oneMinusTarget.mul(self).add(logWeight.mul(logTerm.add(maxVal)));
        } else {
            loss = oneMinusTarget.mul(self).add(maxVal).add(logTerm);
        }
        if (weight != null) {
            loss.mul_(weight); // in the input's dtype, as ATen's loss.mul_(weight)
        }
        return reduced(loss, reduction); // a reduction other than mean or sum leaves it unreduced, as in ATen
    }

    // ---------------------------------------------------------------- helpers

    private static void checkReduction(long reduction) {
        if (reduction != NONE && reduction != MEAN && reduction != SUM) {
            throw new IllegalArgumentException("reduction must be 0 (none), 1 (mean) or 2 (sum), but got " + reduction);
        }
    }

    private static void checkLabelSmoothing(double labelSmoothing) {
        if (labelSmoothing > 1.0) {
            throw new IllegalArgumentException("label_smoothing must be between 0.0 and 1.0. Got: "
                    + Scalar.of(labelSmoothing));
        }
    }

    private static Tensor reduced(Tensor loss, long reduction) {
        return reduction == MEAN ? loss.mean() : reduction == SUM ? loss.sum() : loss;
    }

    /**
     * {@code [1, classes, 1, ...]}: a per-class weight broadcast along the class dim of an {@code nd}-dim input
     * (dim 1, or dim 0 of an input without a batch dim).
     */
    private static long[] classShape(int nd, int classDim, long classes) {
        long[] shape = new long[nd];
        Arrays.fill(shape, 1);
        shape[classDim] = classes;
        return shape;
    }

    /** {@code [N, C, d1, ...]} as {@code [N * d1 * ..., C]}: the classes last, one row per position. */
    private static Tensor classesLast(Tensor input) {
        if (input.dim() <= 2) {
            return input;
        }
        long[] order = new long[input.dim()];
        order[0] = 0;
        for (int d = 2; d < input.dim(); d++) {
            order[d - 1] = d;
        }
        order[input.dim() - 1] = 1;
        return input.permute(order).reshape(-1, input.size(1));
    }

    /** nll_loss_nd's output sizes for reduction none, {@code [N, d1, ...]}, after checking the target's. */
    private static long[] spatialSizes(Tensor self, Tensor target) {
        long[] sizes = self.sizes();
        if (sizes.length == 4) {
            // 1.13 sends a 4-D input to nll_loss2d unchanged: its checks and messages
            if (target.dim() != 3) {
                throw new IllegalArgumentException("only batches of spatial targets supported (3D tensors) but got targets"
                        + " of dimension: " + target.dim());
            }
            if (!(sizes[0] == target.size(0) && sizes[2] == target.size(1) && sizes[3] == target.size(2))) {
                throw new IllegalArgumentException("size mismatch (got input: " + Arrays.toString(sizes) + " , target: "
                        + Arrays.toString(target.sizes()));
            }
        }
        long[] out = new long[sizes.length - 1];
        out[0] = sizes[0];
        System.arraycopy(sizes, 2, out, 1, sizes.length - 2);
        long[] targetSizes = target.sizes();
        if (!Arrays.equals(Arrays.copyOfRange(targetSizes, 1, targetSizes.length),
                Arrays.copyOfRange(sizes, 2, sizes.length))) {
            throw new IllegalArgumentException("Expected target size " + Arrays.toString(out) + ", got "
                    + Arrays.toString(targetSizes));
        }
        return out;
    }

    /** The checks nll_loss_forward and nll_loss_backward share: shapes, dtypes and (on the CPU) the targets. */
    private static void checkNllArguments(Tensor self, Tensor target, Tensor weight, long reduction, long ignoreIndex) {
        checkReduction(reduction);
        if (!(self.dim() > 0 && self.dim() <= 2)) {
            throw new IllegalArgumentException("input tensor should be 1D or 2D");
        }
        if (target.dim() > 1) {
            throw new IllegalArgumentException("0D or 1D target tensor expected, multi-target not supported");
        }
        boolean noBatchDim = self.dim() == 1 && target.dim() == 0;
        if (!(noBatchDim || self.size(0) == target.size(0))) {
            throw new IllegalArgumentException("size mismatch (got input: " + Arrays.toString(self.sizes()) + ", target: "
                    + Arrays.toString(target.sizes()) + ")");
        }
        if (!self.dtype().isFloatingPoint()) {
            throw Elementwise.notImplemented("nll_loss_out_frame", self.dtype());
        }
        if (target.dtype() != ScalarType.Int64) {
            throw new IllegalArgumentException("expected scalar type Long but found " + target.dtype().c10Name());
        }
        if (weight != null && weight.dtype() != self.dtype()) {
            throw new IllegalArgumentException("expected scalar type " + self.dtype().c10Name() + " but found "
                    + weight.dtype().c10Name());
        }
        if (!target.isMeta()) {
            long nClasses = self.size(-1);
            for (long t : target.contiguous().toLongArray()) {
                if (t != ignoreIndex && (t < 0 || t >= nClasses)) {
                    throw new IndexOutOfBoundsException("Target " + t + " is out of bounds.");
                }
            }
        }
    }

    /**
     * The values nll_loss reads: the input as rows of classes, the targets and the class weights, in
     * double, with the input dtype's rounding applied where ATen's float32 arithmetic rounds.
     */
    private static final class NllFrame {
        final int batch;
        final long[] target;
        /** The input's storage, read in place (a contiguous input, or a contiguous copy): one value a sample. */
        private final Storage input;
        private final long inputOffset;
        private final long classes;
        private final double[] weights;
        private final boolean float32;

        private NllFrame(Tensor self, Tensor target, Tensor weight) {
            this.batch = self.dim() == 1 ? 1 : Math.toIntExact(self.size(0));
            this.target = target.contiguous().toLongArray();
            Tensor rows = self.contiguous();
            this.input = rows.storage();
            this.inputOffset = rows.storageOffset();
            this.classes = self.size(-1);
            this.weights = weight == null ? null : weight.contiguous().toDoubleArray();
            this.float32 = self.dtype() == ScalarType.Float32;
        }

        static NllFrame of(Tensor self, Tensor target, Tensor weight) {
            return new NllFrame(self, target, weight);
        }

        double input(int row, long cls) {
            return input.getDouble(inputOffset + index(row, cls));
        }

        /** Where class {@code cls} of sample {@code row} is in the row-major input. */
        int index(int row, long cls) {
            return (int) (row * classes + cls);
        }

        double weight(long cls) {
            return weights == null ? 1.0 : weights[(int) cls];
        }

        double round(double v) {
            return float32 ? (float) v : v;
        }

        /**
         * ATen's cascade sum of the losses and the weights (8 levels of partial sums, each level flushed into
         * the next every {@code 2^level_power} samples), in the input's dtype: {loss, total weight}.
         */
        double[] cascadeSums(long ignoreIndex) {
            final int levels = 8;
            int levelPower = Math.max(4, ceilLog2(batch) / levels);
            long levelMask = (1L << levelPower) - 1;
            double[] weightSums = new double[levels];
            double[] lossSums = new double[levels];
            long ignored = 0;
            for (int b = 0; b < batch; b++) {
                long t = target[b];
                if (t == ignoreIndex) {
                    ignored++;
                    continue;
                }
                double data = input(b, t);
                if (weights != null) {
                    double w = weights[(int) t];
                    lossSums[0] = round(lossSums[0] - round(data * w));
                    weightSums[0] = round(weightSums[0] + w);
                } else {
                    lossSums[0] = round(lossSums[0] - data);
                }
                for (int j = 0; j + 1 < levels; j++) {
                    long mask = levelMask << (j * levelPower);
                    if ((b & mask) != 0) {
                        break;
                    }
                    weightSums[j + 1] = round(weightSums[j + 1] + weightSums[j]);
                    lossSums[j + 1] = round(lossSums[j + 1] + lossSums[j]);
                    weightSums[j] = 0;
                    lossSums[j] = 0;
                }
            }
            double totalWeight = weights == null ? round(batch - ignored) : accumulate(weightSums);
            return new double[] {accumulate(lossSums), totalWeight};
        }

        private double accumulate(double[] partials) {
            double sum = 0;
            for (double p : partials) {
                sum = round(sum + p);
            }
            return sum;
        }

        private static int ceilLog2(int n) {
            return n <= 1 ? 0 : 64 - Long.numberOfLeadingZeros(n - 1L);
        }
    }
    // ---------------------------------------------------------------- l1, smooth l1, huber, kl_div, bce

    /** {@code |self - target|}, reduced (1.13's composite; an integer mean is refused by mean). */
    @Override
    public Tensor l1_loss(Tensor self, Tensor target, long reduction) {
        checkReduction(reduction);
        return reduced(self.sub(target).abs(), reduction);
    }

    /**
     * {@code z < beta ? 0.5 * z * z / beta : z - 0.5 * beta} with {@code z = |self - target|}; beta 0 is the L1
     * loss (ATen's shortcut, also for its gradient).
     */
    @Override
    public Tensor smooth_l1_loss(Tensor self, Tensor target, long reduction, double beta) {
        if (beta < 0) {
            throw new IllegalArgumentException("smooth_l1_loss does not support negative values for beta.");
        }
        requireFloatingLoss(self, target, "smooth_l1_cpu");
        if (beta == 0) {
            return Torch.l1_loss(self, target, reduction);
        }
        checkReduction(reduction);
        Tensor z = self.sub(target).abs();
        Tensor quadratic = z.mul(z).mul(Scalar.of(0.5)).div(Scalar.of(beta));
        Tensor linear = z.sub(Scalar.of(0.5 * beta), Scalar.of(1));
        return reduced(Torch.where(z.lt(Scalar.of(beta)), quadratic, linear), reduction);
    }

    /** {@code z < delta ? 0.5 * z * z : delta * (z - 0.5 * delta)} with {@code z = |self - target|}. */
    @Override
    public Tensor huber_loss(Tensor self, Tensor target, long reduction, double delta) {
        if (!(delta > 0)) {
            throw new IllegalArgumentException("huber_loss does not support non-positive values for delta.");
        }
        requireFloatingLoss(self, target, "huber_cpu");
        checkReduction(reduction);
        Tensor z = self.sub(target).abs();
        Tensor quadratic = z.mul(z).mul(Scalar.of(0.5));
        Tensor linear = z.sub(Scalar.of(0.5 * delta), Scalar.of(1)).mul(Scalar.of(delta));
        return reduced(Torch.where(z.lt(Scalar.of(delta)), quadratic, linear), reduction);
    }

    /**
     * The pointwise KL divergence of 1.13's composite: {@code target * log(target) - target * self} (0 where the
     * target is 0, as xlogy gives), or {@code exp(target) * (target - self)} with {@code log_target}.
     */
    @Override
    public Tensor kl_div(Tensor self, Tensor target, long reduction, boolean logTarget) {
        if (!self.dtype().isFloatingPoint() && !target.dtype().isFloatingPoint()) {
            throw new IllegalArgumentException("kl_div: Integral inputs not supported.");
        }
        checkReduction(reduction);
        Tensor output;
        if (logTarget) {
            output = target.exp().mul(target.sub(self));
        } else {
            Tensor xlogy = Torch.where(target.eq(Scalar.of(0)), Torch.zeros_like(target, Elementwise.resultType(target,
                    target.log()), null, null, null, null), target.mul(target.log()));
            output = xlogy.sub(target.mul(self));
        }
        return reduced(output, reduction);
    }

    /**
     * {@code -w * (t * max(log x, -100) + (1 - t) * max(log(1 - x), -100))}, x in [0, 1] checked first; self
     * and target of one dtype, as ATen's iterator requires.
     */
    @Override
    public Tensor binary_cross_entropy(Tensor self, Tensor target, Tensor weight, long reduction) {
        checkSameDtype(self, target);
        if (!self.dtype().isFloatingPoint()) {
            throw Elementwise.notImplemented("binary_cross_entropy", self.dtype());
        }
        if (self.numel() > 0 && !self.ge(Scalar.of(0)).logical_and(self.le(Scalar.of(1))).all().item().toBoolean()) {
            throw new IllegalArgumentException("all elements of input should be between 0 and 1");
        }
        Scalar floor = Scalar.of(-100);
        Tensor logX = Torch.clamp_min(self.log(), floor);
        Tensor log1mX = Torch.clamp_min(self.neg().log1p(), floor);
        Tensor loss = target.sub(Scalar.of(1), Scalar.of(1)).mul(log1mX).sub(target.mul(logX));
        if (weight != null) {
            loss.mul_(weight); // in the input's dtype, as ATen's loss.mul_(weight)
        }
        return reduced(loss, reduction); // a reduction other than mean or sum leaves it unreduced, as in ATen
    }

    /** binary_cross_entropy's gradient: {@code w * grad * (x - t) / max((1 - x) * x, 1e-12)}. */
    @Override
    public Tensor binary_cross_entropy_backward(Tensor gradOutput, Tensor self, Tensor target, Tensor weight,
            long reduction) {
        Tensor denominator = Torch.clamp_min(self.neg().add(Scalar.of(1), Scalar.of(1)).mul(self), Scalar.of(1e-12));
        Tensor grad = self.sub(target).div(denominator).mul(gradOutput);
        if (weight != null) {
            grad = grad.mul(weight);
        }
        return reduction == MEAN ? grad.div(Scalar.of(self.numel())) : grad;
    }

    private static void checkSameDtype(Tensor self, Tensor other) {
        if (other.dtype() != self.dtype()) {
            throw new IllegalArgumentException("Found dtype " + other.dtype().c10Name() + " but expected "
                    + self.dtype().c10Name());
        }
    }

    private static void requireFloatingLoss(Tensor self, Tensor target, String kernel) {
        ScalarType dtype = Elementwise.resultType(self, target);
        if (!dtype.isFloatingPoint()) {
            throw Elementwise.notImplemented(kernel, dtype);
        }
    }
}
