package org.jitdispatch.nn;

import java.util.Arrays;
import org.jitdispatch.Tensor;

/**
 * The shapes and checks of the convolution modules ({@link ConvNd}, {@link ConvTransposeNd}): PyTorch's
 * {@code _ConvNd.__init__} checks, the weight's shape, the repr, and the output padding a transposed convolution
 * needs for a requested output size ({@code _ConvTransposeNd._output_padding}).
 */
final class ConvShapes {
    private ConvShapes() {
    }

    /** {@code [first, second, kernel...]}. */
    static long[] weightShape(long first, long second, long[] kernel) {
        long[] shape = new long[2 + kernel.length];
        shape[0] = first;
        shape[1] = second;
        System.arraycopy(kernel, 0, shape, 2, kernel.length);
        return shape;
    }

    /** Whether every element is {@code value}. */
    static boolean all(long[] values, long value) {
        for (long v : values) {
            if (v != value) {
                return false;
            }
        }
        return true;
    }

    /**
     * PyTorch's {@code _ConvNd.extra_repr}: channels, kernel size and stride, then what differs from the defaults
     * ({@code padding} and {@code outputPadding} are already printed, or null for none). Python's {@code format}
     * prints a string padding and the padding mode unquoted.
     */
    static String extraRepr(long in, long out, long[] kernel, long[] stride, String padding, long[] dilation,
            String outputPadding, long groups, boolean bias, String paddingMode) {
        StringBuilder s = new StringBuilder().append(in).append(", ").append(out)
                .append(", kernel_size=").append(PyRepr.tuple(kernel)).append(", stride=").append(PyRepr.tuple(stride));
        if (padding != null) {
            s.append(", padding=").append(padding);
        }
        if (!all(dilation, 1)) {
            s.append(", dilation=").append(PyRepr.tuple(dilation));
        }
        if (outputPadding != null) {
            s.append(", output_padding=").append(outputPadding);
        }
        if (groups != 1) {
            s.append(", groups=").append(groups);
        }
        if (!bias) {
            s.append(", bias=False");
        }
        if (!paddingMode.equals("zeros")) {
            s.append(", padding_mode=").append(paddingMode);
        }
        return s.toString();
    }

    /**
     * {@code outputSize} (the spatial sizes, or with the batch and channel dims, or the channel dim of an
     * unbatched input) as an output padding, after checking it lies between the smallest size and that plus
     * {@code stride - 1}.
     */
    static long[] outputPadding(String module, Tensor input, long[] outputSize, long[] stride, long[] padding,
            long[] kernel, long[] dilation) {
        int spatial = kernel.length;
        int nonSpatial = input.dim() == spatial + 2 ? 2 : 1;
        long[] size = outputSize.length == nonSpatial + spatial
                ? Arrays.copyOfRange(outputSize, nonSpatial, outputSize.length) : outputSize;
        if (size.length != spatial) {
            throw new IllegalArgumentException(module + ": for " + input.dim() + "D input, output_size must have "
                    + spatial + " or " + (nonSpatial + spatial) + " elements (got " + outputSize.length + ")");
        }
        long[] least = new long[spatial];
        long[] most = new long[spatial];
        for (int d = 0; d < spatial; d++) {
            least[d] = (input.size(d + nonSpatial) - 1) * stride[d] - 2 * padding[d] + dilation[d] * (kernel[d] - 1) + 1;
            most[d] = least[d] + stride[d] - 1;
        }
        long[] result = new long[spatial];
        for (int d = 0; d < spatial; d++) {
            if (size[d] < least[d] || size[d] > most[d]) {
                throw new IllegalArgumentException("requested an output size of " + Arrays.toString(size)
                        + ", but valid sizes range from " + Arrays.toString(least) + " to " + Arrays.toString(most)
                        + " (for an input of " + Arrays.toString(Arrays.copyOfRange(input.sizes(), input.dim() - spatial,
                        input.dim())) + ")");
            }
            result[d] = size[d] - least[d];
        }
        return result;
    }

    /** The checks of {@code _ConvNd.__init__} on channels and groups, with its messages. */
    static void checkGroups(long in, long out, long groups) {
        if (groups <= 0 || in % groups != 0 || out % groups != 0) {
            throw new IllegalArgumentException(groups <= 0 ? "groups must be a positive integer"
                    : in % groups != 0 ? "in_channels must be divisible by groups" : "out_channels must be divisible by groups");
        }
    }
}
