package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;

/**
 * The weights of one recurrent layer in one direction (RNN.cpp's {@code CellParams}): {@code w_ih}
 * [gates * hidden, input], {@code w_hh} [gates * hidden, hidden or proj], the biases (null without them) and
 * {@code w_hr} [proj, hidden], an LSTM's projection (null without one).
 */
record CellParams(Tensor wIh, Tensor wHh, Tensor bIh, Tensor bHh, Tensor wHr) {

    Tensor linearIh(Tensor input) {
        return Torch.linear(input, wIh, bIh);
    }

    Tensor linearHh(Tensor hidden) {
        return Torch.linear(hidden, wHh, bHh);
    }

    /** An LSTM's output projection {@code h W_hr^T}, or h itself without one. */
    Tensor matmulHr(Tensor hidden) {
        return wHr == null ? hidden : Torch.matmul(hidden, wHr.t());
    }

    /**
     * RNN.cpp's gather_params: the flat parameter list of a layer stack, {@code w_ih, w_hh[, b_ih, b_hh][, w_hr]}
     * per layer and direction, in the order nn.RNN's {@code _flat_weights} lists them.
     */
    static CellParams[] gather(Tensor[] params, boolean hasBiases, boolean hasProjections) {
        int each = (hasBiases ? 4 : 2) + (hasProjections ? 1 : 0);
        if (params.length % each != 0) {
            throw new IllegalArgumentException("got an incorrect number of RNN parameters");
        }
        CellParams[] result = new CellParams[params.length / each];
        for (int i = 0, p = 0; i < result.length; i++, p += each) {
            result[i] = new CellParams(params[p], params[p + 1], hasBiases ? params[p + 2] : null,
                    hasBiases ? params[p + 3] : null, hasProjections ? params[p + each - 1] : null);
        }
        return result;
    }
}
