package org.jitdispatch.nn;

import java.util.Arrays;
import org.jitdispatch.Tensor;

/**
 * 3-D adaptive max pooling ({@code torch.nn.AdaptiveMaxPool3d}): windows of about {@code input / output}
 * elements per dim, so any input size pools to {@code outputSize}. The indices are left out, as with
 * {@code return_indices=False}.
 */
public final class AdaptiveMaxPool3d extends Module {
    private final long[] outputSize;
    /** Given as one int for every dim: PyTorch prints it as given. */
    private final boolean givenAsInt;

    public AdaptiveMaxPool3d(long outputSize) {
        this(new long[] {outputSize, outputSize, outputSize}, true);
    }

    public AdaptiveMaxPool3d(long[] outputSize) {
        this(outputSize, false);
    }

    private AdaptiveMaxPool3d(long[] outputSize, boolean givenAsInt) {
        this.givenAsInt = givenAsInt;
        if (outputSize.length != 3) {
            throw new IllegalArgumentException("AdaptiveMaxPool3d: output_size must be one int or three, but got "
                    + Arrays.toString(outputSize));
        }
        this.outputSize = outputSize.clone();
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.adaptive_max_pool3d(input, outputSize);
    }

    @Override
    protected String extraRepr() {
        return "output_size=" + PyRepr.intOrTuple(outputSize, givenAsInt);
    }
}
