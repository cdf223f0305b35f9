package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.reduce.StridedCopy;
import org.jitdispatch.kernels.structured.StructuredMeta;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorGeometry;
import org.jitdispatch.runtime.TensorImpl;

/**
 * Nearest, bilinear and bicubic upsampling of 4-D (N, C, H, W) inputs, as PyTorch 1.13's UpSample.h and
 * UpSampleKernel.cpp compute them: the structured operators with explicit scales, their backward operators,
 * and the {@code .vec} overloads that F.interpolate calls (an output size or scale factors).
 *
 * <p>Nearest: output index o reads {@code min(floor(o * scale), in - 1)} with the float scale {@code in / out}
 * (or {@code 1 / scale_factor}), exactly {@code o} when the sizes are equal and {@code o >> 1} when the output is
 * twice the input. Bilinear: the source coordinate is {@code scale * (o + 0.5) - 0.5} clamped at 0, or {@code
 * scale * o} with align_corners (scale {@code (in - 1) / (out - 1)}), and the two neighbours are weighted by the
 * fraction. Values are computed in double and rounded once; the backward operators add each gradient into the
 * inputs it was read from.
 */
public final class Upsample implements UpsampleDeclarations {

    // ---------------------------------------------------------------- nearest

    @Override
    public void meta_upsample_nearest2d(StructuredMeta op, Tensor self, long[] outputSize, Double scalesH,
            Double scalesW) {
        declareOutput(op, self, outputSize);
        if (onCpu(self)) {
            checkDtype("compute_indices_weights_nearest", self.dtype(), true);
        }
    }

    @Override
    public void upsample_nearest2d_out(StructuredMeta op, Tensor self, long[] outputSize, Double scalesH, Double scalesW,
            Tensor out) {
        if (out.numel() == 0) {
            return; // an empty batch: nothing to read or write
        }
        Geometry g = new Geometry(self.sizes(), outputSize);
        // ATen's channels-last kernel (taken by any channels-last-contiguous input, one channel too) indexes as the
        // backward does (nearest_idx); the generic kernel by compute_indices_weights_nearest
        boolean channelsLast = MemoryFormats.isContiguous(self, MemoryFormat.ChannelsLast);
        int[] rows = channelsLast ? nearestIndices(g.inH, g.outH, scalesH) : nearestForwardIndices(g.inH, g.outH, scalesH);
        int[] cols = channelsLast ? nearestIndices(g.inW, g.outW, scalesW) : nearestForwardIndices(g.inW, g.outW, scalesW);
        double[] in = self.contiguous().toDoubleArray();
        double[] values = new double[g.outNumel()];
        for (int p = 0, o = 0; p < g.planes; p++) {
            int base = p * g.inH * g.inW;
            for (int oh = 0; oh < g.outH; oh++) {
                int row = base + rows[oh] * g.inW;
                for (int ow = 0; ow < g.outW; ow++) {
                    values[o++] = in[row + cols[ow]];
                }
            }
        }
        write(values, out);
    }

    @Override
    public void meta_upsample_nearest2d_backward(StructuredMeta op, Tensor gradOutput, long[] outputSize,
            long[] inputSize, Double scalesH, Double scalesW) {
        declareGradInput(op, gradOutput, outputSize, inputSize);
        if (onCpu(gradOutput)) {
            checkDtype("upsample_nearest2d_backward_out_frame", gradOutput.dtype(), false);
        }
    }

    @Override
    public void upsample_nearest2d_backward_out(StructuredMeta op, Tensor gradOutput, long[] outputSize,
            long[] inputSize, Double scalesH, Double scalesW, Tensor gradInput) {
        if (gradInput.numel() == 0) {
            return;
        }
        Geometry g = new Geometry(inputSize, outputSize);
        int[] rows = nearestIndices(g.inH, g.outH, scalesH);
        int[] cols = nearestIndices(g.inW, g.outW, scalesW);
        double[] grad = gradOutput.contiguous().toDoubleArray();
        double[] sums = new double[g.inNumel()];
        for (int p = 0, o = 0; p < g.planes; p++) {
            int base = p * g.inH * g.inW;
            for (int oh = 0; oh < g.outH; oh++) {
                int row = base + rows[oh] * g.inW;
                for (int ow = 0; ow < g.outW; ow++) {
                    sums[row + cols[ow]] += grad[o++];
                }
            }
        }
        write(sums, gradInput);
    }

