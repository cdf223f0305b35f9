package org.jitdispatch.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;

/**
 * PackedSequence and RnnUtils against values PyTorch 1.13 prints for the same calls (torch.nn.utils.rnn), the
 * gradient of pad_sequence, and the refusals of packed layouts that ATen reads without checking (where it crashes or
 * returns rows of other steps).
 */
class PackedSequenceTest {

    private static Tensor padded() {
        return Torch.arange(org.jitdispatch.runtime.Scalar.of(15), ScalarType.Float32).view(5, 3);
    }

    @Test
    void unsortedLengthsAreSortedAndComeBackInTheCallersOrder() {
        PackedSequence p = RnnUtils.packPaddedSequence(padded(), new long[] {2, 5, 3}, false, false);
        assertArrayEquals(new float[] {1, 2, 0, 4, 5, 3, 7, 8, 10, 13}, p.data().toFloatArray());
        assertArrayEquals(new long[] {3, 3, 2, 1, 1}, p.batchSizes().toLongArray());
        assertArrayEquals(new long[] {1, 2, 0}, p.sortedIndices().toLongArray());
        assertArrayEquals(new long[] {2, 0, 1}, p.unsortedIndices().toLongArray());
        PaddedSequence back = RnnUtils.padPackedSequence(p, true, -1.0, 6L);
        assertArrayEquals(new long[] {3, 6}, back.padded().sizes());
        assertArrayEquals(new float[] {0, 3, -1, -1, -1, -1, 1, 4, 7, 10, 13, -1, 2, 5, 8, -1, -1, -1},
                back.padded().contiguous().toFloatArray());
        assertArrayEquals(new long[] {2, 5, 3}, back.lengths().toLongArray());
    }

    @Test
    void sortingTiesKeepsTheirOrder() {
        PackedSequence p = RnnUtils.packPaddedSequence(Torch.zeros(2, 6), new long[] {2, 2, 1, 2, 2, 2}, false, false);
        assertArrayEquals(new long[] {0, 1, 3, 4, 5, 2}, p.sortedIndices().toLongArray());
    }

    @Test
    void sortedLengthsNeedNoIndices() {
        PackedSequence p = RnnUtils.packPaddedSequence(padded(), Torch.tensor(new int[] {5, 3, 2}), false, true);
        assertNull(p.sortedIndices());
        assertNull(p.unsortedIndices());
        assertArrayEquals(new long[] {3, 3, 2, 1, 1}, p.batchSizes().toLongArray());
        assertEquals(3, p.batchSize());
    }

    @Test
    void packSequenceOfSequencesOfDifferentLengths() {
        PackedSequence s = RnnUtils.packSequence(List.of(Torch.tensor(new float[] {1, 2}),
                Torch.tensor(new float[] {3, 4, 5}), Torch.tensor(new float[] {6})), false);
        assertArrayEquals(new float[] {3, 1, 6, 4, 2, 5}, s.data().toFloatArray());
        assertArrayEquals(new long[] {3, 2, 1}, s.batchSizes().toLongArray());
        assertArrayEquals(new long[] {1, 0, 2}, s.sortedIndices().toLongArray());
        assertArrayEquals(new long[] {1, 0, 2}, s.unsortedIndices().toLongArray());
    }

    @Test
    void unpackAndUnpadGiveTheSequencesBack() {
        PackedSequence s = RnnUtils.packSequence(List.of(Torch.tensor(new float[] {1, 2}),
                Torch.tensor(new float[] {3, 4, 5}), Torch.tensor(new float[] {6})), false);
        List<Tensor> back = RnnUtils.unpackSequence(s);
        assertArrayEquals(new float[] {1, 2}, back.get(0).toFloatArray());
        assertArrayEquals(new float[] {3, 4, 5}, back.get(1).toFloatArray());
        assertArrayEquals(new float[] {6}, back.get(2).toFloatArray());
        Tensor x = Torch.arange(org.jitdispatch.runtime.Scalar.of(12), ScalarType.Float32).view(4, 3);
        List<Tensor> timeMajor = RnnUtils.unpadSequence(x, Torch.tensor(new long[] {2, 4, 1}), false);
        assertArrayEquals(new float[] {1, 4, 7, 10}, timeMajor.get(1).toFloatArray());
        assertArrayEquals(new long[] {4, 3}, x.sizes(), "the caller's tensor keeps its layout");
        List<Tensor> clamped = RnnUtils.unpadSequence(x, Torch.tensor(new long[] {2, 0, 7, -1}), true);
        assertArrayEquals(new float[] {6, 7, 8}, clamped.get(2).toFloatArray());
        assertEquals(0, clamped.get(1).numel());
        assertEquals(0, clamped.get(3).numel());
        assertEquals("Expected one length per sequence: 3 lengths, but got lengths of sizes [2]", message(
                () -> RnnUtils.unpadSequence(x, Torch.tensor(new long[] {1, 2}), false)));
    }

