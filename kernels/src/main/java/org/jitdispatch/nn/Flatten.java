package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** Flattens dims {@code start..end} into one ({@code torch.nn.Flatten}, by default all but the batch dim). */
public final class Flatten extends Module {
    private final long start;
    private final long end;

    public Flatten() {
        this(1, -1);
    }

    public Flatten(long start, long end) {
        this.start = start;
        this.end = end;
    }

    @Override
    public Tensor forward(Tensor input) {
        return input.flatten(start, end);
    }

    @Override
    protected String extraRepr() {
        return "start_dim=" + start + ", end_dim=" + end;
    }
}