    /**
     * The forward kernel's compute_indices_weights_nearest: {@code floorf(o * scale)} with the scale and the product
     * in double (CPU's acc_type of float), capped at the last input index. Unlike nearest_idx (the backward's and
     * the channels-last kernel's) it has no shortcut for equal or doubled sizes, so a given scale counts there too.
     */
    static int[] nearestForwardIndices(int in, int out, Double scale) {
        int[] index = new int[out];
        double s = scale != null && scale > 0 ? 1.0 / scale : (double) in / out;
        for (int o = 0; o < out; o++) {
            index[o] = (int) Math.min((long) Math.floor((float) (s * o)), in - 1);
        }
        return index;
    }

    /** nearest_idx: bit exact for equal sizes and for twice the size, else floor(o * scale) in float. */
    static int[] nearestIndices(int in, int out, Double scale) {
        int[] index = new int[out];
        float s = scaleValue(scale, in, out);
        for (int o = 0; o < out; o++) {
            index[o] = out == in ? o : out == 2 * in ? o >> 1 : (int) Math.min((long) Math.floor(o * s), in - 1);
        }
        return index;
    }

    // ---------------------------------------------------------------- bilinear

    @Override
    public void meta_upsample_bilinear2d(StructuredMeta op, Tensor self, long[] outputSize, boolean alignCorners,
            Double scalesH, Double scalesW) {
        declareOutput(op, self, outputSize);
        if (onCpu(self)) {
            checkDtype("compute_indices_weights_linear", self.dtype(), false);
        }
    }

    @Override
    public void upsample_bilinear2d_out(StructuredMeta op, Tensor self, long[] outputSize, boolean alignCorners,
            Double scalesH, Double scalesW, Tensor out) {
        if (out.numel() == 0) {
            return; // an empty batch: nothing to read or write
        }
        Geometry g = new Geometry(self.sizes(), outputSize);
        boolean single = self.dtype() != ScalarType.Float64;
        Linear rows = Linear.of(g.inH, g.outH, alignCorners, scalesH, single);
        Linear cols = Linear.of(g.inW, g.outW, alignCorners, scalesW, single);
        double[] in = self.contiguous().toDoubleArray();
        double[] values = new double[g.outNumel()];
        for (int p = 0, o = 0; p < g.planes; p++) {
            int base = p * g.inH * g.inW;
            for (int oh = 0; oh < g.outH; oh++) {
                int r0 = base + rows.index0[oh] * g.inW;
                int r1 = base + rows.index1[oh] * g.inW;
                for (int ow = 0; ow < g.outW; ow++) {
                    int c0 = cols.index0[ow];
                    int c1 = cols.index1[ow];
                    double top = in[r0 + c0] * cols.lambda0[ow] + in[r0 + c1] * cols.lambda1[ow];
                    double bottom = in[r1 + c0] * cols.lambda0[ow] + in[r1 + c1] * cols.lambda1[ow];
                    values[o++] = top * rows.lambda0[oh] + bottom * rows.lambda1[oh];
                }
            }
        }
        write(values, out);
    }

    @Override
    public void meta_upsample_bilinear2d_backward(StructuredMeta op, Tensor gradOutput, long[] outputSize,
            long[] inputSize, boolean alignCorners, Double scalesH, Double scalesW) {
        declareGradInput(op, gradOutput, outputSize, inputSize);
        if (onCpu(gradOutput)) {
            checkDtype("upsample_bilinear2d_backward_out_frame", gradOutput.dtype(), false);
        }
    }

    @Override
    public void upsample_bilinear2d_backward_out(StructuredMeta op, Tensor gradOutput, long[] outputSize,
            long[] inputSize, boolean alignCorners, Double scalesH, Double scalesW, Tensor gradInput) {
        if (gradInput.numel() == 0) {
            return;
        }
        Geometry g = new Geometry(inputSize, outputSize);
        boolean single = gradOutput.dtype() != ScalarType.Float64;
        Linear rows = Linear.of(g.inH, g.outH, alignCorners, scalesH, single);
        Linear cols = Linear.of(g.inW, g.outW, alignCorners, scalesW, single);
        double[] grad = gradOutput.contiguous().toDoubleArray();
        double[] sums = new double[g.inNumel()];
        for (int p = 0, o = 0; p < g.planes; p++) {
            int base = p * g.inH * g.inW;
            for (int oh = 0; oh < g.outH; oh++) {
                int r0 = base + rows.index0[oh] * g.inW;
                int r1 = base + rows.index1[oh] * g.inW;
                for (int ow = 0; ow < g.outW; ow++) {
                    double v = grad[o++];
                    double top = v * rows.lambda0[oh];
                    double bottom = v * rows.lambda1[oh];
                    sums[r0 + cols.index0[ow]] += top * cols.lambda0[ow];
                    sums[r0 + cols.index1[ow]] += top * cols.lambda1[ow];
                    sums[r1 + cols.index0[ow]] += bottom * cols.lambda0[ow];
                    sums[r1 + cols.index1[ow]] += bottom * cols.lambda1[ow];
                }
            }
        }
        write(sums, gradInput);
    }

