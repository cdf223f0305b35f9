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
 * Group normalization as PyTorch 1.13's group_norm.cpp with the CPU loops of group_norm_kernel.cpp: the input
 * [N, C, *] is split into {@code group} groups of {@code D = C / group} channels, each (sample, group) normalized
 * by its own mean and biased variance, {@code y = (x - mean) * rstd * gamma[c] + beta[c]} with
 * {@code rstd = 1 / sqrt(var + eps)}. native_group_norm returns (y, mean [N, group], rstd [N, group]);
 * native_group_norm_backward the gradients of input, weight and bias; group_norm is the composite that checks
 * its arguments, makes the input contiguous in its memory format and calls native_group_norm.
 *
 * <p>Statistics and gradients are computed in double and rounded once to the input's dtype; float32's output
 * is finished in ATen's float order ({@code scale = rstd * gamma}, {@code y = scale * x + (beta - scale *
 * mean)}). A channels-last input gets a channels-last output, as in ATen.
 *
 * <p>Where PyTorch 1.13 fails or crashes, these kernels differ: native_group_norm_backward returns no gradient
 * (null) for an absent weight that output_mask asks for (PyTorch fails, "tensor does not have a device", also
 * for the bias gradient, which is here the per-channel sum of grad_out), and refuses a group count that does
 * not divide C (PyTorch divides by zero or reads past the statistics).
 */
public final class GroupNormalization implements GroupNormalizationDeclarations {

    @Override
    public Tensor group_norm(Tensor input, long num_groups, Tensor weight, Tensor bias, double eps,
            boolean cudnn_enabled) {
        long n = input.size(0);
        long c = input.size(1);
        checkInputs(input, weight, bias, c, num_groups);
        long[] sizes = input.sizes();
        long hxw = 1;
        for (int d = 2; d < sizes.length; d++) {
            hxw *= sizes[d];
        }
        Tensor x = input.contiguous(MemoryFormats.suggest(input));
        Tensor gamma = weight == null ? null : weight.contiguous();
        Tensor beta = bias == null ? null : bias.contiguous();
        return Torch.native_group_norm(x, gamma, beta, n, c, hxw, num_groups, eps)[0];
    }

    @Override
    public Tensor[] group_norm_cpu(Tensor input, Tensor weight, Tensor bias, long n, long c, long hxw, long group,
            double eps) {
        Frame f = Frame.forward(input, weight, bias, n, c, hxw, group);
        Tensor[] outs = outputs(input, f, Device.CPU);
        double[] x = input.toDoubleArray();
        double[] gamma = weight == null ? null : weight.toDoubleArray();
        double[] beta = bias == null ? null : bias.toDoubleArray();
        boolean float32 = input.dtype() == ScalarType.Float32;
        double[] y = new double[x.length];
        double[] means = new double[f.n * f.group];
        double[] rstds = new double[means.length];
        int groupSize = f.d * f.hxw;
        for (int i = 0; i < means.length; i++) {
            int start = i * groupSize;
            double sum = 0;
            for (int k = 0; k < groupSize; k++) {
                sum += x[start + k];
            }
            double mean = groupSize == 0 ? 0 : sum / groupSize;
            double squares = 0;
            for (int k = 0; k < groupSize; k++) {
                double dev = x[start + k] - mean;
                squares += dev * dev;
            }
            double variance = squares / groupSize; // NaN for an empty group, as ATen's RowwiseMoments
            double rstd = float32 ? 1f / (float) Math.sqrt(Math.max((float) variance, 0f) + (float) eps)
                    : 1 / Math.sqrt(Math.max(variance, 0) + eps);
            if (Double.isNaN(variance)) {
                rstd = Double.NaN; // max(NaN, 0) is NaN in ATen's std::max(var, 0) with var first
            }
            int g = i % f.group;
            for (int j = 0; j < f.d; j++) {
                int channel = g * f.d + j;
                int row = start + j * f.hxw;
                double gam = gamma == null ? 1 : gamma[channel];
                double bet = beta == null ? 0 : beta[channel];
                if (float32) {
                    float scale = (float) rstd * (float) gam;
                    float shift = Math.fma(-scale, (float) mean, (float) bet);
                    for (int k = 0; k < f.hxw; k++) {
                        y[row + k] = gamma == null && beta == null ? ((float) x[row + k] - (float) mean) * (float) rstd
                                : Math.fma(scale, (float) x[row + k], shift);
                    }
                } else {
                    for (int k = 0; k < f.hxw; k++) {
                        y[row + k] = (x[row + k] - mean) * rstd * gam + bet;
                    }
                }
            }
            means[i] = mean;
            rstds[i] = rstd;
        }
        fillInFormat(outs[0], y);
        fill(outs[1], means);
        fill(outs[2], rstds);
        return outs;
    }

