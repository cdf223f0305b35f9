package org.jitdispatch.nn;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.structured.Warnings;

/**
 * The vision functions of {@code torch.nn.functional} (padding, resampling, pixel shuffling, sliding blocks and
 * spatial transformers); reach them through {@link Functional}. PyTorch's {@code NotImplementedError} is an
 * {@link UnsupportedOperationException} here, its {@code ValueError} an {@link IllegalArgumentException}.
 */
abstract class VisionFunctions extends LayerFunctions {
    private static final String DEFAULT_ALIGN_CHANGED = "Default grid_sample and affine_grid behavior has changed to"
            + " align_corners=False since 1.3.0. Please specify align_corners=True if the old behavior is desired."
            + " See the documentation of grid_sample for details.";

    VisionFunctions() {
    }

    // ---- padding ----

    /** {@code F.pad(input, pad)}: zeros; {@code pad} holds (before, after) pairs, last dim first. */
    public static Tensor pad(Tensor input, long... pad) {
        return Torch.pad(input, pad);
    }

    /** {@code F.pad(input, pad, mode)}: {@code "constant"} (zeros), {@code "reflect"}, {@code "replicate"} or
     * {@code "circular"}. */
    public static Tensor pad(Tensor input, long[] pad, String mode) {
        return Torch.pad(input, pad, mode);
    }

    /** {@code F.pad(input, pad, mode, value)}: {@code value} fills constant padding (null is 0). */
    public static Tensor pad(Tensor input, long[] pad, String mode, Double value) {
        return Torch.pad(input, pad, mode, value);
    }

    // ---- resampling ----

    /** {@code F.interpolate(input, size, mode=mode)}: to {@code size} along every spatial dim. */
    public static Tensor interpolate(Tensor input, long size, String mode) {
        return interpolate(input, repeated(size, input.dim() - 2), null, mode, null, null);
    }

    /** {@code F.interpolate(input, size, mode=mode)}: one output size per spatial dim. */
    public static Tensor interpolate(Tensor input, long[] size, String mode) {
        return interpolate(input, size, null, mode, null, null);
    }

    /** {@code F.interpolate(input, scale_factor=scaleFactor, mode=mode)}: one scale for every spatial dim. */
    public static Tensor interpolate(Tensor input, double scaleFactor, String mode) {
        double[] scales = new double[Math.max(0, input.dim() - 2)];
        Arrays.fill(scales, scaleFactor);
        return interpolate(input, null, scales, mode, null, null);
    }

    /**
     * {@code F.interpolate(input, size, scale_factor, mode, align_corners, recompute_scale_factor)} of (N, C, W),
     * (N, C, H, W) and (N, C, D, H, W) inputs: exactly one of {@code size} and {@code scaleFactor} (one per spatial
     * dim), {@code mode} {@code "nearest"}, {@code "linear"} (3-D), {@code "bilinear"} or {@code "bicubic"}
     * (4-D), {@code "trilinear"} (5-D) or {@code "area"} (adaptive average pooling); {@code alignCorners} null
     * unless interpolating (then null is false); {@code recomputeScaleFactor} true computes the output size from
     * the scales and passes no scales on. Differs from PyTorch: no {@code "nearest-exact"} mode and no
     * {@code antialias}, for want of their operators.
     */
    public static Tensor interpolate(Tensor input, long[] size, double[] scaleFactor, String mode,
            Boolean alignCorners, Boolean recomputeScaleFactor) {
        if (mode.equals("nearest") || mode.equals("area") || mode.equals("nearest-exact")) {
            if (alignCorners != null) {
                throw new IllegalArgumentException("align_corners option can only be set with the interpolating"
                        + " modes: linear | bilinear | bicubic | trilinear");
            }
        } else if (alignCorners == null) {
            alignCorners = false;
        }
        int dim = input.dim() - 2;
        long[] outputSize = null;
        double[] scaleFactors = null;
        if (size != null && scaleFactor != null) {
            throw new IllegalArgumentException("only one of size or scale_factor should be defined");
        } else if (size != null) {
            if (size.length != dim) {
                throw new IllegalArgumentException("Input and output must have the same number of spatial dimensions,"
                        + " but got input with spatial dimensions of " + Arrays.toString(spatialSizes(input))
                        + " and output size of " + Arrays.toString(size) + ". Please provide input tensor in (N, C,"
                        + " d1, d2, ...,dK) format and output size in (o1, o2, ...,oK) format.");
            }
            outputSize = size.clone();
        } else if (scaleFactor != null) {
            if (scaleFactor.length != dim) {
                throw new IllegalArgumentException("Input and scale_factor must have the same number of spatial"
                        + " dimensions, but got input with spatial dimensions of "
                        + Arrays.toString(spatialSizes(input)) + " and scale_factor of shape "
                        + Arrays.toString(scaleFactor) + ". Please provide input tensor in (N, C, d1, d2, ...,dK)"
                        + " format and scale_factor in (s1, s2, ...,sK) format.");
            }
            scaleFactors = scaleFactor.clone();
        } else {
            throw new IllegalArgumentException("either size or scale_factor should be defined");
        }
        if (recomputeScaleFactor != null && recomputeScaleFactor && size != null) {
            throw new IllegalArgumentException("recompute_scale_factor is not meaningful with an explicit size.");
        }
        if (mode.equals("area") && outputSize == null) {
            recomputeScaleFactor = true;
        }
        if (recomputeScaleFactor != null && recomputeScaleFactor) {
            outputSize = new long[dim];
            for (int i = 0; i < dim; i++) {
                outputSize[i] = (long) Math.floor((double) input.size(i + 2) * scaleFactors[i]);
            }
            scaleFactors = null;
        }
        return resample(input, outputSize, scaleFactors, mode, alignCorners);
    }

