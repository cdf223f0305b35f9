package org.jitdispatch.nn;

/**
 * The {@code padding_mode} of PyTorch's convolution modules: anything but {@code "zeros"} pads the input with
 * {@code F.pad} first (reflected, replicated or wrapped around) and convolves without padding, as
 * {@code _ConvNd._conv_forward} does.
 */
final class PaddingModes {
    private PaddingModes() {
    }

    static String checked(String mode) {
        switch (mode) {
            case "zeros":
            case "reflect":
            case "replicate":
            case "circular":
                return mode;
            default:
                throw new IllegalArgumentException("padding_mode must be one of {'zeros', 'reflect', 'replicate',"
                        + " 'circular'}, but got padding_mode='" + mode + "'");
        }
    }

    /**
     * F.pad's amounts, last dim first, each side given: a numeric padding repeated on both sides, or the
     * {@code "same"} split of {@code dilation * (kernel - 1)} (the extra element on the right), or none for
     * {@code "valid"}.
     */
    static long[] reversedPaddingRepeatedTwice(long[] padding, String paddingString, long[] kernel, long[] dilation) {
        int dims = kernel.length;
        long[] out = new long[2 * dims];
        for (int i = 0; i < dims; i++) {
            int dim = dims - 1 - i;
            if (paddingString == null) {
                long p = padding.length == 1 ? padding[0] : padding[dim];
                out[2 * i] = p;
                out[2 * i + 1] = p;
            } else if (paddingString.equals("same")) {
                long d = dilation.length == 1 ? dilation[0] : dilation[dim];
                long total = d * (kernel[dim] - 1);
                out[2 * i] = total / 2;
                out[2 * i + 1] = total - total / 2;
            }
        }
        return out;
    }
}
