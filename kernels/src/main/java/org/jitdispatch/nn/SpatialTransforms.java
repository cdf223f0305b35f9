package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * Spatial transformer networks' functional forms under Java names: {@link Functional#grid_sample} and
 * {@link Functional#affine_grid}, PyTorch 1.13's {@code F.grid_sample} and {@code F.affine_grid}, with their string
 * modes, checks, messages and warnings. {@code alignCorners} may be null, PyTorch's {@code None}: false, with
 * PyTorch's warning.
 */
public final class SpatialTransforms {
    private SpatialTransforms() {
    }

    /** {@code F.grid_sample(input, grid)}: bilinear, zeros padding, align_corners unset (false, with a warning). */
    public static Tensor gridSample(Tensor input, Tensor grid) {
        return Functional.grid_sample(input, grid);
    }

    /** {@link Functional#grid_sample(Tensor, Tensor, String, String, Boolean)}. */
    public static Tensor gridSample(Tensor input, Tensor grid, String mode, String paddingMode, Boolean alignCorners) {
        return Functional.grid_sample(input, grid, mode, paddingMode, alignCorners);
    }

    /** {@code F.affine_grid(theta, size)}: align_corners unset (false, with a warning). */
    public static Tensor affineGrid(Tensor theta, long[] size) {
        return Functional.affine_grid(theta, size);
    }

    /** {@link Functional#affine_grid(Tensor, long[], Boolean)}. */
    public static Tensor affineGrid(Tensor theta, long[] size, Boolean alignCorners) {
        return Functional.affine_grid(theta, size, alignCorners);
    }
}