    @Override
    public Tensor[] group_norm_meta(Tensor input, Tensor weight, Tensor bias, long n, long c, long hxw, long group,
            double eps) {
        return outputs(input, Frame.forward(input, weight, bias, n, c, hxw, group), Device.META);
    }

    @Override
    public Tensor[] group_norm_backward_cpu(Tensor gradOut, Tensor input, Tensor mean, Tensor rstd, Tensor weight,
            long n, long c, long hxw, long group, boolean[] outputMask) {
        Frame f = Frame.backward(gradOut, input, mean, rstd, weight, n, c, hxw, group, outputMask);
        Tensor[] outs = backwardOutputs(input, weight, f, outputMask, Device.CPU);
        double[] dy = gradOut.toDoubleArray();
        double[] x = input.toDoubleArray();
        double[] mu = mean.toDoubleArray();
        double[] rs = rstd.toDoubleArray();
        double[] gamma = weight == null ? null : weight.toDoubleArray();
        // ComputeInternalGradients: per (sample, channel) sums of dy * x and of dy
        double[] ds = new double[f.n * f.c];
        double[] db = new double[ds.length];
        for (int nc = 0; nc < ds.length; nc++) {
            int row = nc * f.hxw;
            for (int k = 0; k < f.hxw; k++) {
                ds[nc] += dy[row + k] * x[row + k];
                db[nc] += dy[row + k];
            }
        }
        if (outs[0] != null) {
            double[] dx = new double[x.length];
            double s = 1.0 / ((double) f.d * f.hxw);
            for (int i = 0; i < f.n * f.group; i++) {
                int g = i % f.group;
                double dsVal = 0;
                double dbVal = 0;
                for (int j = 0; j < f.d; j++) {
                    double gam = gamma == null ? 1 : gamma[g * f.d + j];
                    dsVal += ds[i * f.d + j] * gam;
                    dbVal += db[i * f.d + j] * gam;
                }
                // dx = c1 * dy + c2 * x + c3, as GroupNormBackwardKernelImplInternal
                double r = rs[i];
                double c2 = (dbVal * mu[i] - dsVal) * r * r * r * s;
                double c3 = -c2 * mu[i] - dbVal * r * s;
                for (int j = 0; j < f.d; j++) {
                    double c1 = r * (gamma == null ? 1 : gamma[g * f.d + j]);
                    int row = (i * f.d + j) * f.hxw;
                    for (int k = 0; k < f.hxw; k++) {
                        dx[row + k] = c1 * dy[row + k] + c2 * x[row + k] + c3;
                    }
                }
            }
            fillInFormat(outs[0], dx);
        }
        if (outs[1] != null) {
            double[] dgamma = new double[f.c];
            for (int s = 0; s < f.n; s++) {
                for (int ch = 0; ch < f.c; ch++) {
                    int i = s * f.group + ch / f.d;
                    dgamma[ch] += (ds[s * f.c + ch] - db[s * f.c + ch] * mu[i]) * rs[i];
                }
            }
            fill(outs[1], dgamma);
        }
        if (outs[2] != null) {
            double[] dbeta = new double[f.c];
            for (int s = 0; s < f.n; s++) {
                for (int ch = 0; ch < f.c; ch++) {
                    dbeta[ch] += db[s * f.c + ch];
                }
            }
            fill(outs[2], dbeta);
        }
        return outs;
    }

