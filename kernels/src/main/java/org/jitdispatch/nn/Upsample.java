package org.jitdispatch.nn;

import java.util.Arrays;
import org.jitdispatch.Tensor;

/**
 * Upsampling ({@code torch.nn.Upsample}) of (N, C, W), (N, C, H, W) and (N, C, D, H, W) inputs, to a fixed output
 * size or by a scale factor, with mode {@code "nearest"}, {@code "linear"} (3-D inputs), {@code "bilinear"} or
 * {@code "bicubic"} (4-D) or {@code "trilinear"} (5-D); align_corners only for the interpolating modes, false by
 * default. Calls {@link Functional#interpolate}, as PyTorch's module calls {@code F.interpolate}.
 */
public final class Upsample extends Module {
    private static final java.util.List<String> MODES = java.util.List.of("nearest", "linear", "bilinear", "bicubic",
            "trilinear");

    private final long[] size;
    private final double scaleFactor;
    private final String mode;
    private final boolean alignCorners;

    private Upsample(long[] size, double scaleFactor, String mode, boolean alignCorners) {
        if (!MODES.contains(mode)) {
            throw new IllegalArgumentException("Upsample: mode must be one of " + MODES + ", not '" + mode + "'");
        }
        if (alignCorners && mode.equals("nearest")) {
            throw new IllegalArgumentException("align_corners option can only be set with the interpolating modes:"
                    + " linear | bilinear | bicubic | trilinear");
        }
        this.size = size;
        this.scaleFactor = scaleFactor;
        this.mode = mode;
        this.alignCorners = alignCorners;
    }

    /** To an output of {@code height x width} (4-D inputs). */
    public static Upsample toSize(long height, long width, String mode, boolean alignCorners) {
        return new Upsample(new long[] {height, width}, 0, mode, alignCorners);
    }

    /** To an output of the given spatial sizes, one per spatial dim of the input. */
    public static Upsample toSize(long[] size, String mode, boolean alignCorners) {
        return new Upsample(size.clone(), 0, mode, alignCorners);
    }

    /** By {@code scale} along every spatial dim. */
    public static Upsample byScale(double scale, String mode, boolean alignCorners) {
        return new Upsample(null, scale, mode, alignCorners);
    }

    @Override
    public Tensor forward(Tensor input) {
        Boolean align = mode.equals("nearest") ? null : alignCorners;
        if (size != null) {
            return Functional.interpolate(input, size, null, mode, align, null);
        }
        double[] scales = new double[Math.max(0, input.dim() - 2)];
        Arrays.fill(scales, scaleFactor);
        return Functional.interpolate(input, null, scales, mode, align, null);
    }

    /** PyTorch prints the mode unquoted ({@code str}) and leaves align_corners out. */
    @Override
    protected String extraRepr() {
        return (size != null ? "size=" + PyRepr.tuple(size) : "scale_factor=" + PyRepr.of(scaleFactor)) + ", mode="
                + mode;
    }
}
