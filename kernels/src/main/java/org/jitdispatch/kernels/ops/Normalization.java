package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.reduce.StridedCopy;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;

/**
 * Layer and batch normalization, as PyTorch 1.13's layer_norm.cpp and Normalization.cpp with the CPU
 * loops of layer_norm_kernel.cpp and batch_norm_kernel.cpp: native_layer_norm (out, mean, rstd) and its
 * backward, native_batch_norm (out, save_mean, save_invstd; in training it updates running_mean and
 * running_var in place with momentum, the variance unbiased) and its backward, and the composite
 * layer_norm and batch_norm.
 *
 * <p>Each kernel runs its checks (shared with its Meta kernel) before it writes anything. Values are
 * computed in double and rounded once to the input's dtype; ATen accumulates float32 in float32 (Welford
 * for the moments), so float32 results agree to about an ulp, not to the bit.
 *
 * <p>Where PyTorch 1.13 crashes or reads past its arguments, these kernels refuse instead: native_batch_norm
 * in evaluation mode without running statistics (a segmentation fault), or training on an input with no
 * values per channel (a division by zero, SIGFPE); weight, bias and running statistics that do not have one
 * value per channel (read out of bounds); native_batch_norm_backward without the statistics it needs or with
 * a grad_out of other sizes than input; native_layer_norm_backward with a grad_out, mean or rstd of the wrong
 * size. native_layer_norm_backward returns no gradient (null) for an absent weight or bias that
 * output_mask asks for (PyTorch fails, "tensor does not have a device").
 */
public final class Normalization implements NormalizationDeclarations {

    // ---------------------------------------------------------------- layer norm

    @Override
    public Tensor layer_norm(Tensor input, long[] normalizedShape, Tensor weight, Tensor bias, double eps,
            boolean cudnnEnable) {
        return Torch.native_layer_norm(input, normalizedShape, weight, bias, eps)[0];
    }

    @Override
    public Tensor[] layer_norm_cpu(Tensor input, long[] normalizedShape, Tensor weight, Tensor bias, double eps) {
        LayerFrame f = LayerFrame.check(input, normalizedShape, weight, bias);
        Tensor[] outs = layerNormOutputs(input, f, Device.CPU);
        if (f.rows == 0) {
            return outs;
        }
        if (FloatLayerNormRows.takes(input, weight, bias)) {
            FloatLayerNormRows.forward(input, weight, bias, eps, f.rows, f.cols, outs);
            return outs;
        }
        double[] x = input.toDoubleArray();
        double[] gamma = weight == null ? null : weight.toDoubleArray();
        double[] beta = bias == null ? null : bias.toDoubleArray();
        boolean float32 = input.dtype() == ScalarType.Float32;
        int n = f.cols;
        double[] y = new double[x.length];
        double[] means = new double[f.rows];
        double[] rstds = new double[f.rows];
        for (int i = 0; i < f.rows; i++) {
            int row = i * n;
            double sum = 0;
            for (int j = 0; j < n; j++) {
                sum += x[row + j];
            }
            double mean = n == 0 ? 0 : sum / n;
            double squares = 0;
            for (int j = 0; j < n; j++) {
                double d = x[row + j] - mean;
                squares += d * d;
            }
            double variance = n == 0 ? 0 : squares / n;
            if (float32) {
                // LayerNormKernelImplInternal in float: rstd = 1 / sqrt(max(var, 0) + eps) and
                // y = (x * rstd - rstd * mean) * gamma + beta, both multiply-adds fused as compiled for AVX2, so a
                // row of equal values gives ATen's rounding residue rather than beta exactly
                float meanFloat = (float) mean;
                float rstdFloat = 1f / (float) Math.sqrt(Math.max((float) variance, 0f) + (float) eps);
                float shift = -rstdFloat * meanFloat;
                for (int j = 0; j < n; j++) {
                    float normalized = Math.fma((float) x[row + j], rstdFloat, shift);
                    y[row + j] = Math.fma(normalized, gamma == null ? 1f : (float) gamma[j],
                            beta == null ? 0f : (float) beta[j]);
                }
                means[i] = meanFloat;
                rstds[i] = rstdFloat;
                continue;
            }
            double rstd = 1 / Math.sqrt(Math.max(variance, 0) + eps);
            for (int j = 0; j < n; j++) {
                double v = (x[row + j] - mean) * rstd;
                if (gamma != null) {
                    v *= gamma[j];
                }
                if (beta != null) {
                    v += beta[j];
                }
                y[row + j] = v;
            }
            means[i] = mean;
            rstds[i] = rstd;
        }
        fill(outs[0], y);
        fill(outs[1], means);
        fill(outs[2], rstds);
        return outs;
    }