    /** compute_indices_weights_linear along one dim: two source indices and their weights per output index. */
    static final class Linear {
        final int[] index0;
        final int[] index1;
        final double[] lambda0;
        final double[] lambda1;

        private Linear(int out) {
            index0 = new int[out];
            index1 = new int[out];
            lambda0 = new double[out];
            lambda1 = new double[out];
        }

        /**
         * In the input's opmath type, as area_pixel_compute_scale and area_pixel_compute_source_index compute:
         * float for float32 (and the narrower floats), double for float64.
         */
        static Linear of(int in, int out, boolean alignCorners, Double scale, boolean single) {
            Linear l = new Linear(out);
            double ratio = ratio(in, out, alignCorners, scale, single);
            for (int o = 0; o < out; o++) {
                if (out == in) {
                    l.index0[o] = o;
                    l.index1[o] = o;
                    l.lambda0[o] = 1;
                    continue;
                }
                double real = single
                        ? (alignCorners ? (float) ratio * o : Math.max((float) ratio * (o + 0.5f) - 0.5f, 0f))
                        : (alignCorners ? ratio * o : Math.max(ratio * (o + 0.5) - 0.5, 0));
                int i0 = (int) real;
                l.index0[o] = i0;
                l.index1[o] = i0 < in - 1 ? i0 + 1 : i0;
                double lambda1 = Math.min(Math.max(real - i0, 0), 1);
                if (single) {
                    lambda1 = (float) lambda1;
                    l.lambda0[o] = 1f - (float) lambda1;
                } else {
                    l.lambda0[o] = 1 - lambda1;
                }
                l.lambda1[o] = lambda1;
            }
            return l;
        }

        /** area_pixel_compute_scale: (in - 1) / (out - 1) with align_corners, else 1 / scale or in / out. */
        static double ratio(int in, int out, boolean alignCorners, Double scale, boolean single) {
            if (alignCorners) {
                return out <= 1 ? 0 : single ? (float) (in - 1) / (out - 1) : (double) (in - 1) / (out - 1);
            }
            if (single) {
                return scaleValue(scale, in, out);
            }
            return scale != null && scale > 0 ? 1.0 / scale : (double) in / out;
        }
    }

    // ---------------------------------------------------------------- bicubic

    @Override
    public void meta_upsample_bicubic2d(StructuredMeta op, Tensor self, long[] outputSize, boolean alignCorners,
            Double scalesH, Double scalesW) {
        declareOutput(op, self, outputSize);
        if (onCpu(self) && (!self.dtype().isFloatingPoint() || self.dtype() == ScalarType.Float16)) {
            throw Elementwise.notImplemented("compute_indices_weights_cubic", self.dtype());
        }
    }

    /** Each output the sum over 4 x 4 inputs (indices clamped to the plane) of the row weight times the column's. */
    @Override
    public void upsample_bicubic2d_out(StructuredMeta op, Tensor self, long[] outputSize, boolean alignCorners,
            Double scalesH, Double scalesW, Tensor out) {
        if (out.numel() == 0) {
            return; // an empty batch: nothing to read or write
        }
        Geometry g = new Geometry(self.sizes(), outputSize);
        boolean single = self.dtype() != ScalarType.Float64;
        Cubic rows = Cubic.of(g.inH, g.outH, alignCorners, scalesH, single);
        Cubic cols = Cubic.of(g.inW, g.outW, alignCorners, scalesW, single);
        double[] in = self.contiguous().toDoubleArray();
        double[] values = new double[g.outNumel()];
        for (int p = 0, o = 0; p < g.planes; p++) {
            int base = p * g.inH * g.inW;
            for (int oh = 0; oh < g.outH; oh++) {
                for (int ow = 0; ow < g.outW; ow++) {
                    double sum = 0;
                    for (int i = 0; i < 4; i++) {
                        int row = base + rows.index[oh * 4 + i] * g.inW;
                        double across = 0;
                        for (int j = 0; j < 4; j++) {
                            across += in[row + cols.index[ow * 4 + j]] * cols.weight[ow * 4 + j];
                        }
                        sum += across * rows.weight[oh * 4 + i];
                    }
                    values[o++] = sum;
                }
            }
        }
        write(values, out);
    }

