package org.jitdispatch.nn;

import java.util.Arrays;
import org.jitdispatch.Tensor;

/**
 * Fractional max pooling ({@code torch.nn.FractionalMaxPool2d} and {@code FractionalMaxPool3d}): windows of
 * {@code kernel_size} at pseudo-random starts, for an output of {@code output_size}, or of the input's size times
 * {@code output_ratio} (each in (0, 1), the product truncated). Every call draws each plane's samples from the
 * default generator ({@code torch.rand(N, C, dims)}, as {@link Functional#fractional_max_pool2d} draws them), so a seeded
 * run pools the same windows as PyTorch.
 */
public final class FractionalMaxPool extends Module {
    private final long[] kernel;
    private final long[] outputSize;
    private final double[] outputRatio;

    private FractionalMaxPool(long[] kernel, long[] outputSize, double[] outputRatio) {
        String module = "FractionalMaxPool" + kernel.length + "d";
        if (outputSize == null && outputRatio == null) {
            throw new IllegalArgumentException(module
                    + " requires specifying either an output size, or a pooling ratio");
        }
        if (outputRatio != null) {
            for (double r : outputRatio) {
                if (!(r > 0 && r < 1)) {
                    throw new IllegalArgumentException("output_ratio must be between 0 and 1 (got "
                            + (outputRatio.length == 1 ? String.valueOf(r) : tuple(outputRatio)) + ")");
                }
            }
        }
        this.kernel = kernel.clone();
        this.outputSize = outputSize == null ? null : outputSize.clone();
        this.outputRatio = outputRatio == null ? null : ratios(outputRatio, kernel.length);
    }

    /** A square kernel and output. */
    public static FractionalMaxPool fractionalMaxPool2d(long kernel, long outputSize) {
        return fractionalMaxPool2d(new long[] {kernel, kernel}, new long[] {outputSize, outputSize});
    }

    public static FractionalMaxPool fractionalMaxPool2d(long[] kernel, long[] outputSize) {
        return new FractionalMaxPool(pair(kernel, 2), pair(outputSize, 2), null);
    }

    /** The output is the input's height and width times {@code outputRatio}, each in (0, 1). */
    public static FractionalMaxPool fractionalMaxPool2dWithRatio(long[] kernel, double... outputRatio) {
        return new FractionalMaxPool(pair(kernel, 2), null, outputRatio);
    }

    /** A cubic kernel and output. */
    public static FractionalMaxPool fractionalMaxPool3d(long kernel, long outputSize) {
        return fractionalMaxPool3d(new long[] {kernel, kernel, kernel}, new long[] {outputSize, outputSize, outputSize});
    }

    public static FractionalMaxPool fractionalMaxPool3d(long[] kernel, long[] outputSize) {
        return new FractionalMaxPool(pair(kernel, 3), pair(outputSize, 3), null);
    }

    /** The output is the input's time, height and width times {@code outputRatio}, each in (0, 1). */
    public static FractionalMaxPool fractionalMaxPool3dWithRatio(long[] kernel, double... outputRatio) {
        return new FractionalMaxPool(pair(kernel, 3), null, outputRatio);
    }

    @Override
    public Tensor forward(Tensor input) {
        return forwardWithIndices(input)[0];
    }

    /** The output and the indices of its elements within their planes ({@code return_indices=True}). */
    public Tensor[] forwardWithIndices(Tensor input) {
        return kernel.length == 2
                ? Functional.fractional_max_pool2d_with_indices(input, kernel, outputSize, outputRatio)
                : Functional.fractional_max_pool3d_with_indices(input, kernel, outputSize, outputRatio);
    }

    /** PyTorch prints these modules without arguments. */
    /** PyTorch's FractionalMaxPool2d and 3d have no extra_repr: the name alone. */
    @Override
    protected String reprName() {
        return "FractionalMaxPool" + kernel.length + "d";
    }

    /** A single value repeated for each dim, as PyTorch's {@code _pair} and {@code _triple}. */
    private static long[] pair(long[] values, int dims) {
        return values.length == 1 ? repeat(values[0], dims) : values;
    }

    private static long[] repeat(long value, int dims) {
        long[] out = new long[dims];
        Arrays.fill(out, value);
        return out;
    }

    private static double[] ratios(double[] values, int dims) {
        if (values.length == 1) {
            double[] out = new double[dims];
            Arrays.fill(out, values[0]);
            return out;
        }
        return values;
    }

    private static String tuple(double[] values) {
        StringBuilder s = new StringBuilder("(");
        for (int i = 0; i < values.length; i++) {
            s.append(i == 0 ? "" : ", ").append(values[i]);
        }
        return s.append(')').toString();
    }
}