    @Override
    public Tensor[] layer_norm_meta(Tensor input, long[] normalizedShape, Tensor weight, Tensor bias, double eps) {
        return layerNormOutputs(input, LayerFrame.check(input, normalizedShape, weight, bias), Device.META);
    }

    @Override
    public Tensor[] layer_norm_backward_cpu(Tensor gradOut, Tensor input, long[] normalizedShape, Tensor mean,
            Tensor rstd, Tensor weight, Tensor bias, boolean[] outputMask) {
        LayerFrame f = LayerFrame.check(input, normalizedShape, weight, bias);
        checkLayerNormBackward(f, gradOut, input, mean, rstd, outputMask);
        Tensor[] outs = layerNormBackwardOutputs(input, weight, bias, outputMask, Device.CPU);
        int m = f.rows;
        int n = f.cols;
        if (FloatLayerNormRows.takesBackward(gradOut, input, mean, rstd, weight)) {
            FloatLayerNormRows.backward(gradOut, input, mean, rstd, weight, m, n, outs);
            return outs;
        }
        double[] dy = gradOut.toDoubleArray();
        double[] x = input.toDoubleArray();
        double[] mu = mean.toDoubleArray();
        double[] rs = rstd.toDoubleArray();
        double[] gamma = weight == null ? null : weight.toDoubleArray();
        double[] dx = new double[x.length];
        double[] dgamma = new double[n];
        double[] dbeta = new double[n];
        // float32's gamma gradient in ATen's float order, dgamma += dy * (rstd * x - rstd * mean) with both
        // multiply-adds fused as its AVX2 kernel's are: a row whose values all equal its mean (a group of one)
        // gives ATen's rounding residue rather than zero
        float[] dgammaFloat = input.dtype() == ScalarType.Float32 ? new float[n] : null;
        for (int i = 0; i < m; i++) {
            int row = i * n;
            double ds = 0;
            double db = 0;
            float rstdFloat = (float) rs[i];
            float shiftFloat = -rstdFloat * (float) mu[i];
            for (int j = 0; j < n; j++) {
                double g = gamma == null ? 1 : gamma[j];
                ds += dy[row + j] * g * x[row + j];
                db += dy[row + j] * g;
                if (dgammaFloat != null) {
                    float normalized = Math.fma(rstdFloat, (float) x[row + j], shiftFloat);
                    dgammaFloat[j] = Math.fma((float) dy[row + j], normalized, dgammaFloat[j]);
                } else {
                    dgamma[j] += dy[row + j] * (x[row + j] - mu[i]) * rs[i];
                }
                dbeta[j] += dy[row + j];
            }
            // ATen's LayerNormBackwardKernel: dx = a * dy * gamma + b * x + c
            double a = rs[i];
            double b = (db * mu[i] - ds) * a * a * a / n;
            double c = -b * mu[i] - db * a / n;
            for (int j = 0; j < n; j++) {
                double g = gamma == null ? 1 : gamma[j];
                dx[row + j] = a * dy[row + j] * g + b * x[row + j] + c;
            }
        }
        if (outs[0] != null) {
            fill(outs[0], dx);
        }
        if (outs[1] != null) {
            if (dgammaFloat != null) {
                for (int j = 0; j < n; j++) {
                    dgamma[j] = dgammaFloat[j];
                }
            }
            fill(outs[1], dgamma);
        }
        if (outs[2] != null) {
            fill(outs[2], dbeta);
        }
        return outs;
    }

    @Override
    public Tensor[] layer_norm_backward_meta(Tensor gradOut, Tensor input, long[] normalizedShape, Tensor mean,
            Tensor rstd, Tensor weight, Tensor bias, boolean[] outputMask) {
        LayerFrame f = LayerFrame.check(input, normalizedShape, weight, bias);
        checkLayerNormBackward(f, gradOut, input, mean, rstd, outputMask);
        return layerNormBackwardOutputs(input, weight, bias, outputMask, Device.META);
    }