    @Override
    public void meta_upsample_bicubic2d_backward(StructuredMeta op, Tensor gradOutput, long[] outputSize,
            long[] inputSize, boolean alignCorners, Double scalesH, Double scalesW) {
        declareGradInput(op, gradOutput, outputSize, inputSize);
        if (onCpu(gradOutput)) {
            checkDtype("upsample_bicubic2d_backward_out_frame", gradOutput.dtype(), false);
        }
    }

    /** Each gradient added into the 4 x 4 inputs it was read from, with the forward's weights; equal sizes copy. */
    @Override
    public void upsample_bicubic2d_backward_out(StructuredMeta op, Tensor gradOutput, long[] outputSize,
            long[] inputSize, boolean alignCorners, Double scalesH, Double scalesW, Tensor gradInput) {
        if (gradInput.numel() == 0) {
            return;
        }
        Geometry g = new Geometry(inputSize, outputSize);
        double[] grad = gradOutput.contiguous().toDoubleArray();
        if (g.inH == g.outH && g.inW == g.outW) {
            // upsample_bicubic2d_backward_out_frame's special case: equal sizes copy, whatever the scales say
            write(grad, gradInput);
            return;
        }
        boolean single = gradOutput.dtype() != ScalarType.Float64;
        Cubic rows = Cubic.of(g.inH, g.outH, alignCorners, scalesH, single);
        Cubic cols = Cubic.of(g.inW, g.outW, alignCorners, scalesW, single);
        double[] sums = new double[g.inNumel()];
        for (int p = 0, o = 0; p < g.planes; p++) {
            int base = p * g.inH * g.inW;
            for (int oh = 0; oh < g.outH; oh++) {
                for (int ow = 0; ow < g.outW; ow++) {
                    double v = grad[o++];
                    for (int i = 0; i < 4; i++) {
                        int row = base + rows.index[oh * 4 + i] * g.inW;
                        double down = v * rows.weight[oh * 4 + i];
                        for (int j = 0; j < 4; j++) {
                            sums[row + cols.index[ow * 4 + j]] += down * cols.weight[ow * 4 + j];
                        }
                    }
                }
            }
        }
        write(sums, gradInput);
    }

    /**
     * HelperInterpCubic's compute_indices_weights along one dim: for each output index, the four source indices
     * {@code floor(x) - 1 .. floor(x) + 2} clamped to the input, and Keys' cubic convolution weights ({@code A =
     * -0.75}) of the fraction, in the input's opmath type (float for float32). The source coordinate is {@code
     * scale * (o + 0.5) - 0.5}, not clamped at 0 as bilinear's is, or {@code scale * o} with align_corners.
     */
    private static final class Cubic {
        private static final double A = -0.75;

        final int[] index;
        final double[] weight;

        private Cubic(int out) {
            index = new int[out * 4];
            weight = new double[out * 4];
        }

        static Cubic of(int in, int out, boolean alignCorners, Double scale, boolean single) {
            Cubic c = new Cubic(out);
            double ratio = Linear.ratio(in, out, alignCorners, scale, single);
            for (int o = 0; o < out; o++) {
                double real = single
                        ? (alignCorners ? (float) ratio * o : (float) ratio * (o + 0.5f) - 0.5f)
                        : (alignCorners ? ratio * o : ratio * (o + 0.5) - 0.5);
                long floor = (long) Math.floor(real);
                double t = single ? (float) (real - floor) : real - floor;
                double[] w = single ? coefficientsFloat((float) t) : coefficients(t);
                for (int j = 0; j < 4; j++) {
                    c.index[o * 4 + j] = (int) Math.max(Math.min(floor - 1 + j, in - 1), 0);
                    c.weight[o * 4 + j] = w[j];
                }
            }
            return c;
        }

