package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** The softmax over the channels of each location: dim -3 of a 3-D or 4-D input ({@code torch.nn.Softmax2d}). */
public final class Softmax2d extends Module {
    @Override
    public Tensor forward(Tensor input) {
        return Functional.softmax(checked(input), -3);
    }

    private static Tensor checked(Tensor input) {
        if (input.dim() != 3 && input.dim() != 4) {
            throw new IllegalArgumentException("Softmax2d: expected input to be 3D or 4D, got " + input.dim() + "D instead");
        }
        return input;
    }
}
