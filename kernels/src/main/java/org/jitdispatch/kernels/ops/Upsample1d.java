package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.MemoryFormat;

/**
 * Nearest and linear upsampling of 3-D (N, C, W) inputs: the 2-D operators over a height of 1 (whose index and
 * weight arithmetic along the width is the 1-D kernels' own, and whose height of 1 reads row 0 with weight 1), after
 * the 1-D checks with PyTorch 1.13's messages (upsample_1d_common_check, check_dim_size). Autograd differentiates
 * through the 2-D operators; the backward operators are written over the 2-D ones the same way.
 */
public final class Upsample1d implements Upsample1dDeclarations {

    @Override
    public Tensor upsample_nearest1d(Tensor self, long[] outputSize, Double scales) {
        checkInput(self, outputSize);
        Tensor planar = self.unsqueeze(2);
        if (MemoryFormats.isContiguous(planar, MemoryFormat.ChannelsLast)) {
            // ATen's 1-D kernel is never the channels-last one, which the 2-D kernel takes for a channels-last
            // contiguous input (one channel, or a width of 1): a height of 2 read from the one row (stride 0) is not
            long[] rows = planar.sizes().clone();
            rows[2] = 2;
            return Torch.upsample_nearest2d(planar.expand(rows), new long[] {2, outputSize[0]}, null, scales)
                    .narrow(2, 0, 1).squeeze(2);
        }
        return Torch.upsample_nearest2d(planar, new long[] {1, outputSize[0]}, null, scales).squeeze(2);
    }

    @Override
    public Tensor upsample_linear1d(Tensor self, long[] outputSize, boolean alignCorners, Double scales) {
        checkInput(self, outputSize);
        return Torch.upsample_bilinear2d(self.unsqueeze(2), new long[] {1, outputSize[0]}, alignCorners, null, scales)
                .squeeze(2);
    }

    @Override
    public Tensor upsample_nearest1d_backward(Tensor gradOutput, long[] outputSize, long[] inputSize, Double scales) {
        checkGradOutput(gradOutput, outputSize, inputSize);
        return Torch.upsample_nearest2d_backward(gradOutput.unsqueeze(2), new long[] {1, outputSize[0]},
                planar(inputSize), null, scales).squeeze(2);
    }

    @Override
    public Tensor upsample_linear1d_backward(Tensor gradOutput, long[] outputSize, long[] inputSize,
            boolean alignCorners, Double scales) {
        checkGradOutput(gradOutput, outputSize, inputSize);
        if (!gradOutput.dtype().isFloatingPoint()) {
            throw Elementwise.notImplemented("upsample_linear1d_backward", gradOutput.dtype());
        }
        return Torch.upsample_bilinear2d_backward(gradOutput.unsqueeze(2), new long[] {1, outputSize[0]},
                planar(inputSize), alignCorners, null, scales).squeeze(2);
    }

    @Override
    public Tensor upsample_nearest1d(Tensor input, long[] outputSize, double[] scaleFactors) {
        return Torch.upsample_nearest1d(input, outputSize(input, outputSize, scaleFactors), scale(scaleFactors));
    }

    @Override
    public Tensor upsample_linear1d(Tensor input, long[] outputSize, boolean alignCorners, double[] scaleFactors) {
        return Torch.upsample_linear1d(input, outputSize(input, outputSize, scaleFactors), alignCorners,
                scale(scaleFactors));
    }

    /** upsample_1d_common_check on the input's sizes, and the non-empty check of the 1-D metas. */
    private static void checkInput(Tensor self, long[] outputSize) {
        commonCheck(self.sizes(), outputSize);
        if (self.numel() == 0 && self.size(1) * self.size(2) == 0) {
            throw new IllegalArgumentException("Non-empty 3D data tensor expected but got a tensor with sizes "
                    + Arrays.toString(self.sizes()));
        }
    }

    private static void commonCheck(long[] inputSize, long[] outputSize) {
        if (outputSize.length != 1) {
            throw new IllegalArgumentException("It is expected output_size equals to 1, but got size " + outputSize.length);
        }
        if (inputSize.length != 3) {
            throw new IllegalArgumentException("It is expected input_size equals to 3, but got size " + inputSize.length);
        }
        if (!(inputSize[2] > 0 && outputSize[0] > 0)) {
            throw new IllegalArgumentException("Input and output sizes should be greater than 0, but got input (W: "
                    + inputSize[2] + ") and output (W: " + outputSize[0] + ")");
        }
    }

    /** check_dim_size of grad_output against (N, C, output width), dim by dim. */
    private static void checkGradOutput(Tensor gradOutput, long[] outputSize, long[] inputSize) {
        commonCheck(inputSize, outputSize);
        long[] full = {inputSize[0], inputSize[1], outputSize[0]};
        for (int d = 0; d < 3; d++) {
            if (gradOutput.dim() != 3 || gradOutput.size(d) != full[d]) {
                throw new IllegalArgumentException("Expected a tensor of dimension 3 and tensor.size[" + d + "] == "
                        + full[d] + " but got: dimension " + gradOutput.dim() + " and tensor.size[" + d + "] = "
                        + (d < gradOutput.dim() ? gradOutput.size(d) : 0));
            }
        }
    }

    private static long[] planar(long[] inputSize) {
        return new long[] {inputSize[0], inputSize[1], 1, inputSize[2]};
    }

    /** compute_output_size for one spatial dim: exactly one of the output size and the scale factor. */
    private static long[] outputSize(Tensor input, long[] outputSize, double[] scaleFactors) {
        if ((outputSize == null) == (scaleFactors == null)) {
            throw new IllegalArgumentException("Must specify exactly one of output_size and scale_factors");
        }
        if (outputSize != null) {
            return outputSize;
        }
        if (scaleFactors.length != 1 || input.dim() != 3) {
            throw new IllegalArgumentException("upsample: scale_factors has " + scaleFactors.length
                    + " elements, but the input has " + (input.dim() - 2) + " spatial dims (sizes "
                    + Arrays.toString(input.sizes()) + ")");
        }
        return new long[] {(long) (input.size(2) * scaleFactors[0])};
    }

    private static Double scale(double[] scaleFactors) {
        return scaleFactors == null ? null : scaleFactors[0];
    }
}
