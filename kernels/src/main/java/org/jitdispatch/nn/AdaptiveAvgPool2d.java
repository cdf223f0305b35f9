package org.jitdispatch.nn;

import java.util.Arrays;
import org.jitdispatch.Tensor;

/**
 * 2-D adaptive average pooling ({@code torch.nn.AdaptiveAvgPool2d}): each output element is the mean of a window
 * of about {@code input / output} elements per dim, so any input size pools to {@code outputSize} (a 1 x 1
 * output is the global average pooling of a CNN's head).
 */
public final class AdaptiveAvgPool2d extends Module {
    private final long[] outputSize;
    /** Given as one int for every dim: PyTorch prints it as given. */
    private final boolean givenAsInt;

    public AdaptiveAvgPool2d(long outputSize) {
        this(new long[] {outputSize, outputSize}, true);
    }

    public AdaptiveAvgPool2d(long[] outputSize) {
        this(outputSize, false);
    }

    private AdaptiveAvgPool2d(long[] outputSize, boolean givenAsInt) {
        this.givenAsInt = givenAsInt;
        if (outputSize.length != 2) {
            throw new IllegalArgumentException("AdaptiveAvgPool2d: output_size must be one int or two, but got "
                    + Arrays.toString(outputSize));
        }
        this.outputSize = outputSize.clone();
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.adaptive_avg_pool2d(input, outputSize);
    }

    @Override
    protected String extraRepr() {
        return "output_size=" + PyRepr.intOrTuple(outputSize, givenAsInt);
    }
}