    @Override
    public Tensor[] group_norm_backward_meta(Tensor gradOut, Tensor input, Tensor mean, Tensor rstd, Tensor weight,
            long n, long c, long hxw, long group, boolean[] outputMask) {
        Frame f = Frame.backward(gradOut, input, mean, rstd, weight, n, c, hxw, group, outputMask);
        return backwardOutputs(input, weight, f, outputMask, Device.META);
    }

    // ---------------------------------------------------------------- checks and outputs

    /** group_norm.cpp's check_group_norm_inputs, with its messages (the bias message shows weight's shape, as 1.13's). */
    private static void checkInputs(Tensor input, Tensor weight, Tensor bias, long c, long numGroups) {
        if (numGroups <= 0) {
            throw new IllegalArgumentException("Expected num groups to be greater than 0, got " + numGroups);
        }
        String inputShape = Arrays.toString(input.sizes());
        if (c % numGroups != 0) {
            throw new IllegalArgumentException("Expected number of channels in input to be divisible by num_groups, but"
                    + " got input of shape " + inputShape + " and num_groups=" + numGroups);
        }
        if (weight != null && (weight.dim() != 1 || weight.numel() != c)) {
            throw new IllegalArgumentException("Expected weight to be a vector of size equal to the number of channels"
                    + " in input, but got weight of shape " + Arrays.toString(weight.sizes()) + " and input of shape "
                    + inputShape);
        }
        if (bias != null && (bias.dim() != 1 || bias.numel() != c)) {
            throw new IllegalArgumentException("Expected bias to be a vector of size equal to the number of channels"
                    + " in input, but got bias of shape " + (weight == null ? "[0]" : Arrays.toString(weight.sizes()))
                    + " and input of shape " + inputShape);
        }
    }

    /** What TORCH_CHECK(cond) without a message says. */
    private static void internalCheck(boolean condition, String expression) {
        if (!condition) {
            throw new IllegalArgumentException("Expected " + expression + " to be true, but got false.  (Could this"
                    + " error message be improved?  If so, please report an enhancement request to PyTorch.)");
        }
    }

    private static void checkDtype(Tensor kernelDtype, Tensor t) {
        if (t != null && t.dtype() != kernelDtype.dtype()) {
            throw new IllegalArgumentException("expected scalar type " + kernelDtype.dtype().c10Name() + " but found "
                    + t.dtype().c10Name());
        }
    }

    /** The kernels' dtypes: AT_DISPATCH_FLOATING_TYPES_AND(BFloat16). */
    private static void checkFloating(Tensor input, String kernel) {
        ScalarType t = input.dtype();
        if (t != ScalarType.Float32 && t != ScalarType.Float64 && t != ScalarType.BFloat16) {
            throw Elementwise.notImplemented(kernel, t);
        }
    }

    /** N samples of C channels of HxW values in {@code group} groups of D channels, checked as ATen checks them. */
    private static final class Frame {
        final int n;
        final int c;
        final int hxw;
        final int group;
        final int d;

        private Frame(long n, long c, long hxw, long group) {
            // sizes that pass ATen's checks only by wrapping around, or whose statistics no storage holds
            for (long size : new long[] {n, c, hxw}) {
                if (size < 0) {
                    throw new IllegalArgumentException("Trying to create tensor with negative dimension " + size + ": ["
                            + n + ", " + c + ", " + hxw + "]");
                }
            }
            if (c > Storage.MAX_ELEMENTS || hxw > Storage.MAX_ELEMENTS || group > Storage.MAX_ELEMENTS
                    || (double) n * group > Storage.MAX_ELEMENTS) {
                throw new IllegalArgumentException("native_group_norm: mean and rstd of " + n + " x " + group
                        + " elements, or groups of " + c + " x " + hxw + " elements, are too large for a storage of at"
                        + " most " + Storage.MAX_ELEMENTS + " elements");
            }
            this.n = Math.toIntExact(n);
            this.c = Math.toIntExact(c);
            this.hxw = Math.toIntExact(hxw);
            this.group = Math.toIntExact(group);
            this.d = this.c / this.group;
        }

