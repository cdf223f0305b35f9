package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.UnaryOperator;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.parallel.Parallel;
import org.jitdispatch.kernels.reduce.StridedCopy;
import org.jitdispatch.kernels.structured.TypeMetaNames;
import org.jitdispatch.kernels.structured.Warnings;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorImpl;
import org.jitdispatch.runtime.dispatch.NotImplementedError;

/**
 * Convolution over one, two or three spatial dims, as PyTorch 1.13's Convolution.cpp: {@code aten::convolution}
 * (stride, padding, dilation, groups, transposed with output padding) with {@code _convolution}'s checks in their
 * order and their messages, {@code convolution_backward} (grad_input, grad_weight, grad_bias, each computed only
 * when {@code output_mask} asks for it), and the composites ({@code conv1d}/{@code 2d}/{@code 3d}, their string
 * paddings, {@code conv_transpose1d}/{@code 2d}/{@code 3d}) that batch an unbatched input.
 *
 * <p>The arithmetic is im2col and {@link Gemm}, a 1-D convolution being a 2-D one of height 1. Each sample's
 * receptive fields are unfolded into a {@code [C/groups * kH * kW, oH * oW]} matrix per group (zeros where
 * the window lies in the padding); the output of a sample and group is {@code weight_g @ cols_g}. A sample's
 * columns go into a scratch matrix that each thread's chunk of samples reuses, so they are still in the cache
 * for the product and a batch's columns are never allocated at once; the thread keeps that matrix for its next
 * convolution ({@link ScratchMatrix}). The backward multiplies the other way round: {@code grad_cols =
 * weight_g^T @ grad_output_g} per sample into the same kind of scratch, folded back and summed into grad_input
 * (col2im), and {@code grad_weight_g = grad_output_g @ cols_g^T} over the whole batch in one product, its
 * columns unfolded with the batch inside each row (a kept scratch matrix too, when it is small enough).
 * grad_bias sums grad_output over every dim but the channels. A transposed convolution is the adjoint of a
 * regular one ({@link #spread}, {@link #correlate}, {@link #weightGradient} with their roles exchanged).
 *
 * <p>Float32 and float64 unfold in typed loops ({@link FloatIm2Col}, and {@link FloatVol2Col} over three
 * spatial dims); int32 and int64 (which ATen's slow_conv2d computes forwards) go through the storage's long
 * accessors ({@link LongIm2Col}). A meta operand gives meta results of the right sizes.
 */
public final class Convolution implements ConvolutionDeclarations {

    // ------------------------------------------------------------------------------- composites

    @Override
    public Tensor conv1d(Tensor input, Tensor weight, Tensor bias, long[] stride, long[] padding, long[] dilation,
            long groups) {
        return batchified(input, 1, "conv1d", batch -> Torch.convolution(batch, weight, bias, stride, padding, dilation,
                false, new long[] {0}, groups));
    }

    @Override
    public Tensor conv2d(Tensor input, Tensor weight, Tensor bias, long[] stride, long[] padding, long[] dilation,
            long groups) {
        // 1.13's conv2d (this overload alone) checks the bias's dtype before anything else
        if (bias != null && bias.dtype() != input.dtype()) {
            throw new IllegalArgumentException("Input type (" + TypeMetaNames.of(input.dtype()) + ") and bias type ("
                    + TypeMetaNames.of(bias.dtype()) + ") should be the same");
        }
        return batchified(input, 2, "conv2d", batch -> Torch.convolution(batch, weight, bias, stride, padding, dilation,
                false, new long[] {0}, groups));
    }

    @Override
    public Tensor conv1d(Tensor input, Tensor weight, Tensor bias, long[] stride, String padding, long[] dilation,
            long groups) {
        return batchified(input, 1, "conv1d", batch -> Torch._convolution_mode(batch, weight, bias, stride, padding,
                dilation, groups));
    }

    @Override
    public Tensor conv2d(Tensor input, Tensor weight, Tensor bias, long[] stride, String padding, long[] dilation,
            long groups) {
        return batchified(input, 2, "conv2d", batch -> Torch._convolution_mode(batch, weight, bias, stride, padding,
                dilation, groups));
    }

    @Override
    public Tensor conv_transpose1d(Tensor input, Tensor weight, Tensor bias, long[] stride, long[] padding,
            long[] outputPadding, long groups, long[] dilation) {
        return batchified(input, 1, "conv_transpose1d", batch -> Torch.convolution(batch, weight, bias, stride, padding,
                dilation, true, outputPadding, groups));
    }

    @Override
    public Tensor conv_transpose2d(Tensor input, Tensor weight, Tensor bias, long[] stride, long[] padding,
            long[] outputPadding, long groups, long[] dilation) {
        return batchified(input, 2, "conv_transpose2d", batch -> Torch.convolution(batch, weight, bias, stride, padding,
                dilation, true, outputPadding, groups));
    }

    @Override
    public Tensor conv3d(Tensor input, Tensor weight, Tensor bias, long[] stride, long[] padding, long[] dilation,
            long groups) {
        return batchified(input, 3, "conv3d", batch -> Torch.convolution(batch, weight, bias, stride, padding, dilation,
                false, new long[] {0}, groups));
    }

    @Override
    public Tensor conv3d(Tensor input, Tensor weight, Tensor bias, long[] stride, String padding, long[] dilation,
            long groups) {
        return batchified(input, 3, "conv3d", batch -> Torch._convolution_mode(batch, weight, bias, stride, padding,
                dilation, groups));
    }

    @Override
    public Tensor conv_transpose3d(Tensor input, Tensor weight, Tensor bias, long[] stride, long[] padding,
            long[] outputPadding, long groups, long[] dilation) {
        return batchified(input, 3, "conv_transpose3d", batch -> Torch.convolution(batch, weight, bias, stride, padding,
                dilation, true, outputPadding, groups));
    }

    /** A string padding: {@code "valid"} (none) or {@code "same"} (the output as large as the input, stride 1). */
    @Override
    public Tensor _convolution_mode(Tensor input, Tensor weight, Tensor bias, long[] stride, String padding,
            long[] dilation, long groups) {
        if (padding.equals("same")) {
            return convolutionSame(input, weight, bias, stride, dilation, groups);
        }
        if (padding.equals("valid")) {
            return Torch.convolution(input, weight, bias, stride, new long[] {0}, dilation, false, new long[] {0},
                    groups);
        }
        throw new IllegalArgumentException("Invalid padding string: '" + padding + "'");
    }