    /** Y of input's sizes (contiguous), mean and rstd of input's leading sizes followed by 1s. */
    private static Tensor[] layerNormOutputs(Tensor input, LayerFrame f, Device device) {
        long[] statShape = input.sizes();
        Arrays.fill(statShape, f.axis, statShape.length, 1);
        return new Tensor[] {
            Tensor.FACTORY.empty(input.sizes(), input.dtype(), device),
            Tensor.FACTORY.empty(statShape, input.dtype(), device),
            Tensor.FACTORY.empty(statShape.clone(), input.dtype(), device)};
    }

    private static Tensor[] layerNormBackwardOutputs(Tensor input, Tensor weight, Tensor bias, boolean[] mask,
            Device device) {
        return new Tensor[] {
            mask[0] ? Tensor.FACTORY.empty(input.sizes(), input.dtype(), device) : null,
            mask[1] && weight != null ? Tensor.FACTORY.empty(weight.sizes(), input.dtype(), device) : null,
            mask[2] && bias != null ? Tensor.FACTORY.empty(bias.sizes(), input.dtype(), device) : null};
    }

    private static void checkLayerNormBackward(LayerFrame f, Tensor gradOut, Tensor input, Tensor mean, Tensor rstd,
            boolean[] outputMask) {
        checkMask(outputMask);
        if (!gradOut.sameSizes(input)) {
            throw new IllegalArgumentException("Expected grad_out to have the same sizes as input, but got "
                    + Arrays.toString(gradOut.sizes()) + " and " + Arrays.toString(input.sizes()));
        }
        for (Tensor stat : new Tensor[] {mean, rstd}) {
            if (stat.numel() != f.rows) {
                throw new IllegalArgumentException("Expected " + (stat == mean ? "mean" : "rstd") + " to have "
                        + f.rows + " elements (one per normalized row), but got " + Arrays.toString(stat.sizes()));
            }
        }
        for (Tensor t : new Tensor[] {gradOut, mean, rstd}) {
            checkSameDtype(input, t);
        }
    }

    /** _check_layer_norm_inputs, then the kernel's dtype checks: M rows of N values. */
    private static final class LayerFrame {
        final int axis;
        final int rows;
        final int cols;

        private LayerFrame(int axis, long rows, long cols) {
            this.axis = axis;
            this.rows = Math.toIntExact(rows);
            this.cols = Math.toIntExact(cols);
        }

        static LayerFrame check(Tensor input, long[] normalizedShape, Tensor weight, Tensor bias) {
            String shape = Arrays.toString(normalizedShape);
            if (normalizedShape.length < 1) {
                throw new IllegalArgumentException("Expected normalized_shape to be at least 1-dimensional, i.e., "
                        + "containing at least one element, but got normalized_shape = " + shape);
            }
            if (weight != null && !Arrays.equals(weight.sizes(), normalizedShape)) {
                throw new IllegalArgumentException("Expected weight to be of same shape as normalized_shape, but got "
                        + "weight of shape " + Arrays.toString(weight.sizes()) + " and normalized_shape = " + shape);
            }
            if (bias != null && !Arrays.equals(bias.sizes(), normalizedShape)) {
                throw new IllegalArgumentException("Expected bias to be of same shape as normalized_shape, but got "
                        + "bias of shape " + Arrays.toString(bias.sizes()) + " and normalized_shape = " + shape);
            }
            long[] sizes = input.sizes();
            int axis = sizes.length - normalizedShape.length;
            if (axis < 0 || !Arrays.equals(Arrays.copyOfRange(sizes, axis, sizes.length), normalizedShape)) {
                StringBuilder sb = new StringBuilder("Given normalized_shape=").append(shape)
                        .append(", expected input with shape [*");
                for (long s : normalizedShape) {
                    sb.append(", ").append(s);
                }
                throw new IllegalArgumentException(sb.append("], but got input of size")
                        .append(Arrays.toString(sizes)).toString());
            }
            checkFloating(input, "LayerNormKernelImpl");
            if (weight != null) {
                checkSameDtype(input, weight);
            }
            if (bias != null) {
                checkSameDtype(input, bias);
            }
            long rows = 1;
            for (int d = 0; d < axis; d++) {
                rows *= sizes[d];
            }
            long cols = 1;
            for (int d = axis; d < sizes.length; d++) {
                cols *= sizes[d];
            }
            return new LayerFrame(axis, rows, cols);
        }
    }

