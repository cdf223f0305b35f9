package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * The partial inverse of max pooling ({@code torch.nn.MaxUnpool2d} and {@code MaxUnpool3d}, from the factories):
 * each value goes back where the pooling's indices say it came from, zeros elsewhere. The output size defaults to
 * {@code (in - 1) * stride - 2 * padding + kernel} per spatial dim, as {@code F.max_unpool2d} computes it.
 */
public final class MaxUnpool extends Module {
    private final long[] kernel;
    private final long[] stride;
    private final long[] padding;

    private MaxUnpool(long[] kernel, long[] stride, long[] padding) {
        this.kernel = kernel.clone();
        this.stride = stride.clone();
        this.padding = padding.clone();
    }

    /** {@code nn.MaxUnpool2d(kernel)}: stride the kernel size, no padding. */
    public static MaxUnpool maxUnpool2d(long kernel) {
        return new MaxUnpool(new long[] {kernel, kernel}, new long[] {kernel, kernel}, new long[] {0, 0});
    }

    public static MaxUnpool maxUnpool2d(long[] kernel, long[] stride, long[] padding) {
        return new MaxUnpool(kernel, stride, padding);
    }

    /** {@code nn.MaxUnpool3d(kernel)}: stride the kernel size, no padding. */
    public static MaxUnpool maxUnpool3d(long kernel) {
        return new MaxUnpool(new long[] {kernel, kernel, kernel}, new long[] {kernel, kernel, kernel},
                new long[] {0, 0, 0});
    }

    public static MaxUnpool maxUnpool3d(long[] kernel, long[] stride, long[] padding) {
        return new MaxUnpool(kernel, stride, padding);
    }

    /** Max unpooling needs the pooling's indices: call {@link #forward(Tensor, Tensor)}. */
    @Override
    public Tensor forward(Tensor input) {
        throw new UnsupportedOperationException("MaxUnpool.forward takes the input and the pooling's indices");
    }

    public Tensor forward(Tensor input, Tensor indices) {
        return forward(input, indices, null);
    }

    /** With the output's spatial sizes given (one of those a stride allows; null for the default). */
    public Tensor forward(Tensor input, Tensor indices, long[] outputSize) {
        return kernel.length == 2 ? Functional.max_unpool2d(input, indices, kernel, stride, padding, outputSize)
                : Functional.max_unpool3d(input, indices, kernel, stride, padding, outputSize);
    }

    @Override
    protected String reprName() {
        return "MaxUnpool" + kernel.length + "d";
    }

    /** MaxUnpool2d and 3d keep their arguments as tuples ({@code _pair}, {@code _triple}), so they print them so. */
    @Override
    protected String extraRepr() {
        return "kernel_size=" + PyRepr.tuple(kernel) + ", stride=" + PyRepr.tuple(stride) + ", padding="
                + PyRepr.tuple(padding);
    }
}