    /**
     * ATen's convolution_same: each dim padded by {@code dilation * (kernel - 1)} in all, half on each side; an
     * odd total puts the extra element on the right, by padding a copy of the input with zeros first.
     */
    private static Tensor convolutionSame(Tensor input, Tensor weight, Tensor bias, long[] stride, long[] dilation,
            long groups) {
        int k = weight.dim();
        if (k <= 2) {
            throw new IllegalArgumentException("weight should have at least three dimensions");
        }
        int dim = k - 2;
        if (input.dim() != k) {
            throw new IllegalArgumentException("Expected " + k + "-dimensional input for " + k + "-dimensional weight"
                    + Arrays.toString(weight.sizes()) + ", but got " + input.dim() + "-dimensional input of size "
                    + Arrays.toString(input.sizes()) + " instead");
        }
        if (!(stride.length == dim || stride.length == 1)) {
            throw new IllegalArgumentException("stride cannot broadcast to " + dim + " dimensions");
        }
        if (!(dilation.length == dim || dilation.length == 1)) {
            throw new IllegalArgumentException("dilation cannot broadcast to " + dim + " dimensions");
        }
        for (long s : stride) {
            if (s != 1) {
                throw new IllegalArgumentException("padding='same' is not supported for strided convolutions");
            }
        }
        long[] left = new long[dim];
        long[] pad = new long[2 * dim];
        boolean symmetric = true;
        for (int i = 0; i < dim; i++) {
            long d = dilation.length == 1 ? dilation[0] : dilation[i];
            long total = d * (weight.size(i + 2) - 1);
            left[i] = total / 2;
            long extra = total - 2 * left[i];
            // constant_pad_nd's pairs run from the last dim to the first
            pad[2 * (dim - 1 - i) + 1] = extra;
            symmetric &= extra == 0;
        }
        if (symmetric) {
            return Torch.convolution(input, weight, bias, stride, left, dilation, false, new long[] {0}, groups);
        }
        if (SAME_PADDING_WARNED.compareAndSet(false, true)) {
            Warnings.warn("Using padding='same' with even kernel lengths and odd dilation may require a zero-padded"
                    + " copy of the input be created");
        }
        Tensor padded = Torch.constant_pad_nd(input, pad, Scalar.of(0L));
        return Torch.convolution(padded, weight, bias, stride, left, dilation, false, new long[] {0}, groups);
    }

    /** TORCH_WARN_ONCE: the padded copy is announced once per process. */
    private static final AtomicBoolean SAME_PADDING_WARNED = new AtomicBoolean();

    /** ATen's batchify: an unbatched input gets a batch dim of 1 for the convolution, and loses it after. */
    private static Tensor batchified(Tensor input, int spatialDims, String name, UnaryOperator<Tensor> convolution) {
        int noBatch = spatialDims + 1;
        boolean batched = input.dim() == noBatch + 1;
        if (!(input.dim() == noBatch || batched)) {
            throw new IllegalArgumentException("Expected " + noBatch + "D (unbatched) or " + (noBatch + 1)
                    + "D (batched) input to " + name + ", but got input of size: " + Arrays.toString(input.sizes()));
        }
        Tensor output = convolution.apply(batched ? input : input.unsqueeze(0));
        return batched ? output : output.squeeze(0);
    }

    // ------------------------------------------------------------------------------ convolution

    @Override
    public Tensor convolution(Tensor input, Tensor weight, Tensor bias, long[] stride, long[] padding, long[] dilation,
            boolean transposed, long[] outputPadding, long groups) {
        Geometry g = Geometry.of(input, weight, bias, stride, padding, dilation, transposed, outputPadding, groups);
        long[] resultSizes = g.resultSizes();
        if (isMeta(input, weight, bias)) {
            return Tensor.FACTORY.empty(resultSizes, input.dtype(), Device.META);
        }
        if (transposed && input.numel() == 0) {
            // ATen's Empty backend: no dtype checks, nothing to compute
            return Tensor.FACTORY.empty(resultSizes, input.dtype(), input.device());
        }
        g.checkForwardTypes(input, weight, bias);
        if (input.dtype().isReducedFloatingPoint()) {
            // float16 and bfloat16 are convolved in float32 and rounded once
            Tensor wide = convolution(Elementwise.toDtype(input, ScalarType.Float32),
                    Elementwise.toDtype(weight, ScalarType.Float32),
                    bias == null ? null : Elementwise.toDtype(bias, ScalarType.Float32), stride, padding, dilation,
                    transposed, outputPadding, groups);
            return Elementwise.toDtype(wide, input.dtype());
        }
        Tensor out = transposed ? zeros(resultSizes, input.dtype(), input.device())
                : Tensor.FACTORY.empty(resultSizes, input.dtype(), input.device());
        if (out.numel() == 0) {
            return out;
        }
        if (transposed) {
            spread(g, contiguous(input), contiguous(weight), out);
        } else {
            correlate(g, contiguous(input), contiguous(weight), out);
        }
        if (bias != null) {
            addBias(out, bias);
        }
        return out;
    }

    /**
     * {@code out = input (*) weight} for the regular convolution {@code g}: each sample's receptive fields
     * unfolded into columns (im2col), then one product per group. Every element of {@code out} is written.
     */
    private static void correlate(Geometry g, Tensor input, Tensor weight, Tensor out) {
        g.forEachSample(input.dtype(), (n, cols) -> {
            g.unfoldSample(input, n, cols);
            for (int k = 0; k < g.groups; k++) {
                Gemm.multiply(g.weightOf(weight, k), g.colsOf(cols, 0, k), g.outputOf(out, n, k));
            }
        });
    }

