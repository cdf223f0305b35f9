package org.jitdispatch.nn;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.structured.Warnings;

/**
 * Spatial transformer networks' functional forms, {@code torch.nn.functional.affine_grid} and
 * {@code grid_sample}: the string modes and argument checks of PyTorch 1.13's Python functions (with their
 * messages and warnings) over the {@code affine_grid_generator} and {@code grid_sampler} operators.
 * {@code alignCorners} may be null, PyTorch's {@code None}: false, with PyTorch's warning.
 */
public final class SpatialTransforms {
    private static final String DEFAULT_CHANGED = "Default grid_sample and affine_grid behavior has changed to"
            + " align_corners=False since 1.3.0. Please specify align_corners=True if the old behavior is desired."
            + " See the documentation of grid_sample for details.";

    private SpatialTransforms() {
    }

    /** {@code F.grid_sample(input, grid)}: bilinear, zeros padding, align_corners unset (false, with a warning). */
    public static Tensor gridSample(Tensor input, Tensor grid) {
        return gridSample(input, grid, "bilinear", "zeros", null);
    }

    /**
     * {@code F.grid_sample(input, grid, mode, padding_mode, align_corners)}: {@code mode} is {@code "bilinear"},
     * {@code "nearest"} or {@code "bicubic"} (4-D inputs only), {@code paddingMode} {@code "zeros"},
     * {@code "border"} or {@code "reflection"}.
     */
    public static Tensor gridSample(Tensor input, Tensor grid, String mode, String paddingMode, Boolean alignCorners) {
        long modeEnum = switch (mode) {
            case "bilinear" -> 0;
            case "nearest" -> 1;
            case "bicubic" -> 2;
            default -> throw new IllegalArgumentException("nn.functional.grid_sample(): expected mode to be 'bilinear',"
                    + " 'nearest' or 'bicubic', but got: '" + mode + "'");
        };
        long paddingEnum = switch (paddingMode) {
            case "zeros" -> 0;
            case "border" -> 1;
            case "reflection" -> 2;
            default -> throw new IllegalArgumentException("nn.functional.grid_sample(): expected padding_mode to be"
                    + " 'zeros', 'border', or 'reflection', but got: '" + paddingMode + "'");
        };
        return Torch.grid_sampler(input, grid, modeEnum, paddingEnum, alignCorners(alignCorners));
    }

    /** {@code F.affine_grid(theta, size)}: align_corners unset (false, with a warning). */
    public static Tensor affineGrid(Tensor theta, long[] size) {
        return affineGrid(theta, size, null);
    }

    /**
     * {@code F.affine_grid(theta, size, align_corners)}: the sampling grid of the affine maps {@code theta}
     * ({@code [N, 2, 3]} for a 4-D {@code size} {@code [N, C, H, W]}, {@code [N, 3, 4]} for a 5-D one), an
     * {@code [N, H, W, 2]} or {@code [N, D, H, W, 3]} tensor for {@link #gridSample}.
     */
    public static Tensor affineGrid(Tensor theta, long[] size, Boolean alignCorners) {
        boolean align = alignCorners(alignCorners);
        if (!theta.dtype().isFloatingPoint()) {
            throw new IllegalArgumentException("Expected theta to have floating point type, but got "
                    + theta.dtype().pythonName());
        }
        long[] spatial;
        if (size.length == 4) {
            if (theta.dim() != 3 || theta.size(-2) != 2 || theta.size(-1) != 3) {
                throw new IllegalArgumentException("Expected a batch of 2D affine matrices of shape Nx2x3 for size "
                        + Arrays.toString(size) + ". Got " + NormChecks.torchSize(theta.sizes()) + ".");
            }
            spatial = Arrays.copyOfRange(size, 2, 4);
        } else if (size.length == 5) {
            if (theta.dim() != 3 || theta.size(-2) != 3 || theta.size(-1) != 4) {
                throw new IllegalArgumentException("Expected a batch of 3D affine matrices of shape Nx3x4 for size "
                        + Arrays.toString(size) + ". Got " + NormChecks.torchSize(theta.sizes()) + ".");
            }
            spatial = Arrays.copyOfRange(size, 2, 5);
        } else {
            throw new UnsupportedOperationException("affine_grid only supports 4D and 5D sizes, for 2D and 3D affine"
                    + " transforms, respectively. Got size " + Arrays.toString(size) + ".");
        }
        // PyTorch checks the sizes only when it does not warn about a unit-size grid
        if (align && Arrays.stream(spatial).min().getAsLong() == 1) {
            Warnings.warn("Since version 1.3.0, affine_grid behavior has changed for unit-size grids when"
                    + " align_corners=True. This is not an intended use case of affine_grid. See the documentation of"
                    + " affine_grid for details.");
        } else if (Arrays.stream(size).min().getAsLong() <= 0) {
            throw new IllegalArgumentException("Expected non-zero, positive output size. Got " + Arrays.toString(size));
        }
        return Torch.affine_grid_generator(theta, size, align);
    }

    private static boolean alignCorners(Boolean alignCorners) {
        if (alignCorners == null) {
            Warnings.warn(DEFAULT_CHANGED);
            return false;
        }
        return alignCorners;
    }
}