    @Test
    void padSequenceGradientIsEachSequencesSlotOfTheUpstreamGradient() {
        Tensor a = Torch.tensor(new float[] {1, 2}).requiresGrad_(true);
        Tensor b = Torch.tensor(new float[] {3, 4, 5}).requiresGrad_(true);
        Tensor y = RnnUtils.padSequence(List.of(a, b), true, 9.0);
        assertArrayEquals(new float[] {1, 2, 9, 3, 4, 5}, y.toFloatArray());
        y.backward(Torch.tensor(new float[] {10, 20, 30, 40, 50, 60}, 2, 3));
        assertArrayEquals(new float[] {10, 20}, a.grad().toFloatArray());
        assertArrayEquals(new float[] {40, 50, 60}, b.grad().toFloatArray());
    }

    /** The README's example, as written there. */
    @Test
    void readmeExample() {
        Torch.manual_seed(0);
        LSTM lstm = new LSTM(8, 16);
        Tensor padded = Torch.randn(5, 3, 8);
        PackedSequence x = RnnUtils.packPaddedSequence(padded, new long[] {2, 5, 3}, false, /* enforceSorted */ false);
        PackedLSTMOutput out = lstm.forward(x, null, null);
        PaddedSequence y = RnnUtils.padPackedSequence(out.output(), false, 0.0, null);   // y.padded() [5, 3, H], y.lengths()
        assertArrayEquals(new long[] {5, 3, 16}, y.padded().sizes());
        assertArrayEquals(new long[] {2, 5, 3}, y.lengths().toLongArray());
        // a sequence's padding stays padding, and its final h is its output at its last step
        assertArrayEquals(new float[16 * 3], y.padded().select(1, 0).narrow(0, 2, 3).contiguous().toFloatArray());
        assertArrayEquals(y.padded().select(0, 1).select(0, 0).toFloatArray(), out.hN().select(0, 0).select(0, 0)
                .toFloatArray());
    }

    @Test
    void pytorchsRefusals() {
        assertEquals("`lengths` array must be sorted in decreasing order when `enforce_sorted` is True. You can pass "
                + "`enforce_sorted=False` to pack_padded_sequence and/or pack_sequence to sidestep this requirement if "
                + "you do not need ONNX exportability.", message(() -> RnnUtils.packSequence(List.of(
                        Torch.zeros(2), Torch.zeros(3)), true)));
        PackedSequence p = RnnUtils.packPaddedSequence(padded(), new long[] {2, 5, 3}, false, false);
        assertEquals("Expected total_length to be at least the length of the longest sequence in input, but got "
                + "total_length=4 and max sequence length being 5", message(() -> RnnUtils.padPackedSequence(p, false,
                        0.0, 4L)));
        assertEquals("received an empty list of sequences", message(() -> RnnUtils.packSequence(List.of(), true)));
        LSTM lstm = new LSTM(1, 2);
        assertEquals("input must have 2 dimensions, got 3", message(() -> lstm.forward(new PackedSequence(
                Torch.zeros(5, 1, 1), Torch.tensor(new long[] {2, 2, 1})), null, null)));
        assertEquals("Expected hidden[0] size (1, 2, 2), got [1, 3, 2]", message(() -> lstm.forward(new PackedSequence(
                Torch.zeros(5, 1), Torch.tensor(new long[] {2, 2, 1})), Torch.zeros(1, 3, 2), Torch.zeros(1, 3, 2))));
        assertEquals("Expected hidden size (1, 2, 3), got [1, 3, 3]", message(() -> new GRU(1, 3).forward(
                new PackedSequence(Torch.zeros(5, 1), Torch.tensor(new long[] {2, 2, 1})), Torch.zeros(1, 3, 3))));
    }