    /**
     * The adjoint of {@link #correlate}: {@code out += weight^T @ y} per sample and group, folded back over the
     * receptive fields (col2im). {@code y} has the shape of {@code g}'s output and {@code out}, zeroed, of its
     * input. This is a regular convolution's grad_input and a transposed convolution's output.
     */
    private static void spread(Geometry g, Tensor y, Tensor weight, Tensor out) {
        g.forEachSample(y.dtype(), (n, cols) -> {
            for (int k = 0; k < g.groups; k++) {
                Gemm.multiply(transposed(g.weightOf(weight, k)), g.outputOf(y, n, k), g.colsOf(cols, 0, k));
            }
            g.foldSample(cols, out, n);
        });
    }

    /**
     * {@code gradWeight = y @ unfold(x)^T} per group, over the whole batch in one product: the weight gradient of
     * {@link #correlate} for an input {@code x} and an output gradient {@code y} (both contiguous).
     */
    private static void weightGradient(Geometry g, Tensor y, Tensor x, Tensor gradWeight) {
        // [O, N * L] and [C * K, N * L]: the batch becomes part of one contraction
        Tensor grads = batchInner(y, g.outChannels, g.batch, g.outputPlane());
        try (ScratchMatrix unfolded = g.unfoldBatchInner(x)) {
            for (int k = 0; k < g.groups; k++) {
                Tensor a = rows(grads, k * g.outPerGroup, g.outPerGroup);
                Tensor b = transposed(rows(unfolded.matrix(), k * g.colsRowsPerGroup(), g.colsRowsPerGroup()));
                Gemm.multiply(a, b, g.weightOf(gradWeight, k));
            }
        }
    }

    // --------------------------------------------------------------------- convolution_backward

    /**
     * The three gradients of {@link #convolution}. A transposed convolution is the adjoint of the regular one
     * its {@link Geometry} describes, so its grad_input is that convolution's output ({@link #correlate}), and
     * its grad_weight that convolution's weight gradient with input and output gradient exchanged.
     */
    @Override
    public Tensor[] convolution_backward(Tensor gradOutput, Tensor input, Tensor weight, long[] biasSizes,
            long[] stride, long[] padding, long[] dilation, boolean transposed, long[] outputPadding, long groups,
            boolean[] outputMask) {
        if (outputMask.length != 3) {
            throw new IllegalArgumentException("output_mask must have 3 elements, but got " + outputMask.length);
        }
        Geometry g = Geometry.of(input, weight, null, stride, padding, dilation, transposed, outputPadding, groups);
        if (!transposed && biasSizes != null && !(biasSizes.length == 1 && biasSizes[0] == g.outChannels)) {
            throw new IllegalArgumentException("Given weight of size " + Arrays.toString(weight.sizes())
                    + ", expected bias to be 1-dimensional with " + g.outChannels + " elements, but got bias of size "
                    + Arrays.toString(biasSizes) + " instead");
        }
        long[] resultSizes = g.resultSizes();
        if (transposed) {
            checkTransposedGradOutput(gradOutput, resultSizes);
        }
        if (!Arrays.equals(gradOutput.sizes(), resultSizes)) {
            throw new IllegalArgumentException("Expected grad_output of size " + Arrays.toString(resultSizes)
                    + " for a convolution of input " + Arrays.toString(input.sizes()) + " and weight "
                    + Arrays.toString(weight.sizes()) + ", but got " + Arrays.toString(gradOutput.sizes()));
        }
        if (isMeta(gradOutput, input, weight)) {
            return new Tensor[] {
                outputMask[0] ? Tensor.FACTORY.empty(input.sizes(), input.dtype(), Device.META) : null,
                outputMask[1] ? Tensor.FACTORY.empty(weight.sizes(), weight.dtype(), Device.META) : null,
                outputMask[2] ? Tensor.FACTORY.empty(new long[] {resultSizes[1]}, gradOutput.dtype(), Device.META)
                        : null};
        }
        ScalarType dtype = input.dtype();
        boolean floating = dtype == ScalarType.Float32 || dtype == ScalarType.Float64;
        if (transposed && !floating && (outputMask[0] || outputMask[1] || outputMask[2])) {
            String kernel = g.spatial == 3 ? "slow_conv_transpose3d" : "slow_conv_transpose2d";
            throw Elementwise.notImplemented(kernel + (outputMask[0] ? "_backward_out_cpu" : "_acc_grad_parameters_cpu"),
                    dtype);
        }
        if (outputMask[0] || outputMask[1]) {
            if (!floating) {
                throw Elementwise.notImplemented(outputMask[0] ? "slow_conv2d_cpu_grad_input" : "slow_conv2d_cpu_grad_weight",
                        dtype);
            }
            for (Tensor t : new Tensor[] {gradOutput, weight}) {
                if (t.dtype() != dtype) {
                    throw new IllegalArgumentException("expected scalar type " + dtype.c10Name() + " but found "
                            + t.dtype().c10Name());
                }
            }
        }
        Tensor gradInput = null;
        Tensor gradWeight = null;
        Tensor gradBias = null;
        Tensor gout = contiguous(gradOutput);
        boolean nothing = gout.numel() == 0 || weight.numel() == 0;
        if (outputMask[0]) {
            gradInput = zeros(input.sizes(), dtype, input.device());
            if (!nothing && gradInput.numel() != 0) {
                if (transposed) {
                    correlate(g, gout, contiguous(weight), gradInput);
                } else {
                    spread(g, gout, contiguous(weight), gradInput);
                }
            }
        }
        if (outputMask[1]) {
            gradWeight = zeros(weight.sizes(), dtype, weight.device());
            if (!nothing && input.numel() != 0) {
                Tensor x = contiguous(input);
                if (transposed) {
                    weightGradient(g, x, gout, gradWeight);
                } else {
                    weightGradient(g, gout, x, gradWeight);
                }
            }
        }
        if (outputMask[2]) {
            long[] dims = new long[gradOutput.dim() - 1];
            dims[0] = 0;
            for (int d = 2; d < gradOutput.dim(); d++) {
                dims[d - 1] = d;
            }
            Tensor plain = gradOutput.asStrided(gradOutput.sizes(), gradOutput.strides(), gradOutput.storageOffset());
            gradBias = Torch.sum(plain, dims, false, null);
        }
        return new Tensor[] {gradInput, gradWeight, gradBias};
    }

    // ---------------------------------------------------------------------------------- helpers

