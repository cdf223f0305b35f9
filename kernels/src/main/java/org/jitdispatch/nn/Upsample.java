package org.jitdispatch.nn;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;

/**
 * Upsampling ({@code torch.nn.Upsample}) of (N, C, W), (N, C, H, W) and (N, C, D, H, W) inputs, to a fixed output
 * size or by a scale factor, with mode {@code "nearest"}, {@code "linear"} (3-D inputs), {@code "bilinear"} or
 * {@code "bicubic"} (4-D) or {@code "trilinear"} (5-D); align_corners only for the interpolating modes, false by
 * default. The operator is chosen by the input's dims, as {@code F.interpolate} chooses it, with its errors.
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
        int spatial = input.dim() - 2;
        if (size != null && size.length != spatial) {
            throw new IllegalArgumentException("Input and output must have the same number of spatial dimensions, but got"
                    + " input with spatial dimensions of " + Arrays.toString(Arrays.copyOfRange(input.sizes(),
                    Math.min(2, input.dim()), input.dim())) + " and output size of " + Arrays.toString(size)
                    + ". Please provide input tensor in (N, C, d1, d2, ...,dK) format and output size in (o1, o2, ...,oK)"
                    + " format.");
        }
        double[] scales = null;
        if (size == null && spatial > 0) {
            scales = new double[spatial];
            Arrays.fill(scales, scaleFactor);
        }
        String needs = mode.equals("linear") ? "3D" : mode.equals("bilinear") ? "4D" : mode.equals("trilinear") ? "5D"
                : null;
        if (needs != null && input.dim() >= 3 && input.dim() <= 5 && !needs.equals(input.dim() + "D")) {
            throw new UnsupportedOperationException("Got " + input.dim() + "D input, but " + mode + " mode needs "
                    + needs + " input");
        }
        switch (input.dim() + mode) {
            case "3nearest":
                return Torch.upsample_nearest1d(input, size, scales);
            case "3linear":
                return Torch.upsample_linear1d(input, size, alignCorners, scales);
            case "4nearest":
                return Torch.upsample_nearest2d(input, size, scales);
            case "4bilinear":
                return Torch.upsample_bilinear2d(input, size, alignCorners, scales);
            case "4bicubic":
                return Torch.upsample_bicubic2d(input, size, alignCorners, scales);
            case "5nearest":
                return Torch.upsample_nearest3d(input, size, scales);
            case "5trilinear":
                return Torch.upsample_trilinear3d(input, size, alignCorners, scales);
            default:
                throw new UnsupportedOperationException("Input Error: Only 3D, 4D and 5D input Tensors supported (got "
                        + input.dim() + "D) for the modes: nearest | linear | bilinear | bicubic | trilinear | area |"
                        + " nearest-exact (got " + mode + ")");
        }
    }

    @Override
    public String toString() {
        String target = size != null ? "size=(" + String.join(", ", Arrays.stream(size).mapToObj(Long::toString)
                .toArray(String[]::new)) + ")" : "scale_factor=" + scaleFactor;
        return "Upsample(" + target + ", mode='" + mode + "'" + (alignCorners ? ", align_corners=True" : "") + ")";
    }
}
