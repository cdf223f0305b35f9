package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;

/**
 * One time step of a recurrent network, as RNN.cpp's cells compute it: the new hidden state from the step's
 * input and the previous state ({@code {h}}, or {@code {h, c}} for an LSTM). With {@code preComputedInput} the
 * input is already {@code x W_ih^T + b_ih} (a layer projects its whole sequence with one linear); without it the
 * cell projects it itself (the cell operators).
 *
 * <p>RNN.cpp splits the gates with {@code unsafe_chunk} and applies the activations in place. Here the pieces come
 * from {@code chunk}, whose outputs autograd forbids writing in place once they require grad; so a step that
 * autograd records takes the out-of-place operators (the same values, one more small tensor per gate), and a step
 * it does not record (inference, {@code NoGrad}) writes in place as ATen does, which also keeps ATen's refusal of
 * an integer LSTM or GRU ({@code sigmoid_} cannot write a float into an integer tensor).
 */
interface RecurrentCell {

    Tensor[] step(Tensor input, Tensor[] hidden, CellParams params, boolean preComputedInput);

    /** What the step contributes to the layer's output sequence: h (RNN.cpp's hidden_as_output). */
    default Tensor output(Tensor[] hidden) {
        return hidden[0];
    }

    /** {@code h' = tanh(x W_ih^T + b_ih + h W_hh^T + b_hh)} (SimpleCell with tanh_f). */
    RecurrentCell TANH = (input, hidden, p, pre) -> new Tensor[] {
        p.linearHh(hidden[0]).add_(pre ? input : p.linearIh(input)).tanh()};

    /** {@code h' = relu(x W_ih^T + b_ih + h W_hh^T + b_hh)} (SimpleCell with relu_f). */
    RecurrentCell RELU = (input, hidden, p, pre) -> new Tensor[] {
        p.linearHh(hidden[0]).add_(pre ? input : p.linearIh(input)).relu()};

    /**
     * LSTMCell: gates i, f, g, o from one [B, 4H] projection; {@code c' = f * c + i * g}, {@code h' = o * tanh(c')},
     * projected by {@code W_hr} when the LSTM has projections.
     */
    RecurrentCell LSTM = (input, hidden, p, pre) -> {
        Tensor gates = p.linearHh(hidden[0]).add_(pre ? input : p.linearIh(input));
        boolean inPlace = !gates.requiresGrad();
        Tensor[] chunked = Gates.split(gates, 4, "LSTM");
        Tensor ingate = Gates.sigmoid(chunked[0], inPlace);
        Tensor forgetgate = Gates.sigmoid(chunked[1], inPlace);
        Tensor cellgate = Gates.tanh(chunked[2], inPlace);
        Tensor outgate = Gates.sigmoid(chunked[3], inPlace);
        Tensor cy = forgetgate.mul(hidden[1]).add_(ingate.mul(cellgate));
        Tensor hy = outgate.mul(cy.tanh());
        return new Tensor[] {p.matmulHr(hy), cy};
    };

    /**
     * GRUCell: reset and update gates r, z and the candidate {@code n = tanh(x W_in^T + b_in + r * (h W_hn^T + b_hn))};
     * {@code h' = (h - n) * z + n}.
     */
    RecurrentCell GRU = (input, hidden, p, pre) -> {
        Tensor[] igates = Gates.split(pre ? input : p.linearIh(input), 3, "GRU");
        Tensor[] hgates = Gates.split(p.linearHh(hidden[0]), 3, "GRU");
        boolean inPlace = !(igates[0].requiresGrad() || hgates[0].requiresGrad());
        Tensor resetGate = Gates.sigmoid(Gates.add(hgates[0], igates[0], inPlace), inPlace);
        Tensor inputGate = Gates.sigmoid(Gates.add(hgates[1], igates[1], inPlace), inPlace);
        Tensor newGate = Gates.tanh(igates[2].add(Gates.mul(hgates[2], resetGate, inPlace)), inPlace);
        return new Tensor[] {hidden[0].sub(newGate).mul_(inputGate).add_(newGate)};
    };

    /** The gate arithmetic, in place on a piece of the gates where autograd allows it (see the class comment). */
    final class Gates {
        private Gates() {
        }

        /**
         * The gates' pieces along dim 1. Fewer features than pieces give fewer pieces, which ATen indexes past (a
         * crash); refused here.
         */
        static Tensor[] split(Tensor gates, int pieces, String cell) {
            Tensor[] chunked = gates.chunk(pieces, 1);
            if (chunked.length < pieces) {
                throw new IllegalArgumentException("Expected the gates of a " + cell + " cell to have at least " + pieces
                        + " features (" + pieces + " * hidden_size), but got " + gates.size(1));
            }
            return chunked;
        }

        static Tensor sigmoid(Tensor t, boolean inPlace) {
            return inPlace ? t.sigmoid_() : t.sigmoid();
        }

        static Tensor tanh(Tensor t, boolean inPlace) {
            return inPlace ? t.tanh_() : t.tanh();
        }

        static Tensor add(Tensor t, Tensor other, boolean inPlace) {
            return inPlace ? t.add_(other) : t.add(other);
        }

        static Tensor mul(Tensor t, Tensor other, boolean inPlace) {
            return inPlace ? t.mul_(other) : t.mul(other);
        }
    }
}
