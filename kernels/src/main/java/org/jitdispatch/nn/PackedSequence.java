package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * A batch of sequences of different lengths, packed (PyTorch 1.13's {@code torch.nn.utils.rnn.PackedSequence}):
 * {@code data} holds the rows of every time step one step after the other, each step the rows of the sequences
 * still running, longest first; {@code batchSizes} (int64, one per step) counts them. When the sequences were
 * sorted by length to pack them ({@code enforceSorted} false), {@code sortedIndices} is that order and
 * {@code unsortedIndices} its inverse, which gives back the caller's order; both are null otherwise.
 *
 * <p>Make one with {@link RnnUtils#packPaddedSequence} or {@link RnnUtils#packSequence}; {@link RNN}, {@link GRU}
 * and {@link LSTM} take it and return one.
 */
public record PackedSequence(Tensor data, Tensor batchSizes, Tensor sortedIndices, Tensor unsortedIndices) {

    /** Without unsortedIndices, they are computed from sortedIndices, as PyTorch's constructor does. */
    public PackedSequence {
        if (data == null || batchSizes == null) {
            throw new IllegalArgumentException("A PackedSequence needs its data and its batch_sizes");
        }
        if (batchSizes.device().type() != DeviceType.CPU) {
            throw new IllegalArgumentException("batch_sizes should always be on CPU. Instances of PackedSequence should "
                    + "never be created manually. They should be instantiated by functions like pack_sequence and "
                    + "pack_padded_sequences in nn.utils.rnn. "
                    + "https://pytorch.org/docs/stable/nn.html#torch.nn.utils.rnn.pack_sequence");
        }
        if (batchSizes.dtype() != ScalarType.Int64 || batchSizes.dim() != 1) {
            throw new IllegalArgumentException("batch_sizes should be a 1-D int64 tensor, but got a " + batchSizes.dim()
                    + "-D " + batchSizes.dtype().c10Name() + " tensor");
        }
        if (unsortedIndices == null && sortedIndices != null) {
            unsortedIndices = invertPermutation(sortedIndices);
        }
    }

    /** Packed sequences that were packed in the caller's order. */
    public PackedSequence(Tensor data, Tensor batchSizes) {
        this(data, batchSizes, null, null);
    }

    /** The same sequences with other data (a layer's output), packed the same way. */
    public PackedSequence withData(Tensor newData) {
        return new PackedSequence(newData, batchSizes, sortedIndices, unsortedIndices);
    }

    /** The number of sequences, batch_sizes[0]. */
    public long batchSize() {
        return batchSizes.size(0) == 0 ? 0 : batchSizes.toLongArray()[0];
    }

    /** PyTorch's invert_permutation: {@code output[permutation[i]] = i}. */
    private static Tensor invertPermutation(Tensor permutation) {
        Tensor positions = Torch.arange(Scalar.of(permutation.numel()), permutation.dtype());
        return Torch.empty_like(permutation).scatter_(0, permutation, positions);
    }
}