    // ---------------------------------------------------------------- batch norm

    @Override
    public Tensor batch_norm(Tensor input, Tensor weight, Tensor bias, Tensor runningMean, Tensor runningVar,
            boolean training, double momentum, double eps, boolean cudnnEnabled) {
        long features = channels(input);
        if (input.numel() == 0) {
            // _batch_norm_impl_index: no statistics of nothing; a new tensor that keeps the gradient chain
            Tensor out = input.clone();
            if (weight != null) {
                out = out.mul(weight.select(0, 0));
            }
            if (bias != null) {
                out = out.add(bias.select(0, 0));
            }
            return out;
        }
        checkBatchNormParameters(features, weight, bias, runningMean, runningVar, training);
        return Torch.native_batch_norm(input, weight, bias, runningMean, runningVar, training, momentum, eps)[0];
    }

    @Override
    public Tensor[] batch_norm_cpu(Tensor input, Tensor weight, Tensor bias, Tensor runningMean, Tensor runningVar,
            boolean training, double momentum, double eps) {
        BatchFrame f = BatchFrame.check(input, weight, bias, runningMean, runningVar, training);
        Tensor[] outs = batchNormOutputs(input, f, training, Device.CPU);
        boolean float32 = input.dtype() == ScalarType.Float32;
        // a contiguous float32 input is read where it is, and its result written into the output, where the
        // general path copies both through double arrays (the same values: each float widens exactly, and
        // the result is rounded to float either way); C2 unswitches the loops on the test
        boolean direct = float32 && input.isContiguous();
        // ATen's all_contiguous: a channels-last input also takes the linear-term formula, and gets a
        // channels-last output
        boolean channelsLast = !input.isContiguous() && channelsLastContiguous(input);
        float[] xs = direct ? input.storage().floats() : null;
        int xOff = direct ? (int) input.storageOffset() : 0;
        double[] x = direct ? null : input.toDoubleArray();
        double[] mean = new double[f.channels];
        double[] invstd = new double[f.channels];
        if (training) {
            double[] varSum = new double[f.channels];
            for (int c = 0; c < f.channels; c++) {
                double sum = 0;
                for (int b = 0; b < f.batch; b++) {
                    int base = (b * f.channels + c) * f.inner;
                    sum += direct ? FloatChannelSums.sum(xs, xOff + base, f.inner) : DoubleChannelSums.sum(x, base, f.inner);
                }
                mean[c] = sum / f.perChannel;
                double squares = 0;
                for (int b = 0; b < f.batch; b++) {
                    int base = (b * f.channels + c) * f.inner;
                    squares += direct ? FloatChannelSums.squaredDeviations(xs, xOff + base, f.inner, mean[c])
                            : DoubleChannelSums.squaredDeviations(x, base, f.inner, mean[c]);
                }
                varSum[c] = squares;
                double variance = squares / f.perChannel;
                invstd[c] = variance == 0 && eps == 0 ? 0 : 1 / Math.sqrt(variance + eps);
            }
            // batch_norm_cpu_update_stats_template: momentum-weighted, the variance unbiased; written directly,
            // as ATen writes through an accessor (no version bump: 1.13's schema does not mark them written)
            if (runningMean != null) {
                double[] old = runningMean.toDoubleArray();
                double[] updated = new double[f.channels];
                for (int c = 0; c < f.channels; c++) {
                    updated[c] = momentum * mean[c] + (1 - momentum) * old[c];
                }
                writeInPlace(runningMean, updated);
            }
            if (runningVar != null) {
                double[] old = runningVar.toDoubleArray();
                double[] updated = new double[f.channels];
                for (int c = 0; c < f.channels; c++) {
                    updated[c] = momentum * varSum[c] / (f.perChannel - 1) + (1 - momentum) * old[c];
                }
                writeInPlace(runningVar, updated);
            }
            fill(outs[1], mean);
            fill(outs[2], invstd);
        } else {
            double[] rm = runningMean.toDoubleArray();
            double[] rv = runningVar.toDoubleArray();
            for (int c = 0; c < f.channels; c++) {
                mean[c] = rm[c];
                invstd[c] = 1 / Math.sqrt(rv[c] + eps);
            }
        }
        double[] gamma = weight == null ? null : weight.toDoubleArray();
        double[] beta = bias == null ? null : bias.toDoubleArray();
        double[] y = direct ? null : new double[x.length];
        float[] ys = direct ? outs[0].storage().floats() : null;
        for (int b = 0; b < f.batch; b++) {
            for (int c = 0; c < f.channels; c++) {
                // batch_norm_cpu_transform_input_template: x * alpha + beta, in float for float32 (as ATen,
                // so that a channel of equal values gives ATen's rounding residue rather than exact zeros)
                int base = (b * f.channels + c) * f.inner;
                if (float32) {
                    // batch_norm_cpu_collect_linear_and_constant_terms, its multiply-add fused as compiled for AVX2
                    float alpha = (float) invstd[c] * (gamma == null ? 1f : (float) gamma[c]);
                    float shift = Math.fma(-(float) mean[c], alpha, beta == null ? 0f : (float) beta[c]);
                    if (direct) {
                        BatchNormLoops.transform(xs, xOff, ys, base, base + f.inner, alpha, shift);
                    } else if (channelsLast) {
                        for (int k = 0; k < f.inner; k++) {
                            y[base + k] = Math.fma((float) x[base + k], alpha, shift);
                        }
                    } else {
                        // an input that is contiguous in no format takes ATen's TensorIterator loop instead,
                        // ((x - mean) * invstd) * weight + bias, its last multiply-add fused
                        float m = (float) mean[c];
                        float is = (float) invstd[c];
                        float w = gamma == null ? 1f : (float) gamma[c];
                        float biasOf = beta == null ? 0f : (float) beta[c];
                        for (int k = 0; k < f.inner; k++) {
                            y[base + k] = Math.fma(((float) x[base + k] - m) * is, w, biasOf);
                        }
                    }
                } else {
                    double alpha = invstd[c] * (gamma == null ? 1 : gamma[c]);
                    double shift = (beta == null ? 0 : beta[c]) - mean[c] * alpha;
                    for (int k = 0; k < f.inner; k++) {
                        y[base + k] = x[base + k] * alpha + shift;
                    }
                }
            }
        }
        if (!direct) {
            fill(outs[0], y);
        }
        if (channelsLast) {
            Tensor computed = outs[0];
            outs[0] = withFormatOf(input, computed);
            StridedCopy.copy(computed, outs[0]);
        }
        return outs;
    }

