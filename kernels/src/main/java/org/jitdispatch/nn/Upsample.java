package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;

/**
 * Upsampling of (N, C, H, W) inputs ({@code torch.nn.Upsample}): to a fixed output size or by scale factors,
 * with mode {@code "nearest"}, {@code "bilinear"} or {@code "bicubic"} (align_corners only for the interpolating
 * modes, false by default).
 */
public final class Upsample extends Module {
    private final long[] size;
    private final double[] scaleFactor;
    private final String mode;
    private final boolean alignCorners;

    private Upsample(long[] size, double[] scaleFactor, String mode, boolean alignCorners) {
        if (!mode.equals("nearest") && !mode.equals("bilinear") && !mode.equals("bicubic")) {
            throw new IllegalArgumentException("Upsample: mode must be 'nearest', 'bilinear' or 'bicubic', not '" + mode
                    + "'");
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

    /** To an output of {@code height x width}. */
    public static Upsample toSize(long height, long width, String mode, boolean alignCorners) {
        return new Upsample(new long[] {height, width}, null, mode, alignCorners);
    }

    /** By {@code scale} along both spatial dims. */
    public static Upsample byScale(double scale, String mode, boolean alignCorners) {
        return new Upsample(null, new double[] {scale, scale}, mode, alignCorners);
    }

    @Override
    public Tensor forward(Tensor input) {
        switch (mode) {
            case "nearest":
                return Torch.upsample_nearest2d(input, size, scaleFactor);
            case "bilinear":
                return Torch.upsample_bilinear2d(input, size, alignCorners, scaleFactor);
            default:
                return Torch.upsample_bicubic2d(input, size, alignCorners, scaleFactor);
        }
    }

    @Override
    public String toString() {
        String target = size != null ? "size=(" + size[0] + ", " + size[1] + ")" : "scale_factor=" + scaleFactor[0];
        return "Upsample(" + target + ", mode='" + mode + "'" + (alignCorners ? ", align_corners=True" : "") + ")";
    }
}
