package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;

/**
 * {@code max_unpool2d} and {@code max_unpool3d}: each value written back at the position max pooling took it from
 * ({@code indices}, within its plane), zeros elsewhere, in an output of {@code output_size}. Written as one scatter
 * per plane, so the gradient is the gather ATen's {@code max_pool_double_backward} computes; where two values name
 * one position the later one stays, as ATen's loop leaves it. ATen 1.13's checks and messages.
 */
public final class MaxUnpool implements MaxUnpoolDeclarations {

    @Override
    public Tensor max_unpool2d(Tensor self, Tensor indices, long[] outputSize) {
        requireLongIndices(indices, "elements in indices should be type int64 but got: ");
        if (outputSize.length != 2) {
            throw new IllegalArgumentException("There should be exactly two elements (height, width) in output_size,"
                    + " but got " + outputSize.length + " elements.");
        }
        if (self.dim() != 3 && self.dim() != 4) {
            throw new IllegalArgumentException("Input to max_unpooling2d should be a 3d or 4d Tensor, but got a tensor"
                    + " with " + self.dim() + " dimensions.");
        }
        requireSameShape(self, indices);
        requireNonEmpty(self, "max_unpooling2d_forward_out_cpu()");
        requireFloating(self, "max_unpool2d");
        return unpool(self, indices, outputSize);
    }

    @Override
    public Tensor max_unpool3d(Tensor self, Tensor indices, long[] outputSize, long[] stride, long[] padding) {
        requireLongIndices(indices, "elements in indices should be type int64 but got: ");
        if (self.dim() != 4 && self.dim() != 5) {
            throw new IllegalArgumentException("Input to max_unpooling3d should be a 4d or 5d Tensor, but got a tensor"
                    + " with " + self.dim() + " dimensions.");
        }
        if (outputSize.length != 3) {
            throw new IllegalArgumentException("There should be exactly three elements (depth, height, width) in"
                    + " output_size, but got " + outputSize.length + " elements.");
        }
        if (stride.length != 3) {
            throw new IllegalArgumentException("There should be exactly three elements (depth, height, width) in stride,"
                    + " but got: " + stride.length + " elements.");
        }
        if (padding.length != 3) {
            throw new IllegalArgumentException("There should be exactly three elements (depth, height, width) in"
                    + " padding, but got: " + padding.length + " elements.");
        }
        requireSameShape(self, indices);
        requireNonEmpty(self, "max_unpooling3d_forward_out_cpu()");
        if (stride[0] <= 0 || stride[1] <= 0 || stride[2] <= 0) {
            throw new IllegalArgumentException("strides should be greater than zero, but got stride: "
                    + Arrays.toString(stride));
        }
        requireFloating(self, "max_unpool3d");
        return unpool(self, indices, outputSize);
    }

    /** One scatter per plane of the {@code [planes, in]} input into a zeroed {@code [planes, out]} output. */
    private static Tensor unpool(Tensor self, Tensor indices, long[] outputSize) {
        int spatial = outputSize.length;
        int lead = self.dim() - spatial;
        long planes = 1;
        for (int d = 0; d < lead; d++) {
            planes *= self.size(d);
        }
        long out = 1;
        for (long s : outputSize) {
            out *= s;
        }
        long[] sizes = Arrays.copyOf(self.sizes(), self.dim());
        System.arraycopy(outputSize, 0, sizes, lead, spatial);
        long in = self.numel() == 0 ? 0 : self.numel() / planes;
        Tensor flatIndices = indices.reshape(new long[] {planes, in});
        long invalid = -1;
        boolean found = false;
        for (long v : flatIndices.contiguous().toLongArray()) {
            if (v < 0 || v >= out) {
                // ATen's loop keeps going and reports the last invalid index it saw
                invalid = v;
                found = true;
            }
        }
        if (found) {
            StringBuilder volume = new StringBuilder();
            for (int i = 0; i < spatial; i++) {
                volume.append(i == 0 ? "" : "x").append(outputSize[i]);
            }
            throw new IndexOutOfBoundsException("Found an invalid max index: " + invalid
                    + " (output volumes are of size " + volume);
        }
        Tensor zeros = Torch.zeros(new long[] {planes, out}, self.dtype(), null, self.device(), null);
        return zeros.scatter(1, flatIndices, self.reshape(new long[] {planes, in})).view(sizes);
    }

    private static void requireLongIndices(Tensor indices, String message) {
        if (indices.dtype() != org.jitdispatch.runtime.ScalarType.Int64) {
            throw new IllegalArgumentException(message + indices.dtype().c10Name());
        }
    }

    private static void requireSameShape(Tensor self, Tensor indices) {
        if (!Arrays.equals(self.sizes(), indices.sizes())) {
            throw new IllegalArgumentException("Expected shape of indices to be same as that of the input tensor ("
                    + Arrays.toString(self.sizes()) + ") but got indices tensor with shape: "
                    + Arrays.toString(indices.sizes()));
        }
    }

    private static void requireNonEmpty(Tensor self, String fn) {
        for (int i = 1; i < self.dim(); i++) {
            if (self.size(i) <= 0) {
                throw new IllegalArgumentException(fn + ": Expected input to have non-zero size for non-batch dimensions,"
                        + " but got " + Arrays.toString(self.sizes()) + " with dimension " + i + " being empty.");
            }
        }
    }

    private static void requireFloating(Tensor self, String kernel) {
        if (!self.dtype().isFloatingPoint()) {
            throw Elementwise.notImplemented(kernel, self.dtype());
        }
    }
}