    /**
     * slow_conv_transpose2d's check_dim_size of grad_output's channels, height and width, on the 4-D view ATen
     * makes of a 1-D convolution's tensors.
     */
    private static void checkTransposedGradOutput(Tensor gradOutput, long[] expected) {
        boolean one = expected.length == 3;
        long[] want = one ? new long[] {expected[0], expected[1], 1, expected[2]} : expected;
        long[] got = gradOutput.sizes();
        if (one && got.length == 3) {
            got = new long[] {got[0], got[1], 1, got[2]};
        }
        for (int d = 1; d < want.length; d++) {
            if (got.length != want.length || got[d] != want[d]) {
                throw new IllegalArgumentException("Expected a tensor of dimension " + want.length + " and tensor.size["
                        + d + "] == " + want[d] + " but got: dimension " + got.length + " and tensor.size[" + d + "] = "
                        + (d < got.length ? got[d] : 0));
            }
        }
    }

    private static boolean isMeta(Tensor... tensors) {
        for (Tensor t : tensors) {
            if (t != null && t.isMeta()) {
                return true;
            }
        }
        return false;
    }

    /** {@code t} itself when contiguous, else a contiguous copy (kernel-internal, outside autograd). */
    private static Tensor contiguous(Tensor t) {
        return t.isContiguous() ? t : StridedCopy.contiguousCopy(t, t.dtype(), Tensor.FACTORY);
    }

    /** {@code [B, R, L]} (contiguous) as a contiguous {@code [R, B * L]}. */
    private static Tensor batchInner(Tensor t, long r, long b, long l) {
        if (b == 1) {
            return t.asStrided(new long[] {r, l}, new long[] {l, 1}, t.storageOffset());
        }
        Tensor out = Tensor.FACTORY.empty(new long[] {r, b, l}, t.dtype(), t.device());
        StridedCopy.copy(t.asStrided(new long[] {r, b, l}, new long[] {l, r * l, 1}, t.storageOffset()), out);
        return out.asStrided(new long[] {r, b * l}, new long[] {b * l, 1}, 0);
    }

    private static Tensor zeros(long[] sizes, ScalarType dtype, Device device) {
        return Tensor.FACTORY.zeros(sizes, dtype, device);
    }

    /** A matrix's transpose, a kernel-internal view. */
    private static Tensor transposed(Tensor m) {
        return m.asStrided(new long[] {m.size(1), m.size(0)}, new long[] {m.stride(1), m.stride(0)}, m.storageOffset());
    }

    /** Rows {@code [from, from + count)} of a matrix. */
    private static Tensor rows(Tensor m, long from, long count) {
        return m.asStrided(new long[] {count, m.size(1)}, m.strides(), m.storageOffset() + from * m.stride(0));
    }

    /** out[n, o, ...] += bias[o], out contiguous. */
    private static void addBias(Tensor out, Tensor bias) {
        long batch = out.size(0);
        long channels = out.size(1);
        long plane = channels == 0 ? 0 : out.numel() / (batch * channels);
        Storage o = out.storage();
        Storage b = bias.storage();
        boolean floating = out.dtype().isFloatingPoint();
        boolean single = out.dtype() == ScalarType.Float32;
        long at = out.storageOffset();
        for (long n = 0; n < batch; n++) {
            for (long c = 0; c < channels; c++) {
                long bo = bias.storageOffset() + c * bias.stride(0);
                if (single) {
                    float[] data = o.floats();
                    float v = b.floats()[(int) bo];
                    for (int i = (int) at, end = (int) (at + plane); i < end; i++) {
                        data[i] += v;
                    }
                } else if (floating) {
                    double v = b.getDouble(bo);
                    double[] data = o.doubles();
                    for (int i = (int) at, end = (int) (at + plane); i < end; i++) {
                        data[i] += v;
                    }
                } else {
                    long v = b.getLong(bo);
                    for (long i = at; i < at + plane; i++) {
                        o.setLong(i, o.getLong(i) + v);
                    }
                }
                at += plane;
            }
        }
    }

    /** The work of one sample, given a {@code [C * kH * kW, oH * oW]} scratch matrix for its columns. */
    private interface SampleWithColumns {
        void run(long sample, Tensor cols);
    }

    // --------------------------------------------------------------------------------- geometry

    /**
     * One convolution's checked parameters and sizes, a 1-D or 2-D convolution as a 3-D one of depth 1 (and
     * height 1): input {@code [N, C, D, H, W]}, weight {@code [O, C/groups, kD, kH, kW]}, output {@code [N, O, oD,
     * oH, oW]}. The 1-D and 2-D loops ({@link FloatIm2Col}) ignore the depth; three spatial dims take
     * {@link FloatVol2Col}'s.
     */
    static final class Geometry {
        final int spatial;
        final long batch;
        final long inChannels;
        final long outChannels;
        final int groups;
        final long outPerGroup;
        final long inPerGroup;
        final long inD;
        final long kD;
        final long strideD;
        final long padD;
        final long dilD;
        final long outD;
        final long inH;
        final long inW;
        final long kH;
        final long kW;
        final long strideH;
        final long strideW;
        final long padH;
        final long padW;
        final long dilH;
        final long dilW;
        final long outH;
        final long outW;
        final long[] outputSizes;
        /** Whether this regular convolution stands for a transposed one (see {@link #resultSizes}). */
        final boolean transposed;
        private final long[] inputSizes;

