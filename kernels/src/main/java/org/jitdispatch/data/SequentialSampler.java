package org.jitdispatch.data;

/** {@code torch.utils.data.SequentialSampler}: the indices 0, 1, ..., n - 1, every pass. */
public final class SequentialSampler implements Sampler {
    private final long size;

    public SequentialSampler(Dataset<?> dataset) {
        this.size = dataset.size();
    }

    @Override
    public long[] epoch() {
        long[] indices = new long[Math.toIntExact(size)];
        for (int i = 0; i < indices.length; i++) {
            indices[i] = i;
        }
        return indices;
    }

    @Override
    public long size() {
        return size;
    }
}