    /** Whether a 4-d (5-d) tensor is contiguous in the channels-last (3-d) memory format. */
    private static boolean channelsLastContiguous(Tensor t) {
        return t.dim() == 4 && MemoryFormats.isContiguous(t, MemoryFormat.ChannelsLast)
                || t.dim() == 5 && MemoryFormats.isContiguous(t, MemoryFormat.ChannelsLast3d);
    }

    /**
     * A new tensor like {@code t} in the memory format ATen's batch norm gives {@code input}'s output
     * (suggest_memory_format_contig): channels-last (3-d) for a channels-last input that is not contiguous.
     */
    private static Tensor withFormatOf(Tensor input, Tensor t) {
        if (input.isContiguous() || !channelsLastContiguous(input)) {
            return Tensor.FACTORY.empty(t.sizes(), t.dtype(), t.device());
        }
        MemoryFormat format = t.dim() == 4 ? MemoryFormat.ChannelsLast : MemoryFormat.ChannelsLast3d;
        return Tensor.FACTORY.emptyStrided(t.sizes(), MemoryFormats.strides(t.sizes(), format), t.dtype(),
                t.device());
    }

    @Override
    public Tensor[] batch_norm_meta(Tensor input, Tensor weight, Tensor bias, Tensor runningMean, Tensor runningVar,
            boolean training, double momentum, double eps) {
        Tensor[] outs = batchNormOutputs(input, BatchFrame.check(input, weight, bias, runningMean, runningVar, training),
                training, Device.META);
        outs[0] = withFormatOf(input, outs[0]);
        return outs;
    }

