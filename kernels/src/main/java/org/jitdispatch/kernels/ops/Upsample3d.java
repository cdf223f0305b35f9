package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.structured.StructuredMeta;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.ScalarType;

/**
 * Nearest and trilinear upsampling of 5-D (N, C, D, H, W) inputs, as PyTorch 1.13 computes them: each spatial dim
 * indexed and weighted as {@link Upsample}'s 2-D kernels index and weight theirs (nearest's {@code floor(o * scale)}
 * in float, linear's source coordinate and weights in the opmath type), the values in double and rounded once, and
 * the backward operators adding each gradient into the inputs it was read from. The output is contiguous.
 */
public final class Upsample3d implements Upsample3dDeclarations {

    // ---------------------------------------------------------------- nearest

    @Override
    public void meta_upsample_nearest3d(StructuredMeta op, Tensor self, long[] outputSize, Double scalesD,
            Double scalesH, Double scalesW) {
        declareOutput(op, self, outputSize);
        if (Upsample.onCpu(self)) {
            Upsample.checkDtype("compute_indices_weights_nearest", self.dtype(), true);
        }
    }

    @Override
    public void upsample_nearest3d_out(StructuredMeta op, Tensor self, long[] outputSize, Double scalesD,
            Double scalesH, Double scalesW, Tensor out) {
        if (out.numel() == 0) {
            return;
        }
        Geometry g = new Geometry(self.sizes(), outputSize);
        boolean channelsLast = MemoryFormats.isContiguous(self, MemoryFormat.ChannelsLast3d); // as in 2-D
        int[] depths = channelsLast ? Upsample.nearestIndices(g.in[0], g.out[0], scalesD)
                : Upsample.nearestForwardIndices(g.in[0], g.out[0], scalesD);
        int[] rows = channelsLast ? Upsample.nearestIndices(g.in[1], g.out[1], scalesH)
                : Upsample.nearestForwardIndices(g.in[1], g.out[1], scalesH);
        int[] cols = channelsLast ? Upsample.nearestIndices(g.in[2], g.out[2], scalesW)
                : Upsample.nearestForwardIndices(g.in[2], g.out[2], scalesW);
        double[] in = self.contiguous().toDoubleArray();
        double[] values = new double[g.outNumel()];
        int o = 0;
        for (int p = 0; p < g.planes; p++) {
            for (int od = 0; od < g.out[0]; od++) {
                for (int oh = 0; oh < g.out[1]; oh++) {
                    int row = g.inOffset(p, depths[od], rows[oh]);
                    for (int ow = 0; ow < g.out[2]; ow++) {
                        values[o++] = in[row + cols[ow]];
                    }
                }
            }
        }
        Upsample.write(values, out);
    }

    @Override
    public void meta_upsample_nearest3d_backward(StructuredMeta op, Tensor gradOutput, long[] outputSize,
            long[] inputSize, Double scalesD, Double scalesH, Double scalesW) {
        declareGradInput(op, gradOutput, outputSize, inputSize);
        if (Upsample.onCpu(gradOutput)) {
            Upsample.checkDtype("upsample_nearest3d_backward_out_frame", gradOutput.dtype(), false);
        }
    }

    @Override
    public void upsample_nearest3d_backward_out(StructuredMeta op, Tensor gradOutput, long[] outputSize,
            long[] inputSize, Double scalesD, Double scalesH, Double scalesW, Tensor gradInput) {
        if (gradInput.numel() == 0) {
            return;
        }
        Geometry g = new Geometry(inputSize, outputSize);
        int[] depths = Upsample.nearestIndices(g.in[0], g.out[0], scalesD);
        int[] rows = Upsample.nearestIndices(g.in[1], g.out[1], scalesH);
        int[] cols = Upsample.nearestIndices(g.in[2], g.out[2], scalesW);
        double[] grad = gradOutput.contiguous().toDoubleArray();
        double[] sums = new double[g.inNumel()];
        int o = 0;
        for (int p = 0; p < g.planes; p++) {
            for (int od = 0; od < g.out[0]; od++) {
                for (int oh = 0; oh < g.out[1]; oh++) {
                    int row = g.inOffset(p, depths[od], rows[oh]);
                    for (int ow = 0; ow < g.out[2]; ow++) {
                        sums[row + cols[ow]] += grad[o++];
                    }
                }
            }
        }
        Upsample.write(sums, gradInput);
    }

    // ---------------------------------------------------------------- trilinear

    @Override
    public void meta_upsample_trilinear3d(StructuredMeta op, Tensor self, long[] outputSize, boolean alignCorners,
            Double scalesD, Double scalesH, Double scalesW) {
        declareOutput(op, self, outputSize);
        if (Upsample.onCpu(self)) {
            Upsample.checkDtype("compute_indices_weights_linear", self.dtype(), false);
        }
    }