    @Test
    void packedLayoutsAtenDoesNotCheckAreRefused() {
        Tensor[] w = {Torch.zeros(3, 4), Torch.zeros(3, 3)};
        assertEquals("Expected batch_sizes to be non-increasing, but got batch_sizes[1] = 2 after batch_sizes[0] = 1",
                message(() -> Torch.rnn_tanh(Torch.zeros(5, 4), Torch.tensor(new long[] {1, 2, 2}), Torch.zeros(1, 1, 3),
                        w, false, 1, 0.0, false, false)));
        assertEquals("Expected batch_sizes to add up to the 5 rows of the packed data, but they add up to 6",
                message(() -> Torch.gru(Torch.zeros(5, 4), Torch.tensor(new long[] {2, 2, 2}), Torch.zeros(1, 2, 3),
                        new Tensor[] {Torch.zeros(9, 4), Torch.zeros(9, 3)}, false, 1, 0.0, false, false)));
        assertEquals("Expected batch_sizes to have at least one element (one per time step), but got none",
                message(() -> Torch._pad_packed_sequence(Torch.zeros(0, 4), Torch.tensor(new long[0]), false,
                        org.jitdispatch.runtime.Scalar.of(0), -1)));
        assertEquals("Expected batch_sizes to be non-negative, but got batch_sizes[2] = -1", message(
                () -> Torch._pad_packed_sequence(Torch.zeros(3, 4), Torch.tensor(new long[] {2, 2, -1}), false,
                        org.jitdispatch.runtime.Scalar.of(0), -1)));
        assertEquals("Expected hx to be 3-D [num_layers * num_directions, 2 (batch_sizes[0]), hidden_size], but got"
                + " sizes [1, 3, 3]", message(
                        () -> Torch.rnn_relu(Torch.zeros(5, 4), Torch.tensor(new long[] {2, 2, 1}), Torch.zeros(1, 3, 3),
                                w, false, 1, 0.0, false, false)));
        assertEquals("Expected the packed data to be 2-D [sum(batch_sizes), input_size], but got sizes [5, 1, 4]",
                message(() -> Torch.rnn_relu(Torch.zeros(5, 1, 4), Torch.tensor(new long[] {2, 2, 1}),
                        Torch.zeros(1, 2, 3), w, false, 1, 0.0, false, false)));
        assertEquals("Expected every length to be at most the padded sequence length 3, but got a length of 4",
                message(() -> Torch._pack_padded_sequence(Torch.zeros(3, 2, 4), Torch.tensor(new long[] {4, 2}), false)));
        assertEquals("Expected batch_sizes of at most 2 steps of at most 2 rows (input_size [2, 2, 4]), but got [2, 2, 1]",
                message(() -> Torch._pack_padded_sequence_backward(Torch.zeros(5, 4), new long[] {2, 2, 4},
                        Torch.tensor(new long[] {2, 2, 1}), false)));
        Tensor metaSizes = Torch.tensor(new long[] {2, 2, 1}).to(org.jitdispatch.runtime.Device.META);
        assertEquals("Expected batch_sizes to be a CPU tensor, but got a tensor on meta", message(() -> Torch.rnn_tanh(
                Torch.zeros(5, 4), metaSizes, Torch.zeros(1, 2, 3), w, false, 1, 0.0, false, false)));
        assertEquals("'lengths' argument should be a 1D CPU int64 tensor, but got 1D meta Long tensor", message(
                () -> Torch._pad_packed_sequence(Torch.zeros(5, 4), metaSizes, false, org.jitdispatch.runtime.Scalar.of(0),
                        -1)));
        assertEquals("batch_sizes should always be on CPU. Instances of PackedSequence should never be created manually."
                + " They should be instantiated by functions like pack_sequence and pack_padded_sequences in nn.utils.rnn."
                + " https://pytorch.org/docs/stable/nn.html#torch.nn.utils.rnn.pack_sequence", message(
                        () -> new PackedSequence(Torch.zeros(5, 4), metaSizes)));
        assertEquals("batch_sizes should be a 1-D int64 tensor, but got a 1-D Int tensor", message(
                () -> new PackedSequence(Torch.zeros(3, 1), Torch.tensor(new int[] {2, 1}))));
    }

    private static String message(Runnable call) {
        return assertThrows(RuntimeException.class, call::run).getMessage();
    }
}
