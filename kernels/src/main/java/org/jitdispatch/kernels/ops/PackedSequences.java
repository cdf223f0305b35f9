package org.jitdispatch.kernels.ops;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.TensorGeometry;

/**
 * PyTorch 1.13's PackedSequence.cpp. A padded batch [T, B, *] whose sequences have decreasing lengths packs into the
 * rows of its time steps, step after step, each step holding the rows of the sequences still running: data
 * [sum(lengths), *] and batch_sizes [T], the number of those rows per step. {@code _pad_packed_sequence} goes back
 * (the padding filled with a value) and also returns the lengths; {@code pad_sequence} pads a list of sequences of
 * different lengths into one batch.
 */
public final class PackedSequences implements PackedSequencesDeclarations {

    @Override
    public Tensor[] _pack_padded_sequence(Tensor input, Tensor lengths, boolean batch_first) {
        Tensor seqFirst = batch_first ? input.transpose(0, 1) : input;
        long[] len = BatchSizes.readLongTensor(lengths);
        TensorGeometry.wrapDim(1, seqFirst.dim());
        int batch = Math.toIntExact(seqFirst.size(1));
        if (seqFirst.numel() == 0) {
            throw new IllegalArgumentException("Cannot pack empty tensors.");
        }
        if (len.length != batch) {
            throw new IllegalArgumentException("Expected `len(lengths)` to be equal to batch_size, but got " + len.length
                    + " (batch_size=" + batch + ")");
        }
        if (len[batch - 1] <= 0) {
            throw new IllegalArgumentException("Length of all samples has to be greater than 0, but found an element in"
                    + " 'lengths' that is <= 0");
        }
        for (int i = 0; i < batch - 1; i++) {
            if (len[batch - 1 - i] > len[batch - 2 - i]) {
                // enforce_sorted=False sorts before it gets here (PackedSequenceUtils), so this names that option
                throw new IllegalArgumentException("`lengths` array must be sorted in decreasing order when "
                        + "`enforce_sorted` is True. You can pass `enforce_sorted=False` to pack_padded_sequence and/or "
                        + "pack_sequence to sidestep this requirement if you do not need ONNX exportability.");
            }
        }
        if (len[0] > seqFirst.size(0)) {
            // ATen's slices stop at the padded length and return fewer rows than its batch_sizes count; refused here
            throw new IllegalArgumentException("Expected every length to be at most the padded sequence length "
                    + seqFirst.size(0) + ", but got a length of " + len[0]);
        }
        long[] stepShape = seqFirst.sizes().clone();
        stepShape = Arrays.copyOfRange(stepShape, 1, stepShape.length);
        stepShape[0] = -1;
        // Scan the sequences from the shortest: each time the length grows, the block of steps from the previous
        // length to this one holds the rows of this sequence and of every longer one, sliced out at once.
        List<Tensor> steps = new ArrayList<>();
        long[] batchSizes = new long[Math.toIntExact(len[0])];
        long prev = 0;
        for (int i = 0; i < batch; i++) {
            long l = len[batch - 1 - i];
            if (l > prev) {
                long current = batch - i;
                steps.add(seqFirst.slice(0, prev, l).slice(1, 0L, current).contiguous().view(stepShape));
                Arrays.fill(batchSizes, (int) prev, (int) l, current);
                prev = l;
            }
        }
        return new Tensor[] {Torch.cat(steps.toArray(new Tensor[0]), 0), Torch.tensor(batchSizes)};
    }

    /** The gradient of the padded input: each step's rows of {@code grad} copied back, zeros in the padding. */
    @Override
    public Tensor _pack_padded_sequence_backward(Tensor grad, long[] input_size, Tensor batch_sizes,
            boolean batch_first) {
        if (input_size.length < 2) {
            throw new IllegalArgumentException("Expected input_size to have a time and a batch dim, but got "
                    + Arrays.toString(input_size));
        }
        long[] seqFirstSize = input_size.clone();
        if (batch_first) {
            seqFirstSize[0] = input_size[1];
            seqFirstSize[1] = input_size[0];
        }
        long[] sizes = BatchSizes.readLongTensor(batch_sizes);
        TensorGeometry.wrapDim(0, grad.dim());
        BatchSizes.checkLayout(sizes, grad.size(0));
        if (sizes.length > seqFirstSize[0] || sizes[0] > seqFirstSize[1]) {
            throw new IllegalArgumentException("Expected batch_sizes of at most " + seqFirstSize[0] + " steps of at most "
                    + seqFirstSize[1] + " rows (input_size " + Arrays.toString(input_size) + "), but got "
                    + Arrays.toString(sizes));
        }
        Tensor gradInput = Torch.zeros(seqFirstSize, grad.dtype());
        long offset = 0;
        for (int t = 0; t < sizes.length; t++) {
            gradInput.select(0, t).slice(0, 0L, sizes[t]).copy_(grad.slice(0, offset, offset + sizes[t]));
            offset += sizes[t];
        }
        return batch_first ? gradInput.transpose(0, 1) : gradInput;
    }