    @Override
    public void upsample_trilinear3d_out(StructuredMeta op, Tensor self, long[] outputSize, boolean alignCorners,
            Double scalesD, Double scalesH, Double scalesW, Tensor out) {
        if (out.numel() == 0) {
            return;
        }
        Geometry g = new Geometry(self.sizes(), outputSize);
        Upsample.Linear[] axes = axes(g, alignCorners, self.dtype(), scalesD, scalesH, scalesW);
        double[] in = self.contiguous().toDoubleArray();
        double[] values = new double[g.outNumel()];
        int o = 0;
        for (int p = 0; p < g.planes; p++) {
            for (int od = 0; od < g.out[0]; od++) {
                for (int oh = 0; oh < g.out[1]; oh++) {
                    for (int ow = 0; ow < g.out[2]; ow++) {
                        double sum = 0;
                        for (int corner = 0; corner < 8; corner++) {
                            sum += weight(axes, corner, od, oh, ow) * in[offset(g, axes, p, corner, od, oh, ow)];
                        }
                        values[o++] = sum;
                    }
                }
            }
        }
        Upsample.write(values, out);
    }

    @Override
    public void meta_upsample_trilinear3d_backward(StructuredMeta op, Tensor gradOutput, long[] outputSize,
            long[] inputSize, boolean alignCorners, Double scalesD, Double scalesH, Double scalesW) {
        declareGradInput(op, gradOutput, outputSize, inputSize);
        if (Upsample.onCpu(gradOutput)) {
            Upsample.checkDtype("upsample_trilinear3d_backward_out_frame", gradOutput.dtype(), false);
        }
    }

    @Override
    public void upsample_trilinear3d_backward_out(StructuredMeta op, Tensor gradOutput, long[] outputSize,
            long[] inputSize, boolean alignCorners, Double scalesD, Double scalesH, Double scalesW, Tensor gradInput) {
        if (gradInput.numel() == 0) {
            return;
        }
        Geometry g = new Geometry(inputSize, outputSize);
        Upsample.Linear[] axes = axes(g, alignCorners, gradOutput.dtype(), scalesD, scalesH, scalesW);
        double[] grad = gradOutput.contiguous().toDoubleArray();
        double[] sums = new double[g.inNumel()];
        int o = 0;
        for (int p = 0; p < g.planes; p++) {
            for (int od = 0; od < g.out[0]; od++) {
                for (int oh = 0; oh < g.out[1]; oh++) {
                    for (int ow = 0; ow < g.out[2]; ow++) {
                        double v = grad[o++];
                        for (int corner = 0; corner < 8; corner++) {
                            sums[offset(g, axes, p, corner, od, oh, ow)] += v * weight(axes, corner, od, oh, ow);
                        }
                    }
                }
            }
        }
        Upsample.write(sums, gradInput);
    }

    private static Upsample.Linear[] axes(Geometry g, boolean alignCorners, ScalarType dtype, Double scalesD,
            Double scalesH, Double scalesW) {
        boolean single = dtype != ScalarType.Float64;
        return new Upsample.Linear[] {Upsample.Linear.of(g.in[0], g.out[0], alignCorners, scalesD, single),
            Upsample.Linear.of(g.in[1], g.out[1], alignCorners, scalesH, single),
            Upsample.Linear.of(g.in[2], g.out[2], alignCorners, scalesW, single)};
    }

    /** Corner bits (depth, height, width) choose each axis's second neighbour. */
    private static double weight(Upsample.Linear[] axes, int corner, int od, int oh, int ow) {
        double wd = (corner & 4) == 0 ? axes[0].lambda0[od] : axes[0].lambda1[od];
        double wh = (corner & 2) == 0 ? axes[1].lambda0[oh] : axes[1].lambda1[oh];
        double ww = (corner & 1) == 0 ? axes[2].lambda0[ow] : axes[2].lambda1[ow];
        return wd * wh * ww;
    }

    private static int offset(Geometry g, Upsample.Linear[] axes, int p, int corner, int od, int oh, int ow) {
        int d = (corner & 4) == 0 ? axes[0].index0[od] : axes[0].index1[od];
        int h = (corner & 2) == 0 ? axes[1].index0[oh] : axes[1].index1[oh];
        int w = (corner & 1) == 0 ? axes[2].index0[ow] : axes[2].index1[ow];
        return g.inOffset(p, d, h) + w;
    }

    // ---------------------------------------------------------------- the .vec overloads (F.interpolate)

    @Override
    public Tensor upsample_nearest3d(Tensor input, long[] outputSize, double[] scaleFactors) {
        long[] size = outputSize(input, outputSize, scaleFactors);
        return Torch.upsample_nearest3d(input, size, scale(scaleFactors, 0), scale(scaleFactors, 1),
                scale(scaleFactors, 2));
    }

