package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** Modules applied in order, named "0", "1", ... as in {@code torch.nn.Sequential}. */
public final class Sequential extends Module {
    private final Module[] layers;

    public Sequential(Module... layers) {
        this.layers = layers.clone();
        for (int i = 0; i < layers.length; i++) {
            registerModule(Integer.toString(i), layers[i]);
        }
    }

    @Override
    public Tensor forward(Tensor input) {
        Tensor x = input;
        for (Module layer : layers) {
            x = layer.forward(x);
        }
        return x;
    }

    /** Layer {@code i}. */
    public Module get(int i) {
        return layers[i];
    }

    public int size() {
        return layers.length;
    }
}
