package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * Channels traded for resolution ({@code torch.nn.PixelShuffle}): {@code [..., C * r * r, H, W]} becomes {@code
 * [..., C, H * r, W * r]}, the upsampling step of a sub-pixel convolution.
 */
public final class PixelShuffle extends Module {
    private final long upscaleFactor;

    public PixelShuffle(long upscaleFactor) {
        this.upscaleFactor = upscaleFactor;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.pixel_shuffle(input, upscaleFactor);
    }

    @Override
    protected String extraRepr() {
        return "upscale_factor=" + upscaleFactor;
    }
}
