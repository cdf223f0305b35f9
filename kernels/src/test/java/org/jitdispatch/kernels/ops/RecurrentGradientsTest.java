package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Random;
import java.util.function.Function;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.autograd.GradCheck;
import org.jitdispatch.autograd.NoGrad;
import org.junit.jupiter.api.Test;

/**
 * The recurrent operators differentiate through what they call: finite differences in float64 for every input of
 * the cells and of the layer stacks (two layers, both directions, an LSTM's projections), and the same values
 * whether autograd records a step (out-of-place gates) or not (gates written in place).
 */
class RecurrentGradientsTest {
    private static final Random RANDOM = new Random(7);

    private static Tensor leaf(long... sizes) {
        int n = 1;
        for (long s : sizes) {
            n *= (int) s;
        }
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = RANDOM.nextDouble() * 1.6 - 0.8;
        }
        return Torch.tensor(v).view(sizes).requiresGrad_(true);
    }

    /** Every result flattened into one vector, so that one Jacobian covers output and final states. */
    private static Tensor flat(Tensor... results) {
        Tensor[] parts = new Tensor[results.length];
        for (int i = 0; i < parts.length; i++) {
            parts[i] = results[i].reshape(-1);
        }
        return Torch.cat(parts, 0);
    }

    @Test
    void cells() {
        Tensor x = leaf(2, 3);
        Tensor h = leaf(2, 4);
        Tensor c = leaf(2, 4);
        Tensor bih4 = leaf(16);
        Tensor bhh4 = leaf(16);
        GradCheck.check(t -> Torch.rnn_tanh_cell(t[0], t[1], t[2], t[3], t[4], t[5]), x, h, leaf(4, 3), leaf(4, 4),
                leaf(4), leaf(4));
        GradCheck.check(t -> Torch.rnn_relu_cell(t[0], t[1], t[2], t[3], null, null), x, h, leaf(4, 3), leaf(4, 4));
        GradCheck.check(t -> Torch.gru_cell(t[0], t[1], t[2], t[3], t[4], t[5]), x, h, leaf(12, 3), leaf(12, 4),
                leaf(12), leaf(12));
        GradCheck.check(t -> flat(Torch.lstm_cell(t[0], new Tensor[] {t[1], t[2]}, t[3], t[4], t[5], t[6])), x, h, c,
                leaf(16, 3), leaf(16, 4), bih4, bhh4);
    }

    @Test
    void lstmWithProjectionsTwoLayersBothDirections() {
        // per layer and direction: w_ih [4H, in], w_hh [4H, P], b_ih, b_hh, w_hr [P, H]; H = 3, P = 2. The gradients
        // are checked for the input, the states and the weights of the first and the last layer-direction (the
        // others take part as constants, which keeps the finite differences few)
        Tensor[] params = {leaf(12, 3), leaf(12, 2), leaf(12), leaf(12), leaf(2, 3),
            leaf(12, 3).detach(), leaf(12, 2).detach(), leaf(12).detach(), leaf(12).detach(), leaf(2, 3).detach(),
            leaf(12, 4).detach(), leaf(12, 2).detach(), leaf(12).detach(), leaf(12).detach(), leaf(2, 3).detach(),
            leaf(12, 4), leaf(12, 2), leaf(12), leaf(12), leaf(2, 3)};
        Tensor[] inputs = {leaf(2, 1, 3), leaf(4, 1, 2), leaf(4, 1, 3), params[0], params[1], params[2], params[3],
            params[4], params[15], params[16], params[17], params[18], params[19]};
        Function<Tensor[], Tensor> lstm = t -> {
            Tensor[] ps = params.clone();
            System.arraycopy(t, 3, ps, 0, 5);
            System.arraycopy(t, 8, ps, 15, 5);
            return flat(Torch.lstm(t[0], new Tensor[] {t[1], t[2]}, ps, true, 2, 0.0, false, true, false));
        };
        GradCheck.check(lstm, inputs);
    }

    @Test
    void gruBatchFirstAndRnnReluWithoutBiases() {
        Tensor x = leaf(2, 2, 3);
        GradCheck.check(t -> flat(Torch.gru(t[0], t[1], new Tensor[] {t[2], t[3], t[4], t[5]}, true, 1, 0.0, false,
                false, true)), x, leaf(1, 2, 4), leaf(12, 3), leaf(12, 4), leaf(12), leaf(12));
        GradCheck.check(t -> flat(Torch.rnn_relu(t[0], t[1], new Tensor[] {t[2], t[3], t[4], t[5]}, false, 2, 0.0,
                false, false, false)), x, leaf(2, 2, 4), leaf(4, 3), leaf(4, 4), leaf(4, 4), leaf(4, 4));
    }

    @Test
    void recordedAndUnrecordedStepsAgree() {
        Tensor x = leaf(4, 2, 3);
        Tensor[] hx = {leaf(1, 2, 4), leaf(1, 2, 4)};
        Tensor[] params = {leaf(16, 3), leaf(16, 4), leaf(16), leaf(16)};
        Tensor recorded = flat(Torch.lstm(x, hx, params, true, 1, 0.0, false, false, false));
        Tensor plain;
        try (NoGrad g = NoGrad.enter()) {
            plain = flat(Torch.lstm(x, hx, params, true, 1, 0.0, false, false, false));
        }
        assertArrayEquals(recorded.toDoubleArray(), plain.toDoubleArray(), 0.0);
        Tensor[] gruParams = {leaf(12, 3), leaf(12, 4), leaf(12), leaf(12)};
        Tensor gruRecorded = flat(Torch.gru(x, hx[0], gruParams, true, 1, 0.0, false, false, false));
        Tensor gruPlain;
        try (NoGrad g = NoGrad.enter()) {
            gruPlain = flat(Torch.gru(x, hx[0], gruParams, true, 1, 0.0, false, false, false));
        }
        assertArrayEquals(gruRecorded.toDoubleArray(), gruPlain.toDoubleArray(), 0.0);
        assertArrayEquals(new long[] {4 * 2 * 4 + 2 * 2 * 4}, recorded.sizes());
    }
}
