package org.jitdispatch.data;

/**
 * The order in which a {@link DataLoader} visits a dataset's indices ({@code torch.utils.data.Sampler}): one
 * pass (an epoch) at a time.
 */
public interface Sampler {
    /**
     * The indices of the next pass over the data, drawing any random numbers it needs when called, where
     * PyTorch draws them when the pass starts.
     */
    long[] epoch();

    /** The number of indices a pass yields ({@code __len__}). */
    long size();
}