        /** get_cubic_upsample_coefficients in double. */
        private static double[] coefficients(double t) {
            double x2 = 1.0 - t;
            return new double[] {convolution2(t + 1.0), convolution1(t), convolution1(x2), convolution2(x2 + 1.0)};
        }

        private static double convolution1(double x) {
            return ((A + 2) * x - (A + 3)) * x * x + 1;
        }

        private static double convolution2(double x) {
            return ((A * x - 5 * A) * x + 8 * A) * x - 4 * A;
        }

        /** get_cubic_upsample_coefficients in float, as ATen computes it for float32. */
        private static double[] coefficientsFloat(float t) {
            float x2 = 1.0f - t;
            return new double[] {convolution2(t + 1.0f), convolution1(t), convolution1(x2), convolution2(x2 + 1.0f)};
        }

        private static float convolution1(float x) {
            float a = (float) A;
            return ((a + 2) * x - (a + 3)) * x * x + 1;
        }

        private static float convolution2(float x) {
            float a = (float) A;
            return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a;
        }
    }

    // ---------------------------------------------------------------- the .vec overloads (F.interpolate)

    @Override
    public Tensor upsample_bicubic2d(Tensor input, long[] outputSize, boolean alignCorners, double[] scaleFactors) {
        long[] size = outputSize(input, outputSize, scaleFactors);
        return Torch.upsample_bicubic2d(input, size, alignCorners, scale(scaleFactors, 0), scale(scaleFactors, 1));
    }

    @Override
    public Tensor upsample_nearest2d(Tensor input, long[] outputSize, double[] scaleFactors) {
        long[] size = outputSize(input, outputSize, scaleFactors);
        return Torch.upsample_nearest2d(input, size, scale(scaleFactors, 0), scale(scaleFactors, 1));
    }

    @Override
    public Tensor upsample_bilinear2d(Tensor input, long[] outputSize, boolean alignCorners, double[] scaleFactors) {
        long[] size = outputSize(input, outputSize, scaleFactors);
        return Torch.upsample_bilinear2d(input, size, alignCorners, scale(scaleFactors, 0), scale(scaleFactors, 1));
    }

    /** compute_output_size: exactly one of the output size and the scale factors, one per spatial dim. */
    private static long[] outputSize(Tensor input, long[] outputSize, double[] scaleFactors) {
        int spatial = input.dim() - 2;
        if (outputSize != null) {
            if (scaleFactors != null) {
                throw new IllegalArgumentException("Must specify exactly one of output_size and scale_factors");
            }
            if (outputSize.length != spatial) {
                throw new IllegalArgumentException("upsample: output_size has " + outputSize.length
                        + " elements, but the input has " + spatial + " spatial dims (sizes " + Arrays.toString(
                        input.sizes()) + ")");
            }
            return outputSize;
        }
        if (scaleFactors == null) {
            throw new IllegalArgumentException("Must specify exactly one of output_size and scale_factors");
        }
        if (scaleFactors.length != spatial) {
            throw new IllegalArgumentException("upsample: scale_factors has " + scaleFactors.length
                    + " elements, but the input has " + spatial + " spatial dims (sizes " + Arrays.toString(
                    input.sizes()) + ")");
        }
        long[] size = new long[spatial];
        for (int i = 0; i < spatial; i++) {
            size[i] = (long) (input.size(i + 2) * scaleFactors[i]);
        }
        return size;
    }

    private static Double scale(double[] scaleFactors, int i) {
        return scaleFactors == null ? null : scaleFactors[i];
    }

    // ---------------------------------------------------------------- shared checks

    /** The forward metas' checks (upsample_2d_common_check and the rest), then the output declared. */
    private static void declareOutput(StructuredMeta op, Tensor self, long[] outputSize) {
        long[] full = commonCheck(self.sizes(), outputSize);
        checkNonEmpty(self);
        checkApart(op, self);
        op.setOutputRawStrided(0, full, stridesLike(self, full), self.dtype(), self.device());
    }

    /** The backward metas' checks of grad_output against the output size, then grad_input declared. */
    private static void declareGradInput(StructuredMeta op, Tensor gradOutput, long[] outputSize, long[] inputSize) {
        long[] full = commonCheck(inputSize, outputSize);
        checkGradOutput(gradOutput, full);
        checkApart(op, gradOutput);
        op.setOutputRawStrided(0, inputSize, null, gradOutput.dtype(), gradOutput.device());
    }

