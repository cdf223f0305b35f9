package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** The inverse of {@link PixelShuffle} ({@code torch.nn.PixelUnshuffle}): {@code [..., C, H * r, W * r]} to {@code [..., C * r * r, H, W]}. */
public final class PixelUnshuffle extends Module {
    private final long downscaleFactor;

    public PixelUnshuffle(long downscaleFactor) {
        this.downscaleFactor = downscaleFactor;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.pixel_unshuffle(input, downscaleFactor);
    }

    @Override
    protected String extraRepr() {
        return "downscale_factor=" + downscaleFactor;
    }
}