        /**
         * A regular convolution of an input of {@code inputSizes} by a weight of {@code weightSizes} into
         * {@code outputSizes}; {@code transposed} when it is the adjoint of a transposed convolution, whose input
         * is this one's output and whose output is this one's input.
         */
        private Geometry(long[] inputSizes, long[] weightSizes, long[] stride, long[] padding, long[] dilation,
                long groups, long[] outputSizes, boolean transposed) {
            int k = weightSizes.length;
            this.spatial = k - 2;
            boolean one = spatial == 1;
            this.transposed = transposed;
            this.inputSizes = inputSizes;
            this.batch = inputSizes[0];
            this.inChannels = inputSizes[1];
            this.outChannels = weightSizes[0];
            this.groups = (int) groups;
            this.outPerGroup = outChannels / groups;
            this.inPerGroup = weightSizes[1];
            boolean deep = spatial == 3;
            this.inD = deep ? inputSizes[2] : 1;
            this.kD = deep ? weightSizes[2] : 1;
            this.strideD = deep ? stride[0] : 1;
            this.padD = deep ? padding[0] : 0;
            this.dilD = deep ? dilation[0] : 1;
            this.outD = deep ? outputSizes[2] : 1;
            this.inH = one ? 1 : inputSizes[k - 2];
            this.inW = inputSizes[k - 1];
            this.kH = one ? 1 : weightSizes[k - 2];
            this.kW = weightSizes[k - 1];
            this.strideH = one ? 1 : stride[spatial - 2];
            this.strideW = stride[spatial - 1];
            this.padH = one ? 0 : padding[spatial - 2];
            this.padW = padding[spatial - 1];
            this.dilH = one ? 1 : dilation[spatial - 2];
            this.dilW = dilation[spatial - 1];
            this.outputSizes = outputSizes;
            this.outH = one ? 1 : outputSizes[k - 2];
            this.outW = outputSizes[k - 1];
        }

        /**
         * The sliding blocks of im2col and col2im: a single-filter convolution of an input {@code [N, C, H, W]}
         * whose output plane is {@code outH x outW}, already checked by the caller.
         */
        static Geometry slidingBlocks(long[] inputSizes, long[] kernel, long[] dilation, long[] padding, long[] stride,
                long outH, long outW) {
            long[] weight = {1, inputSizes[1], kernel[0], kernel[1]};
            long[] output = {inputSizes[0], 1, outH, outW};
            return checkedSize(new Geometry(inputSizes, weight, stride, padding, dilation, 1, output, false));
        }

        /** _convolution's and check_shape_forward's checks, in their order, with their messages. */
        static Geometry of(Tensor input, Tensor weight, Tensor bias, long[] strideIn, long[] paddingIn,
                long[] dilationIn, boolean transposed, long[] outputPaddingIn, long groups) {
            int k = weight.dim();
            int dim = k - 2;
            if (dim <= 0) {
                throw new IllegalArgumentException("weight should have at least three dimensions");
            }
            if (groups <= 0) {
                throw new IllegalArgumentException("non-positive groups is not supported");
            }
            long[] stride = expandParam(strideIn, "stride", dim);
            long[] padding = expandParam(paddingIn, "padding", dim);
            long[] dilation = expandParam(dilationIn, "dilation", dim);
            long[] outputPadding = expandParam(outputPaddingIn, "output_padding", dim);
            if (anyBelow(padding, 0)) {
                throw new IllegalArgumentException("negative padding is not supported");
            }
            if (anyBelow(outputPadding, 0)) {
                throw new IllegalArgumentException("negative output_padding is not supported");
            }
            if (anyBelow(stride, 1)) {
                throw new IllegalArgumentException("non-positive stride is not supported");
            }
            if (!transposed && anyBelow(dilation, 1)) {
                // a transposed convolution leaves this to slow_conv_transpose2d's own check, with its message
                throw new IllegalArgumentException("non-positive dilation is not supported");
            }
            long[] w = weight.sizes();
            if (input.dim() != k) {
                throw new IllegalArgumentException("Expected " + k + "-dimensional input for " + k + "-dimensional weight "
                        + Arrays.toString(w) + ", but got " + input.dim() + "-dimensional input of size "
                        + Arrays.toString(input.sizes()) + " instead");
            }
            if (w[0] < groups) {
                throw new IllegalArgumentException("Given groups=" + groups + ", expected weight to be at least " + groups
                        + " at dimension 0, but got weight of size " + Arrays.toString(w) + " instead");
            }
            if (w[0] % groups != 0) {
                throw new IllegalArgumentException("Given groups=" + groups + ", expected weight to be divisible by "
                        + groups + " at dimension 0, but got weight of size [" + Arrays.toString(w) + "] instead");
            }
            if (transposed) {
                return transposedGeometry(input, weight, bias, stride, padding, dilation, outputPadding, groups);
            }
            if (input.size(1) != w[1] * groups) {
                throw new IllegalArgumentException("Given groups=" + groups + ", weight of size " + Arrays.toString(w)
                        + ", expected input" + Arrays.toString(input.sizes()) + " to have " + (w[1] * groups)
                        + " channels, but got " + input.size(1) + " channels instead");
            }
            if (bias != null && !(bias.dim() == 1 && bias.size(0) == w[0])) {
                throw new IllegalArgumentException("Given weight of size " + Arrays.toString(w)
                        + ", expected bias to be 1-dimensional with " + w[0] + " elements, but got bias of size "
                        + Arrays.toString(bias.sizes()) + " instead");
            }
            long[] padded = new long[dim];
            long[] kernel = new long[dim];
            boolean fits = true;
            for (int d = 0; d < dim; d++) {
                int i = d;
                padded[i] = exact(() -> Math.addExact(input.size(i + 2), Math.multiplyExact(2, padding[i])));
                kernel[i] = exact(() -> Math.addExact(Math.multiplyExact(dilation[i], w[i + 2] - 1), 1));
                fits &= padded[i] >= kernel[i];
            }
            if (!fits) {
                throw new IllegalArgumentException("Calculated padded input size per channel: (" + joined(padded)
                        + "). Kernel size: (" + joined(kernel) + "). Kernel size can't be greater than actual input size");
            }
            checkEmptyInput(input);
            checkSpatialDims(dim);
            long[] out = new long[k];
            out[0] = input.size(0);
            // ATen 1.13's Empty backend: a weight without elements gives an output without channels
            out[1] = weight.numel() == 0 ? 0 : w[0];
            for (int i = 0; i < dim; i++) {
                out[i + 2] = (padded[i] - kernel[i]) / stride[i] + 1;
            }
            return checkedSize(new Geometry(input.sizes(), w, stride, padding, dilation, groups, out, false));
        }