    /** compute_scales_value in float: 1 / scale when one is given and positive, else in / out. */
    private static float scaleValue(Double scale, int in, int out) {
        return scale != null && scale > 0 ? (float) (1.0 / scale) : (float) in / out;
    }

    /** upsample_2d_common_check: the full output size, N and C kept. */
    private static long[] commonCheck(long[] inputSize, long[] outputSize) {
        if (outputSize.length != 2) {
            throw new IllegalArgumentException("It is expected output_size equals to 2, but got size " + outputSize.length);
        }
        if (inputSize.length != 4) {
            throw new IllegalArgumentException("It is expected input_size equals to 4, but got size " + inputSize.length);
        }
        long inH = inputSize[2];
        long inW = inputSize[3];
        if (!(inH > 0 && inW > 0 && outputSize[0] > 0 && outputSize[1] > 0)) {
            throw new IllegalArgumentException("Input and output sizes should be greater than 0, but got input (H: " + inH
                    + ", W: " + inW + ") output (H: " + outputSize[0] + ", W: " + outputSize[1] + ")");
        }
        return new long[] {inputSize[0], inputSize[1], outputSize[0], outputSize[1]};
    }

    /** An empty batch is allowed, empty channels are not. */
    private static void checkNonEmpty(Tensor self) {
        if (self.numel() == 0 && self.size(1) * self.size(2) * self.size(3) == 0) {
            throw new IllegalArgumentException("Non-empty 4D data tensor expected but got a tensor with sizes "
                    + Arrays.toString(self.sizes()));
        }
    }

    /** An out= tensor sharing memory with the input is refused before it is resized (the input would change). */
    static void checkApart(StructuredMeta op, Tensor input) {
        TensorImpl out = op.maybeGetOutput(0);
        if (out != null && !out.isMeta() && !input.isMeta() && out.storage() == input.storage()) {
            MemOverlap.assertNoOverlap(MemOverlap.Region.of(out), MemOverlap.Region.of(input));
        }
    }

    private static void checkGradOutput(Tensor gradOutput, long[] full) {
        if (gradOutput.dim() != 4) {
            throw new IllegalArgumentException("Expected grad_output to be a tensor of dimension 4 but got: dimension "
                    + gradOutput.dim());
        }
        for (int i = 0; i < 4; i++) {
            if (gradOutput.size(i) != full[i]) {
                throw new IllegalArgumentException("Expected grad_output to have the same shape as output; output.size("
                        + i + ") = " + full[i] + " but got grad_output.size(" + i + ") = " + gradOutput.size(i));
            }
        }
    }

    /** The CPU kernels exist for the floating dtypes, and nearest's forward also for uint8. */
    static void checkDtype(String kernel, ScalarType dtype, boolean byteToo) {
        if (!dtype.isFloatingPoint() && !(byteToo && dtype == ScalarType.UInt8)) {
            throw Elementwise.notImplemented(kernel, dtype);
        }
    }

    /** The output keeps a channels-last input's layout (the input's suggest_memory_format). */
    private static long[] stridesLike(Tensor self, long[] sizes) {
        return MemoryFormats.suggest(self) == MemoryFormat.ChannelsLast ? TensorGeometry.channelsLastStrides(sizes) : null;
    }

    static boolean onCpu(TensorImpl t) {
        return t.device().type() == DeviceType.CPU;
    }

    static void write(double[] values, Tensor out) {
        StridedCopy.copy(Tensor.FACTORY.fromArray(values, out.sizes()), out);
    }

    /** The sizes of one upsampling, as ints (a plane's elements are indexed by int). */
    private static final class Geometry {
        final int planes;
        final int inH;
        final int inW;
        final int outH;
        final int outW;

        Geometry(long[] inputSize, long[] outputSize) {
            planes = Math.toIntExact(inputSize[0] * inputSize[1]);
            inH = Math.toIntExact(inputSize[2]);
            inW = Math.toIntExact(inputSize[3]);
            outH = Math.toIntExact(outputSize[0]);
            outW = Math.toIntExact(outputSize[1]);
        }

        int outNumel() {
            return Math.multiplyExact(planes, Math.multiplyExact(outH, outW));
        }

        int inNumel() {
            return Math.multiplyExact(planes, Math.multiplyExact(inH, inW));
        }
    }
}
