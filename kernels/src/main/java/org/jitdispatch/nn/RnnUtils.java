package org.jitdispatch.nn;

import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * PyTorch 1.13's {@code torch.nn.utils.rnn}: packing a padded batch of sequences for the recurrent layers and
 * unpacking their output, over the operators {@code _pack_padded_sequence}, {@code _pad_packed_sequence} and
 * {@code pad_sequence}.
 *
 * <pre>{@code
 * Tensor x = Torch.randn(5, 3, 8);                       // [T, B, features], padded
 * PackedSequence packed = RnnUtils.packPaddedSequence(x, new long[] {2, 5, 3}, false, false);
 * PackedLSTMOutput out = lstm.forward(packed, null, null);
 * PaddedSequence y = RnnUtils.padPackedSequence(out.output(), false, 0.0, null);   // [5, 3, H], lengths {2, 5, 3}
 * }</pre>
 */
public final class RnnUtils {
    private RnnUtils() {
    }

    /**
     * Packs a padded batch, [T, B, *] ([B, T, *] batch first), whose sequence {@code b} has {@code lengths[b]} steps.
     * With {@code enforceSorted} the lengths must decrease; without it the sequences are sorted by length (the
     * order kept in the result, so that padding and the recurrent layers' states come back in the caller's order).
     * The gradient flows back to {@code input}.
     */
    public static PackedSequence packPaddedSequence(Tensor input, Tensor lengths, boolean batchFirst,
            boolean enforceSorted) {
        // torch.as_tensor(lengths, dtype=torch.int64)
        if (lengths.dtype() != ScalarType.Int64) {
            lengths = lengths.to(ScalarType.Int64);
        }
        Tensor sortedIndices = null;
        if (!enforceSorted) {
            Tensor[] sorted = lengths.sort(-1, true);
            lengths = sorted[0];
            sortedIndices = sorted[1];
            input = input.index_select(batchFirst ? 0 : 1, sortedIndices);
        }
        Tensor[] packed = Torch._pack_padded_sequence(input, lengths, batchFirst);
        return new PackedSequence(packed[0], packed[1], sortedIndices, null);
    }

    public static PackedSequence packPaddedSequence(Tensor input, long[] lengths, boolean batchFirst,
            boolean enforceSorted) {
        return packPaddedSequence(input, Torch.tensor(lengths), batchFirst, enforceSorted);
    }

    /**
     * The padded batch of a packed one and the sequences' lengths, in the order the sequences were given to
     * {@link #packPaddedSequence}. The time dim has the longest sequence's length, or {@code totalLength} (null:
     * none), which must not be shorter. The gradient flows back to the packed data.
     */
    public static PaddedSequence padPackedSequence(PackedSequence sequence, boolean batchFirst, double paddingValue,
            Long totalLength) {
        long maxSeqLength = sequence.batchSizes().size(0);
        if (totalLength != null) {
            if (totalLength < maxSeqLength) {
                throw new IllegalArgumentException("Expected total_length to be at least the length of the longest "
                        + "sequence in input, but got total_length=" + totalLength + " and max sequence length being "
                        + maxSeqLength);
            }
            maxSeqLength = totalLength;
        }
        Tensor[] padded = Torch._pad_packed_sequence(sequence.data(), sequence.batchSizes(), batchFirst,
                Scalar.of(paddingValue), maxSeqLength);
        Tensor unsorted = sequence.unsortedIndices();
        if (unsorted == null) {
            return new PaddedSequence(padded[0], padded[1]);
        }
        return new PaddedSequence(padded[0].index_select(batchFirst ? 0 : 1, unsorted), padded[1].index_select(0,
                unsorted));
    }

    /**
     * Sequences [L_i, *] of different lengths padded into one batch, [max L, B, *] ([B, max L, *] batch first), the
     * padding filled with {@code paddingValue}; the result has the first sequence's dtype.
     */
    public static Tensor padSequence(List<Tensor> sequences, boolean batchFirst, double paddingValue) {
        return Torch.pad_sequence(sequences.toArray(new Tensor[0]), batchFirst, paddingValue);
    }

    /** The sequences along dim 0 of one tensor, padded (PyTorch unbinds a tensor given as the sequences). */
    public static Tensor padSequence(Tensor sequences, boolean batchFirst, double paddingValue) {
        return Torch.pad_sequence(sequences.unbind(0), batchFirst, paddingValue);
    }

    /** Packs sequences [L_i, *] of different lengths (with {@code enforceSorted}, given longest first). */
    public static PackedSequence packSequence(List<Tensor> sequences, boolean enforceSorted) {
        Tensor padded = padSequence(sequences, false, 0.0); // first: it refuses an empty list and 0-dim sequences
        long[] lengths = new long[sequences.size()];
        for (int i = 0; i < lengths.length; i++) {
            lengths[i] = sequences.get(i).size(0);
        }
        return packPaddedSequence(padded, lengths, false, enforceSorted);
    }

    /**
     * The sequences of a padded batch, [T, B, *] ([B, T, *] batch first), each cut to its length: views of
     * {@code padded}. PyTorch's unpad_sequence transposes the caller's tensor in place when it is not batch first;
     * this one leaves it as it is.
     */
    public static List<Tensor> unpadSequence(Tensor padded, Tensor lengths, boolean batchFirst) {
        Tensor batchMajor = batchFirst ? padded : padded.transpose(0, 1);
        long[] len = lengths.to(ScalarType.Int64).toLongArray();
        if (lengths.dim() != 1 || len.length != batchMajor.size(0)) {
            throw new IllegalArgumentException("Expected one length per sequence: " + batchMajor.size(0)
                    + " lengths, but got lengths of sizes " + java.util.Arrays.toString(lengths.sizes()));
        }
        List<Tensor> sequences = new java.util.ArrayList<>();
        for (int b = 0; b < len.length; b++) {
            Tensor seq = batchMajor.select(0, b);
            // PyTorch keeps the steps whose index is below the length (a boolean mask): a prefix, clamped to T
            sequences.add(seq.narrow(0, 0, Math.max(0, Math.min(len[b], seq.size(0)))));
        }
        return sequences;
    }

    /** The sequences of a packed batch, in the order they were packed from. */
    public static List<Tensor> unpackSequence(PackedSequence packed) {
        PaddedSequence padded = padPackedSequence(packed, true, 0.0, null);
        return unpadSequence(padded.padded(), padded.lengths(), true);
    }
}