    /** {@code F.upsample(input, size, scale_factor, mode, align_corners)}: deprecated in PyTorch, with its warning. */
    public static Tensor upsample(Tensor input, long[] size, double[] scaleFactor, String mode,
            Boolean alignCorners) {
        Warnings.warn("nn.functional.upsample is deprecated. Use nn.functional.interpolate instead.");
        return interpolate(input, size, scaleFactor, mode, alignCorners, null);
    }

    /** {@code F.upsample_nearest(input, size, scale_factor)}: deprecated in PyTorch, with its warning. */
    public static Tensor upsample_nearest(Tensor input, long[] size, double[] scaleFactor) {
        Warnings.warn("nn.functional.upsample_nearest is deprecated. Use nn.functional.interpolate instead.");
        return interpolate(input, size, scaleFactor, "nearest", null, null);
    }

    /**
     * {@code F.upsample_bilinear(input, size, scale_factor)}: bilinear with align_corners true; deprecated in
     * PyTorch, with its warning.
     */
    public static Tensor upsample_bilinear(Tensor input, long[] size, double[] scaleFactor) {
        Warnings.warn("nn.functional.upsample_bilinear is deprecated. Use nn.functional.interpolate instead.");
        return interpolate(input, size, scaleFactor, "bilinear", true, null);
    }

    /** The operator F.interpolate picks for the input's dims and the mode, with its errors. */
    private static Tensor resample(Tensor input, long[] outputSize, double[] scales, String mode,
            Boolean alignCorners) {
        int dims = input.dim();
        switch (dims + mode) {
            case "3nearest":
                return Torch.upsample_nearest1d(input, outputSize, scales);
            case "4nearest":
                return Torch.upsample_nearest2d(input, outputSize, scales);
            case "5nearest":
                return Torch.upsample_nearest3d(input, outputSize, scales);
            case "3nearest-exact":
            case "4nearest-exact":
            case "5nearest-exact":
                throw new UnsupportedOperationException("interpolate: mode 'nearest-exact' needs the"
                        + " _upsample_nearest_exact operators, which jitdispatch does not have");
            case "3area":
                return adaptive_avg_pool1d(input, outputSize);
            case "4area":
                return adaptive_avg_pool2d(input, outputSize);
            case "5area":
                return adaptive_avg_pool3d(input, outputSize);
            case "3linear":
                return Torch.upsample_linear1d(input, outputSize, alignCorners, scales);
            case "4bilinear":
                return Torch.upsample_bilinear2d(input, outputSize, alignCorners, scales);
            case "5trilinear":
                return Torch.upsample_trilinear3d(input, outputSize, alignCorners, scales);
            case "4bicubic":
                return Torch.upsample_bicubic2d(input, outputSize, alignCorners, scales);
            default:
                break;
        }
        String needs = mode.equals("linear") ? "3D" : mode.equals("bilinear") ? "4D" : mode.equals("trilinear")
                ? "5D" : null;
        if (needs != null && dims >= 3 && dims <= 5) {
            throw new UnsupportedOperationException("Got " + dims + "D input, but " + mode + " mode needs " + needs
                    + " input");
        }
        throw new UnsupportedOperationException("Input Error: Only 3D, 4D and 5D input Tensors supported (got "
                + dims + "D) for the modes: nearest | linear | bilinear | bicubic | trilinear | area | nearest-exact"
                + " (got " + mode + ")");
    }

