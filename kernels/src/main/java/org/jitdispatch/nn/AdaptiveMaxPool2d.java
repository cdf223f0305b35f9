package org.jitdispatch.nn;

import java.util.Arrays;
import org.jitdispatch.Tensor;

/**
 * 2-D adaptive max pooling ({@code torch.nn.AdaptiveMaxPool2d}): each output element is the maximum of a window
 * of about {@code input / output} elements per dim, so any input size pools to {@code outputSize}. The indices
 * (within each plane) are left out, as with {@code return_indices=False}.
 */
public final class AdaptiveMaxPool2d extends Module {
    private final long[] outputSize;
    /** Given as one int for every dim: PyTorch prints it as given. */
    private final boolean givenAsInt;

    public AdaptiveMaxPool2d(long outputSize) {
        this(new long[] {outputSize, outputSize}, true);
    }

    public AdaptiveMaxPool2d(long[] outputSize) {
        this(outputSize, false);
    }

    private AdaptiveMaxPool2d(long[] outputSize, boolean givenAsInt) {
        this.givenAsInt = givenAsInt;
        if (outputSize.length != 2) {
            throw new IllegalArgumentException("AdaptiveMaxPool2d: output_size must be one int or two, but got "
                    + Arrays.toString(outputSize));
        }
        this.outputSize = outputSize.clone();
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.adaptive_max_pool2d(input, outputSize);
    }

    @Override
    protected String extraRepr() {
        return "output_size=" + PyRepr.intOrTuple(outputSize, givenAsInt);
    }
}
