package org.jitdispatch.nn;

import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.ScalarType;

/**
 * The constructor options of {@link RNN}, {@link GRU} and {@link LSTM}, with PyTorch's defaults (libtorch's
 * {@code RNNOptions} style): {@code new LSTM(new RNNOptions(10, 20).numLayers(2).batchFirst(true))}.
 * {@code generator} is where the initial weights are drawn from (the default generator when null).
 */
public final class RNNOptions {
    final long inputSize;
    final long hiddenSize;
    long numLayers = 1;
    String nonlinearity = "tanh";
    boolean bias = true;
    boolean batchFirst;
    double dropout;
    boolean bidirectional;
    long projSize;
    ScalarType dtype = ScalarType.Float32;
    Generator generator;

    public RNNOptions(long inputSize, long hiddenSize) {
        this.inputSize = inputSize;
        this.hiddenSize = hiddenSize;
    }

    public RNNOptions numLayers(long value) {
        numLayers = value;
        return this;
    }

    /** {@code "tanh"} or {@code "relu"}: RNN only. */
    public RNNOptions nonlinearity(String value) {
        nonlinearity = value;
        return this;
    }

    public RNNOptions bias(boolean value) {
        bias = value;
        return this;
    }

    public RNNOptions batchFirst(boolean value) {
        batchFirst = value;
        return this;
    }

    /** The probability of dropping an element of each layer's output but the last's, in training. */
    public RNNOptions dropout(double value) {
        dropout = value;
        return this;
    }

    public RNNOptions bidirectional(boolean value) {
        bidirectional = value;
        return this;
    }

    /** LSTM only: the size h is projected to by {@code weight_hr} (0: no projection). */
    public RNNOptions projSize(long value) {
        projSize = value;
        return this;
    }

    public RNNOptions dtype(ScalarType value) {
        dtype = value;
        return this;
    }

    public RNNOptions generator(Generator value) {
        generator = value;
        return this;
    }
}