        /**
         * A transposed convolution as the adjoint of a regular one: its output is that convolution's input, and its
         * input that convolution's output. check_shape_forward's transposed checks, then (unless the input has no
         * elements, ATen's Empty backend) slow_conv_transpose2d's shape checks, with their messages: a 1-D
         * convolution is described as the 2-D one of height 1 that ATen runs.
         */
        private static Geometry transposedGeometry(Tensor input, Tensor weight, Tensor bias, long[] stride,
                long[] padding, long[] dilation, long[] outputPadding, long groups) {
            long[] w = weight.sizes();
            int dim = w.length - 2;
            if (input.size(1) != w[0]) {
                throw new IllegalArgumentException("Given transposed=1, weight of size " + Arrays.toString(w)
                        + ", expected input" + Arrays.toString(input.sizes()) + " to have " + w[0]
                        + " channels, but got " + input.size(1) + " channels instead");
            }
            long channels = exact(() -> Math.multiplyExact(w[1], groups));
            if (bias != null && !(bias.dim() == 1 && bias.size(0) == channels)) {
                throw new IllegalArgumentException("Given transposed=1, weight of size " + Arrays.toString(w)
                        + ", expected bias to be 1-dimensional with " + channels + " elements, but got bias of size "
                        + Arrays.toString(bias.sizes()) + " instead");
            }
            checkEmptyInput(input);
            checkSpatialDims(dim);
            boolean empty = input.numel() == 0;
            if (!empty) {
                checkTransposedShape(input, w, stride, padding, dilation, outputPadding);
            }
            long[] out = new long[w.length];
            out[0] = input.size(0);
            out[1] = channels;
            for (int i = 0; i < dim; i++) {
                int d = i;
                out[i + 2] = exact(() -> Math.addExact(Math.addExact(Math.subtractExact(
                        Math.multiplyExact(input.size(d + 2) - 1, stride[d]), Math.multiplyExact(2, padding[d])),
                        Math.multiplyExact(dilation[d], w[d + 2] - 1)), outputPadding[d] + 1));
                if (out[i + 2] < 0) {
                    throw new IllegalArgumentException("invalid shape dimension " + out[i + 2]);
                }
            }
            return checkedSize(new Geometry(out, w, stride, padding, dilation, groups, input.sizes(), true));
        }

        /**
         * slow_conv_transpose2d_shape_check's checks of the kernel, dilation, output padding and sizes (or
         * slow_conv_transpose3d_shape_check's, which names the depth too and has no kernel check of its own).
         */
        private static void checkTransposedShape(Tensor input, long[] w, long[] stride, long[] padding,
                long[] dilation, long[] outputPadding) {
            int dim = w.length - 2;
            boolean one = dim == 1;
            long[] kernel = one ? new long[] {1, w[2]} : Arrays.copyOfRange(w, 2, w.length);
            long[] s = one ? new long[] {1, stride[0]} : stride;
            long[] d = one ? new long[] {1, dilation[0]} : dilation;
            long[] op = one ? new long[] {0, outputPadding[0]} : outputPadding;
            long[] p = one ? new long[] {0, padding[0]} : padding;
            String[] names = dim == 3 ? new String[] {"depth", "height", "width"} : new String[] {"height", "width"};
            if (dim < 3 && (kernel[0] <= 0 || kernel[1] <= 0)) {
                throw new IllegalArgumentException("kernel size should be greater than zero, but got kernel_height: "
                        + kernel[0] + " kernel_width: " + kernel[1]);
            }
            if (Arrays.stream(d).anyMatch(v -> v <= 0)) {
                throw new IllegalArgumentException("dilation should be greater than zero, but got "
                        + described("dilation", names, d, ", "));
            }
            boolean small = true;
            for (int i = 0; i < op.length; i++) {
                small &= op[i] < s[i] || op[i] < d[i];
            }
            if (!small) {
                throw new IllegalArgumentException("output padding must be smaller than either stride or dilation, but"
                        + " got " + described("output_padding", names, op, " ") + " " + described("stride", names, s, " ")
                        + " " + described("dilation", names, d, " "));
            }
            if (Arrays.stream(w).anyMatch(size -> size == 0)) {
                throw new IllegalArgumentException(dim == 3
                        ? "non-empty 5D (n_output_plane x n_input_plane x kernel_depth x kernel_height x kernel_width)"
                                + " tensor expected for weight, but got: " + Arrays.toString(w)
                        : "non-empty 2D or 4D weight tensor expected, but got: "
                                + Arrays.toString(one ? new long[] {w[0], w[1], 1, w[2]} : w));
            }
            long[] in = one ? new long[] {1, input.size(2)} : Arrays.copyOfRange(input.sizes(), 2, input.dim());
            long[] out = new long[in.length];
            boolean fits = true;
            for (int i = 0; i < in.length; i++) {
                int j = i;
                out[i] = exact(() -> (in[j] - 1) * s[j] - 2 * p[j] + (d[j] * (kernel[j] - 1) + 1) + op[j]);
                fits &= out[i] >= 1;
            }
            if (!fits) {
                throw new IllegalArgumentException("Given input size per channel: (" + joined(in)
                        + "). Calculated output size per channel: (" + joined(out) + "). Output size is too small");
            }
        }

        /** {@code name_depth: 1<sep>name_height: 2<sep>name_width: 3}, as ATen's shape checks print them. */
        private static String described(String name, String[] dims, long[] values, String separator) {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < dims.length; i++) {
                text.append(i == 0 ? "" : separator).append(name).append('_').append(dims[i]).append(": ")
                        .append(values[i]);
            }
            return text.toString();
        }

        /** ATen's Empty backend takes an input without elements only when its batch or channels are empty. */
        private static void checkEmptyInput(Tensor input) {
            if (input.numel() == 0 && input.size(0) != 0 && input.size(1) != 0) {
                throw new IllegalArgumentException("Only zero batch or zero channel inputs are supported, but got input"
                        + " shape: " + Arrays.toString(input.sizes()));
            }
        }

        private static void checkSpatialDims(int dim) {
            if (dim > 3) {
                throw new NotImplementedError("convolution: " + dim + " spatial dims are not implemented on CPU yet");
            }
        }