    @Override
    public Tensor[] batch_norm_backward_cpu(Tensor gradOut, Tensor input, Tensor weight, Tensor runningMean,
            Tensor runningVar, Tensor saveMean, Tensor saveInvstd, boolean train, double eps, boolean[] outputMask) {
        BatchFrame f = checkBatchNormBackward(gradOut, input, weight, runningMean, runningVar, saveMean, saveInvstd,
                train, outputMask);
        Tensor[] outs = batchNormBackwardOutputs(input, f, outputMask, Device.CPU);
        // contiguous float32 operands are read where they are and grad_input written into its output, as in
        // batch_norm_cpu (the same values as through the double arrays)
        boolean float32 = input.dtype() == ScalarType.Float32;
        boolean direct = float32 && input.isContiguous() && gradOut.isContiguous();
        float[] xs = direct ? input.storage().floats() : null;
        int xOff = direct ? (int) input.storageOffset() : 0;
        float[] dys = direct ? gradOut.storage().floats() : null;
        int dyOff = direct ? (int) gradOut.storageOffset() : 0;
        double[] x = direct ? null : input.toDoubleArray();
        double[] dy = direct ? null : gradOut.toDoubleArray();
        double[] mean;
        double[] invstd;
        if (train) {
            mean = saveMean.toDoubleArray();
            invstd = saveInvstd.toDoubleArray();
        } else {
            mean = runningMean.toDoubleArray();
            double[] rv = runningVar.toDoubleArray();
            invstd = new double[f.channels];
            for (int c = 0; c < f.channels; c++) {
                invstd[c] = 1 / Math.sqrt(rv[c] + eps);
            }
        }
        double[] gamma = weight == null ? null : weight.toDoubleArray();
        double[] dx = direct ? null : new double[x.length];
        float[] dxs = direct && outs[0] != null ? outs[0].storage().floats() : null;
        double[] dweight = new double[f.channels];
        double[] dbias = new double[f.channels];
        for (int c = 0; c < f.channels; c++) {
            double sum = 0;
            double dotp = 0;
            for (int b = 0; b < f.batch; b++) {
                int base = (b * f.channels + c) * f.inner;
                if (direct) {
                    sum += FloatChannelSums.sum(dys, dyOff + base, f.inner);
                    dotp += FloatChannelSums.deviationsDot(xs, xOff + base, dys, dyOff + base, f.inner, mean[c]);
                } else {
                    sum += DoubleChannelSums.sum(dy, base, f.inner);
                    dotp += DoubleChannelSums.deviationsDot(x, base, dy, base, f.inner, mean[c]);
                }
            }
            double w = gamma == null ? 1 : gamma[c];
            // batch_norm_cpu_backward_contiguous_impl: grad_input in the input's type, float32 in float as ATen
            // computes it (dotp and sum stay in double, ATen's acc_type)
            if (outs[0] != null && float32) {
                float meanF = (float) mean[c];
                float invstdF = (float) invstd[c];
                float wF = (float) w;
                float k = BatchNormLoops.projection(dotp, invstd[c], f.perChannel);
                float gradMean = (float) (sum / f.perChannel);
                for (int b = 0; b < f.batch; b++) {
                    int from = (b * f.channels + c) * f.inner;
                    int to = from + f.inner;
                    if (train && direct) {
                        BatchNormLoops.gradInput(xs, xOff, dys, dyOff, dxs, from, to, meanF, k, gradMean, invstdF, wF);
                    } else if (train) {
                        BatchNormLoops.gradInput(x, dy, dx, from, to, meanF, k, gradMean, invstdF, wF);
                    } else if (direct) {
                        BatchNormLoops.gradInputEvaluation(dys, dyOff, dxs, from, to, invstdF, wF);
                    } else {
                        BatchNormLoops.gradInputEvaluation(dy, dx, from, to, invstdF, wF);
                    }
                }
            } else if (outs[0] != null && train) {
                double k = dotp * invstd[c] * invstd[c] / f.perChannel;
                double gradMean = sum / f.perChannel;
                for (int b = 0; b < f.batch; b++) {
                    int base = (b * f.channels + c) * f.inner;
                    for (int i = 0; i < f.inner; i++) {
                        double projected = (x[base + i] - mean[c]) * k;
                        dx[base + i] = (dy[base + i] - gradMean - projected) * invstd[c] * w;
                    }
                }
            } else if (outs[0] != null) {
                for (int b = 0; b < f.batch; b++) {
                    int base = (b * f.channels + c) * f.inner;
                    for (int i = 0; i < f.inner; i++) {
                        dx[base + i] = dy[base + i] * invstd[c] * w;
                    }
                }
            }
            dweight[c] = dotp * invstd[c];
            dbias[c] = sum;
        }
        if (outs[0] != null && !direct) {
            fill(outs[0], dx);
        }
        if (outs[1] != null) {
            fill(outs[1], dweight);
        }
        if (outs[2] != null) {
            fill(outs[2], dbias);
        }
        return outs;
    }

