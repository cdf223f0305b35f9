package org.jitdispatch.data;

import java.util.Arrays;
import java.util.Objects;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;

/**
 * {@code torch.utils.data.TensorDataset}: samples are the rows (index along dim 0) of tensors of one length,
 * such as inputs and their labels. A sample is a view of each tensor's row; a batch ({@link #batch}) is a copy,
 * as PyTorch's collation stacks the rows into new tensors.
 */
public final class TensorDataset implements Dataset<Tensor[]> {
    private final Tensor[] tensors;

    /** Refuses tensors of different lengths in dim 0 ("Size mismatch between tensors", as PyTorch). */
    public TensorDataset(Tensor... tensors) {
        Objects.requireNonNull(tensors, "tensors");
        if (tensors.length == 0) {
            throw new IllegalArgumentException("TensorDataset needs at least one tensor");
        }
        for (int k = 0; k < tensors.length; k++) {
            Objects.requireNonNull(tensors[k], "TensorDataset: tensor " + k + " is null");
            if (tensors[k].dim() == 0) {
                throw new IndexOutOfBoundsException("Dimension specified as 0 but tensor has no dimensions");
            }
            if (tensors[k].size(0) != tensors[0].size(0)) {
                throw new IllegalArgumentException("Size mismatch between tensors");
            }
        }
        this.tensors = tensors.clone();
    }

    /** The tensors, in the order given. */
    public Tensor[] tensors() {
        return tensors.clone();
    }

    @Override
    public long size() {
        return tensors[0].size(0);
    }

    /** Row {@code index} of each tensor, as views. */
    @Override
    public Tensor[] get(long index) {
        Tensor[] sample = new Tensor[tensors.length];
        for (int k = 0; k < tensors.length; k++) {
            sample[k] = tensors[k].select(0, index);
        }
        return sample;
    }

    /** The rows {@code indices} of each tensor, stacked along a new dim 0 into new tensors. */
    public Tensor[] batch(long[] indices) {
        Tensor index = Torch.tensor(indices);
        Tensor[] batch = new Tensor[tensors.length];
        for (int k = 0; k < tensors.length; k++) {
            batch[k] = tensors[k].index_select(0, index);
        }
        return batch;
    }

    @Override
    public String toString() {
        return "TensorDataset(size=" + size() + ", tensors=" + tensors.length + " of sizes "
                + Arrays.toString(Arrays.stream(tensors).map(t -> Arrays.toString(t.sizes())).toArray()) + ")";
    }
}