        /** Refuses a convolution whose unfolded columns or output would not fit in one Java array. */
        private static Geometry checkedSize(Geometry g) {
            long colsElements = exact(() -> Math.multiplyExact(Math.multiplyExact(g.batch, g.colsRows()),
                    g.outputPlane()));
            if (colsElements > Integer.MAX_VALUE || exact(() -> Math.multiplyExact(g.batch,
                    Math.multiplyExact(g.outChannels, g.outputPlane()))) > Integer.MAX_VALUE
                    || exact(() -> Math.multiplyExact(g.batch, Math.multiplyExact(g.inChannels, g.inputPlane())))
                    > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("convolution: the unfolded input of " + Arrays.toString(g.colsSizes())
                        + " elements is too large");
            }
            return g;
        }

        /** The sizes of the operator's result: this convolution's output, or its input when it is a transposed one's. */
        long[] resultSizes() {
            return transposed ? inputSizes : outputSizes;
        }

        /** The dtype checks of the backend ATen picks: mkldnn's for a float32 input, slow_conv2d's otherwise. */
        void checkForwardTypes(Tensor input, Tensor weight, Tensor bias) {
            ScalarType dtype = input.dtype();
            if (transposed) {
                // slow_conv_transpose2d's: float32, float64 and int64 (float16 and bfloat16 computed in float32)
                if (!(dtype.isFloatingPoint() || dtype == ScalarType.Int64)) {
                    throw Elementwise.notImplemented(spatial == 3 ? "slow_conv_transpose3d_out_cpu"
                            : "slow_conv_transpose2d_out_cpu", dtype);
                }
            } else if (dtype == ScalarType.Float32) {
                if (weight.dtype() != dtype) {
                    throw new IllegalArgumentException("Input type (" + legacyName(input) + ") and weight type ("
                            + legacyName(weight) + ") should be the same or input should be a MKLDNN tensor and weight"
                            + " is a dense tensor");
                }
                if (bias != null && bias.dtype() != dtype) {
                    throw new IllegalArgumentException("Input type (" + legacyName(input) + ") and bias type ("
                            + legacyName(bias) + ") should be the same or input should be a MKLDNN tensor and bias is"
                            + " a dense tensor");
                }
                return;
            }
            if (dtype == ScalarType.Bool) {
                throw Elementwise.notImplemented(spatial == 3 ? "compute_columns3d" : "slow_conv2d_cpu", dtype);
            }
            for (Tensor t : new Tensor[] {weight, bias}) {
                if (t != null && t.dtype() != dtype) {
                    throw new IllegalArgumentException("expected scalar type " + dtype.c10Name() + " but found "
                            + t.dtype().c10Name());
                }
            }
        }

        long outputPlane() {
            return outD * outH * outW;
        }

        /** The elements of one channel of one sample of the input. */
        long inputPlane() {
            return inD * inH * inW;
        }

        long colsRowsPerGroup() {
            return inPerGroup * kD * kH * kW;
        }

        long colsRows() {
            return inChannels * kD * kH * kW;
        }

        long[] colsSizes() {
            return new long[] {batch, colsRows(), outputPlane()};
        }

        /** Group {@code k}'s filters as a {@code [O/groups, C/groups * kH * kW]} matrix of a contiguous weight. */
        Tensor weightOf(Tensor w, int k) {
            long cols = colsRowsPerGroup();
            return w.asStrided(new long[] {outPerGroup, cols}, new long[] {cols, 1}, w.storageOffset()
                    + k * outPerGroup * cols);
        }

        /** Sample {@code n}, group {@code k} of contiguous columns {@code [N, C * kH * kW, oH * oW]} (n = 0: one sample's). */
        Tensor colsOf(Tensor cols, long n, int k) {
            long l = outputPlane();
            long rows = colsRowsPerGroup();
            return cols.asStrided(new long[] {rows, l}, new long[] {l, 1}, cols.storageOffset()
                    + (n * colsRows() + k * rows) * l);
        }

        /** Sample {@code n}, group {@code k} of a contiguous output {@code [N, O, oH, oW]} as a matrix. */
        Tensor outputOf(Tensor out, long n, int k) {
            long l = outputPlane();
            return out.asStrided(new long[] {outPerGroup, l}, new long[] {l, 1}, out.storageOffset()
                    + (n * outChannels + k * outPerGroup) * l);
        }

        /**
         * Runs {@code body} for every sample with a scratch matrix for its columns, one per chunk of samples:
         * the columns of one sample stay in the cache between im2col and the product (or the product and
         * col2im), and the batch's columns are never allocated at once. Samples are split between threads when
         * there are enough of them; otherwise the products themselves are.
         */
        void forEachSample(ScalarType dtype, SampleWithColumns body) {
            long perSample = Math.max(1, outChannels * colsRowsPerGroup() * outputPlane());
            if (batch >= Parallel.getNumThreads() && batch > 1) {
                Parallel.parallelFor(0, batch, (Gemm.GRAIN_MULTIPLY_ADDS + perSample - 1) / perSample,
                        (from, to) -> forSamples(dtype, from, to, body));
            } else {
                forSamples(dtype, 0, batch, body);
            }
        }

        private void forSamples(ScalarType dtype, long from, long to, SampleWithColumns body) {
            try (ScratchMatrix cols = ScratchMatrix.of(colsRows(), outputPlane(), dtype)) {
                for (long n = from; n < to; n++) {
                    body.run(n, cols.matrix());
                }
            }
        }

        /** im2col of sample {@code n} of a contiguous input into the {@code [C * kH * kW, oH * oW]} {@code cols}. */
        void unfoldSample(Tensor input, long n, Tensor cols) {
            im2col(input, n, cols, 0, (int) outputPlane());
        }

        /**
         * im2col of sample {@code n} into {@code cols}: row {@code r} at {@code dstOff + r * rowStride}. Integer
         * columns are only ever one sample's ({@code rowStride = oH * oW}): integer convolutions have no backward.
         */
        void im2col(Tensor input, long n, Tensor cols, int dstOff, int rowStride) {
            int in = (int) (input.storageOffset() + n * inChannels * inputPlane());
            if (spatial == 3 && input.dtype() != ScalarType.Int64 && input.dtype() != ScalarType.Int32) {
                if (input.dtype() == ScalarType.Float32) {
                    FloatVol2Col.vol2col(this, input.storage().floats(), in, cols.storage().floats(), dstOff, rowStride);
                } else {
                    DoubleVol2Col.vol2col(this, input.storage().doubles(), in, cols.storage().doubles(), dstOff,
                            rowStride);
                }
                return;
            }
            switch (input.dtype()) {
                case Float32:
                    FloatIm2Col.im2col(this, input.storage().floats(), in, cols.storage().floats(), dstOff, rowStride);
                    break;
                case Float64:
                    DoubleIm2Col.im2col(this, input.storage().doubles(), in, cols.storage().doubles(), dstOff, rowStride);
                    break;
                default:
                    LongIm2Col.im2col(this, input.storage(), in, cols.storage(), dstOff);
            }
        }

