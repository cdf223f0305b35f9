package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.parallel.Parallel;
import org.jitdispatch.kernels.reduce.StridedCopy;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorGeometry;

/**
 * {@code im2col} and {@code col2im} ({@code F.unfold} and {@code F.fold}): the sliding blocks of a batch of
 * images as columns, and columns summed back into images. They are a convolution's unfold and fold, so they run
 * on {@link Convolution.Geometry}'s im2col and col2im loops, one sample per task. Float32 and float64 are
 * computed in their own type, float16 and bfloat16 in float32 and rounded once; ATen's shape checks come first,
 * with its messages (including im2col's, which prints the input's height twice).
 */
public final class SlidingBlocks implements SlidingBlocksDeclarations {

    @Override
    public Tensor im2col(Tensor self, long[] kernelSize, long[] dilation, long[] padding, long[] stride) {
        requireTwo(kernelSize, "kernel_size");
        requireTwo(dilation, "dilation");
        requireTwo(padding, "padding");
        requireTwo(stride, "stride");
        checkParameters(kernelSize, dilation, padding, stride, true);
        int nd = self.dim();
        if (nd < 3) {
            TensorGeometry.wrapDim(2, nd); // ATen reads input.size(2) before it checks the dims
        }
        boolean valid = self.size(1) != 0 && self.size(2) != 0;
        if (!(nd == 3 && self.size(0) != 0 && valid || nd == 4 && valid && self.size(3) != 0)) {
            throw new IllegalArgumentException("Expected 3D or 4D (batch mode) tensor with possibly 0 batch size and other"
                    + " non-zero dimensions for input, but got: " + Arrays.toString(self.sizes()));
        }
        boolean batched = nd == 4;
        long h = self.size(-2);
        long w = self.size(-1);
        long outH = blocks(h, kernelSize[0], dilation[0], padding[0], stride[0]);
        long outW = blocks(w, kernelSize[1], dilation[1], padding[1], stride[1]);
        if (outH < 1 || outW < 1) {
            throw new IllegalArgumentException("Given input with spatial size (" + h + ", " + h + "), kernel_size=("
                    + kernelSize[0] + ", " + kernelSize[1] + "), dilation=(" + dilation[0] + ", " + dilation[1]
                    + "), padding=(" + padding[0] + ", " + padding[1] + "), calculated shape of the array of sliding"
                    + " blocks as (" + outH + ", " + outW + "), but its components must be at least one.");
        }
        ScalarType dtype = requireFloating(self, "im2col_out_cpu");
        Tensor input = batched ? self : self.unsqueeze(0);
        long[] sizes = input.sizes();
        Convolution.Geometry g = Convolution.Geometry.slidingBlocks(sizes, kernelSize, dilation, padding, stride, outH,
                outW);
        long rows = g.colsRows();
        long length = g.outputPlane();
        if (dtype != self.dtype()) {
            Tensor wide = im2col(Elementwise.toDtype(self, dtype), kernelSize, dilation, padding, stride);
            return Elementwise.toDtype(wide, self.dtype());
        }
        Tensor in = contiguous(input);
        Tensor out = Tensor.FACTORY.empty(new long[] {sizes[0], rows, length}, dtype, self.device());
        long grain = Math.max(1, Parallel.GRAIN_SIZE / Math.max(1, rows * length));
        Parallel.parallelFor(0, sizes[0], grain, (from, to) -> {
            for (long n = from; n < to; n++) {
                g.im2col(in, n, out, (int) (n * rows * length), (int) length);
            }
        });
        return batched ? out : out.squeeze(0);
    }