    @Override
    public Tensor[] batch_norm_backward_meta(Tensor gradOut, Tensor input, Tensor weight, Tensor runningMean,
            Tensor runningVar, Tensor saveMean, Tensor saveInvstd, boolean train, double eps, boolean[] outputMask) {
        BatchFrame f = checkBatchNormBackward(gradOut, input, weight, runningMean, runningVar, saveMean, saveInvstd,
                train, outputMask);
        return batchNormBackwardOutputs(input, f, outputMask, Device.META);
    }

    /** out of input's sizes; save_mean and save_invstd [C] when training, [0] in evaluation mode. */
    private static Tensor[] batchNormOutputs(Tensor input, BatchFrame f, boolean training, Device device) {
        long[] stat = {training ? f.channels : 0};
        return new Tensor[] {
            Tensor.FACTORY.empty(input.sizes(), input.dtype(), device),
            Tensor.FACTORY.empty(stat, input.dtype(), device),
            Tensor.FACTORY.empty(stat.clone(), input.dtype(), device)};
    }

    private static Tensor[] batchNormBackwardOutputs(Tensor input, BatchFrame f, boolean[] mask, Device device) {
        return new Tensor[] {
            mask[0] ? Tensor.FACTORY.empty(input.sizes(), input.dtype(), device) : null,
            mask[1] ? Tensor.FACTORY.empty(new long[] {f.channels}, input.dtype(), device) : null,
            mask[2] ? Tensor.FACTORY.empty(new long[] {f.channels}, input.dtype(), device) : null};
    }

    private static BatchFrame checkBatchNormBackward(Tensor gradOut, Tensor input, Tensor weight, Tensor runningMean,
            Tensor runningVar, Tensor saveMean, Tensor saveInvstd, boolean train, boolean[] outputMask) {
        checkMask(outputMask);
        long features = channels(input);
        if (train) {
            if (saveMean == null || saveInvstd == null) {
                throw new IllegalArgumentException((saveMean == null ? "save_mean" : "save_invstd")
                        + " must be defined in training mode");
            }
            checkFeatures("save_mean", features, saveMean);
            checkFeatures("save_invstd", features, saveInvstd);
        }
        checkBatchNormParameters(features, weight, null, runningMean, runningVar, train);
        for (Tensor stat : new Tensor[] {runningMean, runningVar, saveMean, saveInvstd}) {
            if (stat != null && stat.dim() != 1) {
                throw new IllegalArgumentException("TensorAccessor expected 1 dims but tensor has " + stat.dim());
            }
        }
        checkFloating(input, "batch_norm_backward_cpu");
        if (!gradOut.sameSizes(input)) {
            throw new IllegalArgumentException("Expected grad_out to have the same sizes as input, but got "
                    + Arrays.toString(gradOut.sizes()) + " and " + Arrays.toString(input.sizes()));
        }
        for (Tensor t : new Tensor[] {gradOut, weight, runningMean, runningVar, saveMean, saveInvstd}) {
            if (t != null) {
                checkSameDtype(input, t);
            }
        }
        return new BatchFrame(input);
    }

    /** _batch_norm_impl_index's checks: one value per channel, running statistics in evaluation mode. */
    private static void checkBatchNormParameters(long features, Tensor weight, Tensor bias, Tensor runningMean,
            Tensor runningVar, boolean training) {
        if (runningMean != null) {
            checkFeatures("running_mean", features, runningMean);
        } else if (!training) {
            throw new IllegalArgumentException("running_mean must be defined in evaluation mode");
        }
        if (runningVar != null) {
            checkFeatures("running_var", features, runningVar);
        } else if (!training) {
            throw new IllegalArgumentException("running_var must be defined in evaluation mode");
        }
        if (weight != null) {
            checkFeatures("weight", features, weight);
        }
        if (bias != null) {
            checkFeatures("bias", features, bias);
        }
    }

    private static void checkFeatures(String name, long features, Tensor t) {
        if (t.numel() != features) {
            throw new IllegalArgumentException(name + " should contain " + features + " elements not " + t.numel());
        }
    }