        /** col2im: adds the {@code [C * kH * kW, oH * oW]} {@code gradCols} into sample {@code n} of {@code gradInput}. */
        void foldSample(Tensor gradCols, Tensor gradInput, long n) {
            foldSample(gradCols, (int) gradCols.storageOffset(), gradInput, n);
        }

        /** col2im of the {@code [C * kH * kW, oH * oW]} columns at {@code srcOff} of {@code cols}' storage. */
        void foldSample(Tensor cols, int srcOff, Tensor gradInput, long n) {
            int out = (int) (gradInput.storageOffset() + n * inChannels * inputPlane());
            if (spatial == 3 && gradInput.dtype() != ScalarType.Int64) {
                if (gradInput.dtype() == ScalarType.Float32) {
                    FloatVol2Col.col2vol(this, cols.storage().floats(), srcOff, gradInput.storage().floats(), out);
                } else {
                    DoubleVol2Col.col2vol(this, cols.storage().doubles(), srcOff, gradInput.storage().doubles(), out);
                }
                return;
            }
            switch (gradInput.dtype()) {
                case Float32:
                    FloatIm2Col.col2im(this, cols.storage().floats(), srcOff, gradInput.storage().floats(), out);
                    break;
                case Float64:
                    DoubleIm2Col.col2im(this, cols.storage().doubles(), srcOff, gradInput.storage().doubles(), out);
                    break;
                default:
                    LongIm2Col.col2im(this, cols.storage(), srcOff, gradInput.storage(), out);
            }
        }

        /**
         * im2col of a contiguous float input with the batch inside each row: a {@code [C * kH * kW, N * oH * oW]}
         * scratch matrix, the operand of the weight gradient's one product over the whole batch, written in place
         * rather than unfolded per sample and copied.
         */
        ScratchMatrix unfoldBatchInner(Tensor input) {
            long l = outputPlane();
            ScratchMatrix scratch = ScratchMatrix.of(colsRows(), batch * l, input.dtype());
            Tensor cols = scratch.matrix();
            int rowStride = (int) (batch * l);
            long grain = Math.max(1, Parallel.GRAIN_SIZE / Math.max(1, colsRows() * l));
            Parallel.parallelFor(0, batch, grain, (from, to) -> {
                for (long n = from; n < to; n++) {
                    im2col(input, n, cols, (int) (n * l), rowStride);
                }
            });
            return scratch;
        }


        /**
         * Whether output row {@code oh + 1} of a kernel offset reads the input row right after the one row
         * {@code oh} reads, as one run of memory: stride 1 and an output as wide as the input ("same" padding).
         * Then a row of the columns matrix is one copy of the input (im2col) and one run of additions into it
         * (col2im), rather than one per output row.
         */
        boolean outputRowsRunOn() {
            return strideH == 1 && strideW == 1 && outW == inW;
        }

        /** The first output row whose input row is inside the input, for kernel row {@code ki}. */
        int firstRowInside(int ki) {
            long shift = ki * dilH - padH;
            return (int) Math.min(outH, Math.max(0, -floorDiv(shift, strideH)));
        }

        /** One past the last output row from {@code first} whose input row is inside the input. */
        int endRowInside(int ki, int first) {
            long shift = ki * dilH - padH;
            return (int) Math.max(first, Math.min(outH, -floorDiv(shift - inH, strideH)));
        }

        /**
         * The first output column whose input column {@code ow * strideW + shift} is inside the input (not in
         * the padding), for a kernel column at {@code shift = kj * dilW - padW}.
         */
        int firstInside(int shift) {
            return (int) Math.min(outW, Math.max(0, -floorDiv(shift, strideW)));
        }

        /** One past the last output column from {@code first} whose input column is inside the input. */
        int endInside(int shift, int first) {
            return (int) Math.max(first, Math.min(outW, -floorDiv(shift - inW, strideW)));
        }

        /** {@code Math.floorDiv} without its division at stride 1, the common case (the loops call this per row). */
        private static long floorDiv(long x, long stride) {
            return stride == 1 ? x : Math.floorDiv(x, stride);
        }
    }

    /** expand_param_if_needed: one value for every spatial dim, or exactly one per dim. */
    private static long[] expandParam(long[] values, String name, int dims) {
        if (values.length == 1) {
            long[] out = new long[dims];
            Arrays.fill(out, values[0]);
            return out;
        }
        if (values.length != dims) {
            throw new IllegalArgumentException("expected " + name + " to be a single integer value or a list of " + dims
                    + " values to match the convolution dimensions, but got " + name + "=" + Arrays.toString(values));
        }
        return values;
    }

    private static boolean anyBelow(long[] values, long least) {
        for (long v : values) {
            if (v < least) {
                return true;
            }
        }
        return false;
    }

    private interface ExactLong {
        long get();
    }

    /** Size arithmetic that overflows a long is refused, as an absurd size. */
    private static long exact(ExactLong f) {
        try {
            return f.get();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("convolution: integer overflow in the size of a padded input or kernel");
        }
    }

    private static String joined(long[] values) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < values.length; i++) {
            s.append(i == 0 ? "" : " x ").append(values[i]);
        }
        return s.toString();
    }

    /** Tensor::toString() of a CPU tensor: torch.FloatTensor, torch.DoubleTensor, ... */
    private static String legacyName(TensorImpl t) {
        switch (t.dtype()) {
            case Float32: return "torch.FloatTensor";
            case Float64: return "torch.DoubleTensor";
            case Int32: return "torch.IntTensor";
            case Int64: return "torch.LongTensor";
            default: return "torch." + t.dtype().c10Name() + "Tensor";
        }
    }
}
