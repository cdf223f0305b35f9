package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Layout;
import org.jitdispatch.runtime.Scalar;

/**
 * {@code affine_grid_generator} and its backward, written over other operators as PyTorch 1.13's
 * AffineGridGenerator.cpp: a base grid of {@code [x, y, 1]} (or {@code [x, y, z, 1]}) rows, with x, y and z evenly
 * spaced in [-1, 1] (the pixel centres when align_corners is false), made on theta's device (a Meta theta gives a
 * Meta grid) and multiplied by each transposed theta with {@code bmm}. The backward is the same product the other
 * way round. Errors are those of the operators it calls, as ATen's are.
 */
public final class AffineGrid implements AffineGridDeclarations {

    @Override
    public Tensor affine_grid_generator(Tensor theta, long[] size, boolean alignCorners) {
        checkSize(size);
        Tensor base = baseGrid(theta, size, alignCorners);
        int spatial = size.length - 2;
        long points = points(size);
        Tensor grid = base.view(size[0], points, spatial + 1).bmm(theta.transpose(1, 2));
        return grid.view(outputSizes(size));
    }

    @Override
    public Tensor affine_grid_generator_backward(Tensor grad, long[] size, boolean alignCorners) {
        checkSize(size);
        Tensor base = baseGrid(grad, size, alignCorners);
        int spatial = size.length - 2;
        long[] expected = outputSizes(size);
        if (!Arrays.equals(grad.sizes(), expected)) {
            // ATen asserts this (an internal assert); here it is a plain error
            throw new IllegalArgumentException("affine_grid_generator_backward(): expected grad of sizes "
                    + Arrays.toString(expected) + ", but got " + Arrays.toString(grad.sizes()));
        }
        long points = points(size);
        Tensor gradTheta = base.view(size[0], points, spatial + 1).transpose(1, 2)
                .bmm(grad.view(size[0], points, spatial));
        return gradTheta.transpose(1, 2);
    }

    private static void checkSize(long[] size) {
        if (size.length != 4 && size.length != 5) {
            throw new IllegalArgumentException("AffineGridGenerator needs 4d (spatial) or 5d (volumetric) inputs.");
        }
    }

    /** {@code [N, H, W, 2]} or {@code [N, D, H, W, 3]}. */
    private static long[] outputSizes(long[] size) {
        long[] out = new long[size.length];
        out[0] = size[0];
        System.arraycopy(size, 2, out, 1, size.length - 2);
        out[size.length - 1] = size.length - 2;
        return out;
    }

    private static long points(long[] size) {
        long points = 1;
        for (int d = 2; d < size.length; d++) {
            points *= size[d];
        }
        return points;
    }

    /**
     * {@code [N, H, W, 3]} (or {@code [N, D, H, W, 4]}) of {@code like}'s dtype: the last dim holds x (along W), y
     * (along H), z (along D) and 1.
     */
    private static Tensor baseGrid(Tensor like, long[] size, boolean alignCorners) {
        int spatial = size.length - 2;
        long[] sizes = new long[size.length];
        sizes[0] = size[0];
        System.arraycopy(size, 2, sizes, 1, spatial);
        sizes[size.length - 1] = spatial + 1;
        for (long s : sizes) {
            if (s < 0) {
                throw new IllegalArgumentException("Trying to create tensor with negative dimension " + s + ": "
                        + Arrays.toString(sizes));
            }
        }
        Tensor base = Torch.empty(sizes, like.dtype(), Layout.Strided, like.device());
        for (int k = 0; k < spatial; k++) {
            // coordinate k runs along spatial dim spatial - 1 - k (x along the last one)
            Tensor steps = linspaceFromNegOne(like, size[size.length - 1 - k], alignCorners);
            for (int u = 0; u < k; u++) {
                steps = steps.unsqueeze(-1);
            }
            base.select(-1, k).copy_(steps);
        }
        base.select(-1, spatial).fill_(Scalar.of(1));
        return base;
    }

    /** {@code n} steps over [-1, 1], scaled to the pixel centres without align_corners; a single 0 for n <= 1. */
    private static Tensor linspaceFromNegOne(Tensor like, long n, boolean alignCorners) {
        if (n <= 1) {
            return Torch.full(new long[0], Scalar.of(0), like.dtype(), Layout.Strided, like.device());
        }
        Tensor range = Torch.linspace(Scalar.of(-1), Scalar.of(1), n, like.dtype(), Layout.Strided,
                like.device());
        if (!alignCorners) {
            range = range.mul(Scalar.of(n - 1)).div(Scalar.of(n));
        }
        return range;
    }
}