    /** input.size(1), with c10's errors for fewer than two dims. */
    private static long channels(Tensor input) {
        if (input.dim() == 0) {
            throw new IndexOutOfBoundsException("Dimension specified as 1 but tensor has no dimensions");
        }
        if (input.dim() < 2) {
            throw new IndexOutOfBoundsException("Dimension out of range (expected to be in range of [-1, 0], but got 1)");
        }
        return input.size(1);
    }

    /** input as [N, C, inner]; the checks batch_norm_cpu makes, and the ones it leaves out (see the class doc). */
    private static final class BatchFrame {
        final int batch;
        final int channels;
        final int inner;
        final long perChannel;

        BatchFrame(Tensor input) {
            long[] sizes = input.sizes();
            long in = 1;
            for (int d = 2; d < sizes.length; d++) {
                in *= sizes[d];
            }
            this.batch = Math.toIntExact(sizes[0]);
            this.channels = Math.toIntExact(sizes[1]);
            this.inner = Math.toIntExact(in);
            this.perChannel = (long) batch * inner;
        }

        static BatchFrame check(Tensor input, Tensor weight, Tensor bias, Tensor runningMean, Tensor runningVar,
                boolean training) {
            long features = channels(input);
            checkBatchNormParameters(features, weight, bias, runningMean, runningVar, training);
            for (Tensor stat : new Tensor[] {runningMean, runningVar}) {
                if (stat != null && stat.dim() != 1) {
                    throw new IllegalArgumentException("TensorAccessor expected 1 dims but tensor has " + stat.dim());
                }
            }
            // is_mixed_type / check_mixed_data_type: mixed dtypes only for BFloat16 input with Float parameters
            Tensor[] params = {weight, bias, runningMean, runningVar};
            ScalarType first = null;
            for (Tensor p : params) {
                if (p != null) {
                    first = p.dtype();
                    break;
                }
            }
            if (first != null && first != input.dtype()) {
                for (Tensor p : params) {
                    if (p != null && p.dtype() != ScalarType.Float32) {
                        throw new IllegalArgumentException("mixed dtype (CPU): expect parameter to have scalar type of Float");
                    }
                }
                throw new IllegalArgumentException("mixed dtype (CPU): expect input to have scalar type of BFloat16");
            }
            checkFloating(input, "batch_norm");
            for (Tensor p : params) {
                if (p != null) {
                    checkSameDtype(input, p);
                }
            }
            BatchFrame f = new BatchFrame(input);
            if (training && f.perChannel == 0 && f.channels > 0) {
                throw new IllegalArgumentException("Expected more than 0 values per channel when training, got input size "
                        + Arrays.toString(input.sizes()));
            }
            return f;
        }
    }

    // ---------------------------------------------------------------- helpers

    private static void checkMask(boolean[] outputMask) {
        if (outputMask.length != 3) {
            throw new IllegalArgumentException("output_mask must have 3 elements, but got " + outputMask.length);
        }
    }

    private static void checkFloating(Tensor t, String kernel) {
        if (!t.dtype().isFloatingPoint()) {
            throw Elementwise.notImplemented(kernel, t.dtype());
        }
    }

    /** What ATen's data_ptr&lt;scalar_t&gt;() says of a tensor of another dtype than the kernel's. */
    private static void checkSameDtype(Tensor input, Tensor t) {
        if (t.dtype() != input.dtype()) {
            throw new IllegalArgumentException("expected scalar type " + input.dtype().c10Name() + " but found "
                    + t.dtype().c10Name());
        }
    }

    /** Writes row-major {@code values} into a freshly allocated contiguous tensor, rounded to its dtype. */
    private static void fill(Tensor out, double[] values) {
        Storage s = out.storage();
        if (out.dtype() == ScalarType.Float32) {
            float[] a = s.floats();
            for (int i = 0; i < values.length; i++) {
                a[i] = (float) values[i];
            }
        } else if (out.dtype() == ScalarType.Float64) {
            System.arraycopy(values, 0, s.doubles(), 0, values.length);
        } else {
            // float16 and bfloat16: rounded once from the double result, through float32 as c10 converts
            for (int i = 0; i < values.length; i++) {
                s.setDouble(i, values[i]);
            }
        }
    }

    /** Writes row-major {@code values} into a tensor of any strides (the running statistics). */
    private static void writeInPlace(Tensor t, double[] values) {
        long[] offsets = t.elementOffsets();
        Storage s = t.storage();
        for (int i = 0; i < offsets.length; i++) {
            s.setDouble(offsets[i], values[i]);
        }
    }
}
