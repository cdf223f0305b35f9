package org.jitdispatch.data;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.random.CPUGenerator;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.ScalarType;

/**
 * {@code torch.utils.data.RandomSampler}, drawing what PyTorch 1.13's draws. Without a generator each pass seeds a
 * generator of its own from one {@code random_()} of an int64 on the default generator; without replacement a
 * pass is {@code randperm(n)}, repeated until {@code numSamples} indices are out; with replacement it is
 * {@code randint(n)} in draws of 32.
 */
public final class RandomSampler implements Sampler {
    private final long n;
    private final boolean replacement;
    private final long numSamples;
    private final Generator generator;

    /** A permutation of the dataset's indices each pass, from the default generator. */
    public RandomSampler(Dataset<?> dataset) {
        this(dataset, false, null, null);
    }

    /**
     * {@code RandomSampler(data_source, replacement, num_samples, generator)}: {@code numSamples} null means the
     * dataset's size, {@code generator} null the default generator. {@code numSamples} must be positive
     * ("num_samples should be a positive integer value, but got num_samples=0", also for an empty dataset).
     */
    public RandomSampler(Dataset<?> dataset, boolean replacement, Long numSamples, Generator generator) {
        this.n = dataset.size();
        this.replacement = replacement;
        this.numSamples = numSamples == null ? n : numSamples;
        this.generator = generator;
        if (this.numSamples <= 0) {
            throw new IllegalArgumentException(
                    "num_samples should be a positive integer value, but got num_samples=" + this.numSamples);
        }
    }

    @Override
    public long[] epoch() {
        Generator g = generator;
        if (g == null) {
            long seed = Torch.empty(new long[0], ScalarType.Int64).random_().item().toLong();
            g = new CPUGenerator(seed);
        }
        long[] indices = new long[Math.toIntExact(numSamples)];
        int at = 0;
        if (replacement) {
            for (long k = 0; k < numSamples / 32; k++) {
                at = append(indices, at, Torch.randint(n, new long[] {32}, g), 32);
            }
            at = append(indices, at, Torch.randint(n, new long[] {numSamples % 32}, g), numSamples % 32);
        } else {
            for (long k = 0; k < numSamples / n; k++) {
                at = append(indices, at, Torch.randperm(n, g), n);
            }
            at = append(indices, at, Torch.randperm(n, g), numSamples % n);
        }
        return indices;
    }

    private static int append(long[] indices, int at, Tensor drawn, long count) {
        long[] values = drawn.toLongArray();
        System.arraycopy(values, 0, indices, at, (int) count);
        return at + (int) count;
    }

    @Override
    public long size() {
        return numSamples;
    }
}
