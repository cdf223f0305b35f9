package org.jitdispatch.data;

import java.util.Objects;

/** {@code torch.utils.data.Subset}: the samples of a dataset at the given indices, in their order. */
public final class Subset<T> implements Dataset<T> {
    private final Dataset<T> dataset;
    private final long[] indices;

    public Subset(Dataset<T> dataset, long[] indices) {
        this.dataset = Objects.requireNonNull(dataset, "dataset");
        this.indices = Objects.requireNonNull(indices, "indices").clone();
    }

    /** The dataset this is a subset of. */
    public Dataset<T> dataset() {
        return dataset;
    }

    /** The indices into {@link #dataset()}, sample by sample. */
    public long[] indices() {
        return indices.clone();
    }

    @Override
    public long size() {
        return indices.length;
    }

    @Override
    public T get(long index) {
        return dataset.get(indices[Math.toIntExact(index)]);
    }
}