        static Frame forward(Tensor input, Tensor weight, Tensor bias, long n, long c, long hxw, long group) {
            checkInputs(input, weight, bias, c, group);
            internalCheck(MemoryFormats.isContiguous(input, MemoryFormats.suggest(input)), "X.is_contiguous(memory_format)");
            checkFloating(input, "GroupNormKernelImpl");
            internalCheck(input.numel() == n * c * hxw, "X.numel() == N * C * HxW");
            checkDtype(input, weight);
            checkDtype(input, bias);
            return new Frame(n, c, hxw, group);
        }

        static Frame backward(Tensor gradOut, Tensor input, Tensor mean, Tensor rstd, Tensor weight, long n, long c,
                long hxw, long group, boolean[] outputMask) {
            if (outputMask.length != 3) {
                throw new IllegalArgumentException("output_mask must have 3 elements, but got " + outputMask.length);
            }
            checkFloating(input, "GroupNormBackwardKernelImpl");
            internalCheck(gradOut.numel() == n * c * hxw, "dY.numel() == N * C * HxW");
            internalCheck(input.numel() == n * c * hxw, "X.numel() == N * C * HxW");
            internalCheck(mean.numel() == n * group, "mean.numel() == N * group");
            internalCheck(rstd.numel() == n * group, "rstd.numel() == N * group");
            internalCheck(weight == null || weight.numel() == c, "!gamma.defined() || gamma.numel() == C");
            if (group <= 0 || c % group != 0) {
                throw new IllegalArgumentException("Expected number of channels in input to be divisible by num_groups,"
                        + " but got input of shape " + Arrays.toString(input.sizes()) + " and num_groups=" + group);
            }
            for (Tensor t : new Tensor[] {gradOut, mean, rstd, weight}) {
                checkDtype(input, t);
            }
            return new Frame(n, c, hxw, group);
        }
    }

    /** Y like the input in its memory format, mean and rstd [N, group]. */
    private static Tensor[] outputs(Tensor input, Frame f, Device device) {
        return new Tensor[] {
            likeInFormat(input, device),
            Tensor.FACTORY.empty(new long[] {f.n, f.group}, input.dtype(), device),
            Tensor.FACTORY.empty(new long[] {f.n, f.group}, input.dtype(), device)};
    }

    private static Tensor[] backwardOutputs(Tensor input, Tensor weight, Frame f, boolean[] mask, Device device) {
        return new Tensor[] {
            mask[0] ? likeInFormat(input, device) : null,
            mask[1] && weight != null ? Tensor.FACTORY.empty(new long[] {f.c}, input.dtype(), device) : null,
            mask[2] ? Tensor.FACTORY.empty(new long[] {f.c}, input.dtype(), device) : null};
    }

    /** empty_like(input, suggest_memory_format): channels-last strides for a channels-last input. */
    private static Tensor likeInFormat(Tensor input, Device device) {
        MemoryFormat format = MemoryFormats.suggest(input);
        if (format == MemoryFormat.Contiguous) {
            return Tensor.FACTORY.empty(input.sizes(), input.dtype(), device);
        }
        return Tensor.FACTORY.emptyStrided(input.sizes(), MemoryFormats.strides(input.sizes(), format), input.dtype(),
                device);
    }

    /** Writes row-major {@code values} into {@code out}, whatever its memory format. */
    private static void fillInFormat(Tensor out, double[] values) {
        if (out.isContiguous()) {
            fill(out, values);
            return;
        }
        Tensor rowMajor = Tensor.FACTORY.empty(out.sizes(), out.dtype(), out.device());
        fill(rowMajor, values);
        StridedCopy.copy(rowMajor, out);
    }

    /** Writes row-major {@code values} into a contiguous tensor, rounded to its dtype. */
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
            for (int i = 0; i < values.length; i++) {
                s.setDouble(i, values[i]);
            }
        }
    }
}