    @Override
    public Tensor col2im(Tensor self, long[] outputSize, long[] kernelSize, long[] dilation, long[] padding,
            long[] stride) {
        requireTwo(outputSize, "output_size");
        requireTwo(kernelSize, "kernel_size");
        requireTwo(dilation, "dilation");
        requireTwo(padding, "padding");
        requireTwo(stride, "stride");
        checkParameters(kernelSize, dilation, padding, stride, false);
        int nd = self.dim();
        if (!(nd == 2 && self.size(0) != 0 && self.size(1) != 0 || nd == 3 && self.size(1) != 0 && self.size(2) != 0)) {
            throw new IllegalArgumentException("Expected 2D or 3D (batch mode) tensor for input with possibly 0 batch size"
                    + " and non-zero dimensions for input, but got: " + Arrays.toString(self.sizes()));
        }
        boolean batched = nd == 3;
        long planes = self.size(-2);
        long kernel = kernelSize[0] * kernelSize[1];
        if (planes % kernel != 0) {
            throw new IllegalArgumentException("Expected size of input's dimension 1 to be divisible by the product of"
                    + " kernel_size, but got input.size(1)=" + planes + " and kernel_size=(" + kernelSize[0] + ", "
                    + kernelSize[1] + ").");
        }
        long length = self.size(-1);
        long outH = blocks(outputSize[0], kernelSize[0], dilation[0], padding[0], stride[0]);
        long outW = blocks(outputSize[1], kernelSize[1], dilation[1], padding[1], stride[1]);
        String given = "Given output_size=(" + outputSize[0] + ", " + outputSize[1] + "), kernel_size=(" + kernelSize[0]
                + ", " + kernelSize[1] + "), dilation=(" + dilation[0] + ", " + dilation[1] + "), padding=("
                + padding[0] + ", " + padding[1] + "), stride=(" + stride[0] + ", " + stride[1] + ")";
        if (length != outH * outW) {
            throw new IllegalArgumentException(given + ", expected size of input's dimension 2 to match the calculated"
                    + " number of sliding blocks " + outH + " * " + outW + " = " + (outH * outW) + ", but got"
                    + " input.size(2)=" + length + ".");
        }
        if (outH < 1 || outW < 1) {
            throw new IllegalArgumentException(given + ", calculated shape of the array of sliding blocks as (" + outH
                    + ", " + outW + "), which is invalid.");
        }
        ScalarType dtype = requireFloating(self, "col2im_out_cpu");
        if (dtype != self.dtype()) {
            Tensor wide = col2im(Elementwise.toDtype(self, dtype), outputSize, kernelSize, dilation, padding, stride);
            return Elementwise.toDtype(wide, self.dtype());
        }
        Tensor cols = contiguous(batched ? self : self.unsqueeze(0));
        long batch = cols.size(0);
        long[] imageSizes = {batch, planes / kernel, outputSize[0], outputSize[1]};
        Convolution.Geometry g = Convolution.Geometry.slidingBlocks(imageSizes, kernelSize, dilation, padding, stride,
                outH, outW);
        Tensor out = Tensor.FACTORY.zeros(imageSizes, dtype, self.device());
        if (out.numel() != 0) {
            long grain = Math.max(1, Parallel.GRAIN_SIZE / Math.max(1, planes * length));
            Parallel.parallelFor(0, batch, grain, (from, to) -> {
                for (long n = from; n < to; n++) {
                    g.foldSample(cols, (int) (cols.storageOffset() + n * planes * length), out, n);
                }
            });
        }
        return batched ? out : out.squeeze(0);
    }

    /** The number of blocks along one dim: ATen's {@code div_rtn} (floor division) of the room left, plus one. */
    private static long blocks(long size, long kernel, long dilation, long padding, long stride) {
        return Math.floorDiv(size + 2 * padding - (dilation * (kernel - 1) + 1), stride) + 1;
    }

    private static void requireTwo(long[] values, String name) {
        if (values.length != 2) {
            throw new IllegalArgumentException("It is expected " + name + " equals to 2, but got size " + values.length);
        }
    }

    /** im2col_shape_check's and col2im_shape_check's parameter checks, each in its own order. */
    private static void checkParameters(long[] kernel, long[] dilation, long[] padding, long[] stride, boolean im2col) {
        if (kernel[0] <= 0 || kernel[1] <= 0) {
            throw new IllegalArgumentException("kernel size should be greater than zero, but got kernel_height: "
                    + kernel[0] + " kernel_width: " + kernel[1]);
        }
        if (!im2col) {
            checkStride(stride);
        }
        if (dilation[0] <= 0 || dilation[1] <= 0) {
            throw new IllegalArgumentException("dilation should be greater than zero, but got dilation_height: "
                    + dilation[0] + " dilation_width: " + dilation[1]);
        }
        if (padding[0] < 0 || padding[1] < 0) {
            throw new IllegalArgumentException("padding should be non-negative, but got pad_height: " + padding[0]
                    + " pad_width: " + padding[1]);
        }
        if (im2col) {
            checkStride(stride);
        }
    }

    private static void checkStride(long[] stride) {
        if (stride[0] <= 0 || stride[1] <= 0) {
            throw new IllegalArgumentException("stride should be greater than zero, but got stride_height: " + stride[0]
                    + " stride_width: " + stride[1]);
        }
    }

    /** The dtype the loops compute in: float32 or float64 themselves, float16 and bfloat16 in float32. */
    private static ScalarType requireFloating(Tensor self, String kernel) {
        ScalarType dtype = self.dtype();
        if (dtype == ScalarType.Float32 || dtype == ScalarType.Float64) {
            return dtype;
        }
        if (dtype.isReducedFloatingPoint()) {
            return ScalarType.Float32;
        }
        throw Elementwise.notImplemented(kernel, dtype);
    }

    private static Tensor contiguous(Tensor t) {
        return t.isContiguous() ? t : StridedCopy.contiguousCopy(t, t.dtype(), Tensor.FACTORY);
    }
}
