package org.jitdispatch.nn;

import java.util.Arrays;
import org.jitdispatch.Tensor;

/**
 * The output padding a transposed convolution module needs for a requested output size, as PyTorch's
 * {@code _ConvTransposeNd._output_padding}: a stride above 1 maps several output sizes onto one input size, and
 * the requested one picks among them.
 */
final class ConvTransposeSizes {
    private ConvTransposeSizes() {
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