    // ---- pixel shuffling and sliding blocks ----

    /** {@code F.pixel_shuffle(input, upscale_factor)}: {@code [*, C r^2, H, W]} to {@code [*, C, H r, W r]}. */
    public static Tensor pixel_shuffle(Tensor input, long upscaleFactor) {
        return Torch.pixel_shuffle(input, upscaleFactor);
    }

    /** {@code F.pixel_unshuffle(input, downscale_factor)}: the inverse of {@link #pixel_shuffle}. */
    public static Tensor pixel_unshuffle(Tensor input, long downscaleFactor) {
        return Torch.pixel_unshuffle(input, downscaleFactor);
    }

    /**
     * {@code F.channel_shuffle(input, groups)}: the channels of {@code [N, g k, *]} read as {@code [N, g, k, *]}
     * and laid out as {@code [N, k, g, *]}.
     */
    public static Tensor channel_shuffle(Tensor input, long groups) {
        return Torch.channel_shuffle(input, groups);
    }

    /** {@code F.unfold(input, kernel_size)}: dilation 1, no padding, stride 1. */
    public static Tensor unfold(Tensor input, long... kernelSize) {
        return unfold(input, kernelSize, new long[] {1}, new long[] {0}, new long[] {1});
    }

    /**
     * {@code F.unfold(input, kernel_size, dilation, padding, stride)}: the sliding blocks of {@code [N, C, H, W]}
     * as the columns of {@code [N, C kh kw, L]} ({@code im2col}).
     */
    public static Tensor unfold(Tensor input, long[] kernelSize, long[] dilation, long[] padding, long[] stride) {
        return Torch.im2col(input, tuple(kernelSize, 2), tuple(dilation, 2), tuple(padding, 2), tuple(stride, 2));
    }

    /** {@code F.fold(input, output_size, kernel_size)}: dilation 1, no padding, stride 1. */
    public static Tensor fold(Tensor input, long[] outputSize, long[] kernelSize) {
        return fold(input, outputSize, kernelSize, new long[] {1}, new long[] {0}, new long[] {1});
    }

    /**
     * {@code F.fold(input, output_size, kernel_size, dilation, padding, stride)}: columns summed back into
     * blocks of an image ({@code col2im}), the adjoint of {@link #unfold}.
     */
    public static Tensor fold(Tensor input, long[] outputSize, long[] kernelSize, long[] dilation, long[] padding,
            long[] stride) {
        return Torch.col2im(input, tuple(outputSize, 2), tuple(kernelSize, 2), tuple(dilation, 2), tuple(padding, 2),
                tuple(stride, 2));
    }

    // ---- spatial transformers ----

    /** {@code F.grid_sample(input, grid)}: bilinear, zeros padding, align_corners unset (false, with a warning). */
    public static Tensor grid_sample(Tensor input, Tensor grid) {
        return grid_sample(input, grid, "bilinear", "zeros", null);
    }

    /**
     * {@code F.grid_sample(input, grid, mode, padding_mode, align_corners)}: {@code mode} is {@code "bilinear"},
     * {@code "nearest"} or {@code "bicubic"} (4-D inputs only), {@code paddingMode} {@code "zeros"},
     * {@code "border"} or {@code "reflection"}; a null {@code alignCorners} is false, with PyTorch's warning.
     */
    public static Tensor grid_sample(Tensor input, Tensor grid, String mode, String paddingMode,
            Boolean alignCorners) {
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
    public static Tensor affine_grid(Tensor theta, long[] size) {
        return affine_grid(theta, size, null);
    }

    /**
     * {@code F.affine_grid(theta, size, align_corners)}: the sampling grid of the affine maps {@code theta}
     * ({@code [N, 2, 3]} for a 4-D {@code size} {@code [N, C, H, W]}, {@code [N, 3, 4]} for a 5-D one), an
     * {@code [N, H, W, 2]} or {@code [N, D, H, W, 3]} tensor for {@link #grid_sample}.
     */
    public static Tensor affine_grid(Tensor theta, long[] size, Boolean alignCorners) {
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
            Warnings.warn(DEFAULT_ALIGN_CHANGED);
            return false;
        }
        return alignCorners;
    }

    private static long[] spatialSizes(Tensor input) {
        return Arrays.copyOfRange(input.sizes(), Math.min(2, input.dim()), input.dim());
    }

    private static long[] repeated(long value, int n) {
        long[] out = new long[Math.max(0, n)];
        Arrays.fill(out, value);
        return out;
    }
}
