package org.jitdispatch.nn;

/** The string paddings of PyTorch's convolution modules ({@code _ConvNd.__init__}'s checks and messages). */
final class PaddingStrings {
    private PaddingStrings() {
    }

    /** {@code padding} when it is {@code "same"} or {@code "valid"} and allowed with {@code stride}. */
    static String checked(String padding, long[] stride) {
        if (!padding.equals("same") && !padding.equals("valid")) {
            throw new IllegalArgumentException("Invalid padding string '" + padding
                    + "', should be one of {'valid', 'same'}");
        }
        if (padding.equals("same")) {
            for (long s : stride) {
                if (s != 1) {
                    throw new IllegalArgumentException("padding='same' is not supported for strided convolutions");
                }
            }
        }
        return padding;
    }
}
