package org.jitdispatch.data;

/**
 * A map-style dataset ({@code torch.utils.data.Dataset}): {@link #size()} samples, each read by index.
 *
 * @param <T> a sample; a {@link DataLoader} batches datasets of {@code Tensor[]} samples
 */
public interface Dataset<T> {
    /** The number of samples ({@code __len__}). */
    long size();

    /** The sample at {@code index}, in {@code [0, size())} ({@code __getitem__}). */
    T get(long index);
}