    @Override
    public Tensor upsample_trilinear3d(Tensor input, long[] outputSize, boolean alignCorners, double[] scaleFactors) {
        long[] size = outputSize(input, outputSize, scaleFactors);
        return Torch.upsample_trilinear3d(input, size, alignCorners, scale(scaleFactors, 0), scale(scaleFactors, 1),
                scale(scaleFactors, 2));
    }

    private static long[] outputSize(Tensor input, long[] outputSize, double[] scaleFactors) {
        if ((outputSize == null) == (scaleFactors == null)) {
            throw new IllegalArgumentException("Must specify exactly one of output_size and scale_factors");
        }
        if (outputSize != null) {
            return outputSize;
        }
        int spatial = input.dim() - 2;
        if (scaleFactors.length != spatial) {
            throw new IllegalArgumentException("upsample: scale_factors has " + scaleFactors.length
                    + " elements, but the input has " + spatial + " spatial dims (sizes "
                    + Arrays.toString(input.sizes()) + ")");
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

    // ---------------------------------------------------------------- checks

    /** upsample_3d_common_check and the non-empty check, then the contiguous output declared. */
    private static void declareOutput(StructuredMeta op, Tensor self, long[] outputSize) {
        long[] full = commonCheck(self.sizes(), outputSize);
        if (self.numel() == 0 && self.size(1) * self.size(2) * self.size(3) * self.size(4) == 0) {
            throw new IllegalArgumentException("Non-empty 5D data tensor expected but got a tensor with sizes "
                    + Arrays.toString(self.sizes()));
        }
        Upsample.checkApart(op, self);
        op.setOutputRawStrided(0, full, null, self.dtype(), self.device());
    }

    private static void declareGradInput(StructuredMeta op, Tensor gradOutput, long[] outputSize, long[] inputSize) {
        long[] full = commonCheck(inputSize, outputSize);
        if (gradOutput.dim() != 5) {
            throw new IllegalArgumentException("Expected grad_output to be a tensor of dimension 5 but got: dimension "
                    + gradOutput.dim());
        }
        for (int i = 0; i < 5; i++) {
            if (gradOutput.size(i) != full[i]) {
                throw new IllegalArgumentException("Expected grad_output to have the same shape as output; output.size("
                        + i + ") = " + full[i] + " but got grad_output.size(" + i + ") = " + gradOutput.size(i));
            }
        }
        Upsample.checkApart(op, gradOutput);
        op.setOutputRawStrided(0, inputSize, null, gradOutput.dtype(), gradOutput.device());
    }

    private static long[] commonCheck(long[] inputSize, long[] outputSize) {
        if (outputSize.length != 3) {
            throw new IllegalArgumentException("It is expected output_size equals to 3, but got size " + outputSize.length);
        }
        if (inputSize.length != 5) {
            throw new IllegalArgumentException("It is expected input_size equals to 5, but got size " + inputSize.length);
        }
        if (!(inputSize[2] > 0 && inputSize[3] > 0 && inputSize[4] > 0 && outputSize[0] > 0 && outputSize[1] > 0
                && outputSize[2] > 0)) {
            throw new IllegalArgumentException("Input and output sizes should be greater than 0, but got input (D: "
                    + inputSize[2] + ", H: " + inputSize[3] + ", W: " + inputSize[4] + ") output (D: " + outputSize[0]
                    + ", H: " + outputSize[1] + ", W: " + outputSize[2] + ")");
        }
        return new long[] {inputSize[0], inputSize[1], outputSize[0], outputSize[1], outputSize[2]};
    }

    /** The sizes of one upsampling as ints: planes of (D, H, W), in and out. */
    private static final class Geometry {
        final int planes;
        final int[] in;
        final int[] out;

        Geometry(long[] inputSize, long[] outputSize) {
            planes = Math.toIntExact(inputSize[0] * inputSize[1]);
            in = new int[] {Math.toIntExact(inputSize[2]), Math.toIntExact(inputSize[3]), Math.toIntExact(inputSize[4])};
            out = new int[] {Math.toIntExact(outputSize[0]), Math.toIntExact(outputSize[1]),
                Math.toIntExact(outputSize[2])};
        }

        /** Where row {@code h} of depth {@code d} of plane {@code p} starts in the input. */
        int inOffset(int p, int d, int h) {
            return ((p * in[0] + d) * in[1] + h) * in[2];
        }

        int outNumel() {
            return Math.multiplyExact(planes, Math.multiplyExact(out[0], Math.multiplyExact(out[1], out[2])));
        }

        int inNumel() {
            return Math.multiplyExact(planes, Math.multiplyExact(in[0], Math.multiplyExact(in[1], in[2])));
        }
    }
}