    /**
     * The padded batch [T, B, *] ([B, T, *] batch first; T at least {@code total_length}) and each sequence's
     * length. Consecutive steps of one batch size are one block of rows, copied at once.
     */
    @Override
    public Tensor[] _pad_packed_sequence(Tensor data, Tensor batch_sizes, boolean batch_first, Scalar padding_value,
            long total_length) {
        long[] sizes = BatchSizes.readLongTensor(batch_sizes);
        if (data.dim() == 0) {
            throw new IllegalArgumentException("Expected the packed data to have at least one dim, but got a 0-dim"
                    + " tensor");
        }
        BatchSizes.checkLayout(sizes, data.size(0));
        int maxBatch = Math.toIntExact(sizes[0]);
        int steps = sizes.length;
        long maxSeqLength = steps;
        if (total_length > 0) {
            if (total_length < maxSeqLength) {
                throw new IllegalArgumentException("Expected total_length to be at least the length of the longest "
                        + "sequence in input, but got total_length=" + total_length + " and max sequence length being "
                        + maxSeqLength);
            }
            maxSeqLength = total_length;
        }
        long[] outputSize = new long[data.dim() + 1];
        outputSize[0] = maxSeqLength;
        outputSize[1] = maxBatch;
        System.arraycopy(data.sizes(), 1, outputSize, 2, data.dim() - 1);
        Tensor output = Torch.full(outputSize, padding_value, data.dtype());
        long[] blockSize = outputSize.clone();
        long[] lengths = new long[maxBatch];
        int nextLength = maxBatch - 1;
        long dataOffset = 0;
        long prevBatch = maxBatch;
        int prevStep = 0;
        for (int t = 0; t <= steps; t++) {
            long batch = t != steps ? sizes[t] : 0;
            if (batch != prevBatch) {
                long rows = prevBatch * (t - prevStep);
                blockSize[0] = t - prevStep;
                blockSize[1] = prevBatch;
                output.slice(0, (long) prevStep, (long) t).slice(1, 0L, prevBatch)
                        .copy_(data.slice(0, dataOffset, dataOffset + rows).view(blockSize));
                dataOffset += rows;
                prevStep = t;
            }
            // the sequences that ended before step t have length t; they are the last rows of the previous step
            for (long k = batch; k < prevBatch; k++) {
                lengths[nextLength--] = t;
            }
            prevBatch = batch;
        }
        if (batch_first) {
            output = output.transpose(0, 1);
        }
        return new Tensor[] {output, Torch.tensor(lengths)};
    }

    @Override
    public Tensor pad_sequence(Tensor[] sequences, boolean batch_first, double padding_value) {
        if (sequences.length == 0) {
            throw new IllegalArgumentException("received an empty list of sequences");
        }
        long maxLen = 0;
        for (Tensor s : sequences) {
            if (s.dim() == 0) {
                throw new IndexOutOfBoundsException("Dimension specified as 0 but tensor has no dimensions");
            }
            maxLen = Math.max(maxLen, s.size(0));
        }
        long[] first = sequences[0].sizes();
        long[] outDims = new long[first.length + 1];
        outDims[0] = batch_first ? sequences.length : maxLen;
        outDims[1] = batch_first ? maxLen : sequences.length;
        System.arraycopy(first, 1, outDims, 2, first.length - 1);
        Tensor out = Torch.full(outDims, Scalar.of(padding_value), sequences[0].dtype());
        for (int i = 0; i < sequences.length; i++) {
            long length = sequences[i].size(0);
            Tensor slot = batch_first ? out.select(0, i).narrow(0, 0, length) : out.narrow(0, 0, length).select(1, i);
            slot.copy_(sequences[i]);
        }
        return out;
    }
}
