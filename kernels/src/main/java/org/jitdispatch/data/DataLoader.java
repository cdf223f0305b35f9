package org.jitdispatch.data;

import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.ScalarType;

/**
 * {@code torch.utils.data.DataLoader} over a dataset of {@code Tensor[]} samples, on the caller's thread: each
 * pass ({@code for (Tensor[] batch : loader)}) yields batches of {@code batchSize} samples, the last one shorter
 * unless {@code dropLast}; a batch holds, for each tensor of a sample, the samples' tensors stacked along a new
 * dim 0 (PyTorch's {@code default_collate}).
 *
 * <pre>{@code
 * DataLoader loader = new DataLoader(new TensorDataset(x, y), DataLoader.Options.batchSize(32).withShuffle(true));
 * for (int epoch = 0; epoch < 10; epoch++) {
 *     for (Tensor[] batch : loader) {
 *         Tensor loss = Torch.cross_entropy_loss(model.forward(batch[0]), batch[1], null, 1, -100, 0.0);
 *         ...
 *     }
 * }
 * }</pre>
 *
 * Random numbers are PyTorch 1.13's: each pass first draws one {@code random_()} of an int64 from the loader's
 * generator (or the default one), the seed PyTorch gives its workers, and then lets the sampler draw (see
 * {@link RandomSampler}), so after the same {@code manual_seed} the batches and the default generator's state
 * afterwards are PyTorch's.
 */
public final class DataLoader implements Iterable<Tensor[]> {
    /**
     * {@code DataLoader}'s arguments: {@code batchSize} (positive), {@code shuffle}, {@code dropLast}, the
     * {@code generator} of the shuffling (null: the default generator) and a {@code sampler} of one's own (null:
     * sequential or, with shuffle, random; it may not be given with shuffle).
     */
    public record Options(long batchSize, boolean shuffle, boolean dropLast, Generator generator, Sampler sampler) {
        public Options {
            if (batchSize <= 0) {
                throw new IllegalArgumentException(
                        "batch_size should be a positive integer value, but got batch_size=" + batchSize);
            }
            if (sampler != null && shuffle) {
                throw new IllegalArgumentException("sampler option is mutually exclusive with shuffle");
            }
        }

        /** Batches of {@code batchSize} in order, the last one kept however short. */
        public static Options batchSize(long batchSize) {
            return new Options(batchSize, false, false, null, null);
        }

        public Options withShuffle(boolean value) {
            return new Options(batchSize, value, dropLast, generator, sampler);
        }

        public Options withDropLast(boolean value) {
            return new Options(batchSize, shuffle, value, generator, sampler);
        }

        public Options withGenerator(Generator value) {
            return new Options(batchSize, shuffle, dropLast, value, sampler);
        }

        public Options withSampler(Sampler value) {
            return new Options(batchSize, shuffle, dropLast, generator, value);
        }
    }

    private final Dataset<Tensor[]> dataset;
    private final Options options;
    private final Sampler sampler;

    /** Batches of {@code batchSize} in the dataset's order ({@code DataLoader(dataset, batch_size)}). */
    public DataLoader(Dataset<Tensor[]> dataset, long batchSize) {
        this(dataset, Options.batchSize(batchSize));
    }

    /** {@code DataLoader(dataset, batch_size, shuffle)}. */
    public DataLoader(Dataset<Tensor[]> dataset, long batchSize, boolean shuffle) {
        this(dataset, Options.batchSize(batchSize).withShuffle(shuffle));
    }

    public DataLoader(Dataset<Tensor[]> dataset, Options options) {
        this.dataset = Objects.requireNonNull(dataset, "dataset");
        this.options = Objects.requireNonNull(options, "options");
        if (options.sampler() != null) {
            sampler = options.sampler();
        } else if (options.shuffle()) {
            sampler = new RandomSampler(dataset, false, null, options.generator());
        } else {
            sampler = new SequentialSampler(dataset);
        }
    }

    public Dataset<Tensor[]> dataset() {
        return dataset;
    }

    public Options options() {
        return options;
    }

    /** The number of batches a pass yields ({@code len(loader)}). */
    public long size() {
        long samples = sampler.size();
        long batchSize = options.batchSize();
        return options.dropLast() ? samples / batchSize : (samples + batchSize - 1) / batchSize;
    }

    /** A new pass over the data: draws the pass's random numbers now, then makes each batch when asked for it. */
    @Override
    public Iterator<Tensor[]> iterator() {
        // _BaseDataLoaderIter's base seed, drawn even with one process: PyTorch's default generator moves by it
        Generator generator = options.generator();
        Tensor baseSeed = Torch.empty(new long[0], ScalarType.Int64);
        if (generator == null) {
            baseSeed.random_();
        } else {
            baseSeed.random_(generator);
        }
        return new Pass(sampler.epoch());
    }

    /** One pass: the sampler's indices cut into batches. */
    private final class Pass implements Iterator<Tensor[]> {
        private final long[] order;
        private int next;

        Pass(long[] order) {
            this.order = order;
        }

        @Override
        public boolean hasNext() {
            int remaining = order.length - next;
            return options.dropLast() ? remaining >= options.batchSize() : remaining > 0;
        }

        @Override
        public Tensor[] next() {
            if (!hasNext()) {
                throw new NoSuchElementException("the pass over the data has ended");
            }
            int count = (int) Math.min(options.batchSize(), order.length - next);
            long[] indices = java.util.Arrays.copyOfRange(order, next, next + count);
            next += count;
            return collate(indices);
        }
    }

    /** The samples at {@code indices} as one batch: a TensorDataset's rows in one copy, others stacked. */
    private Tensor[] collate(long[] indices) {
        if (dataset instanceof TensorDataset tensors) {
            return tensors.batch(indices);
        }
        Tensor[][] samples = new Tensor[indices.length][];
        for (int i = 0; i < indices.length; i++) {
            samples[i] = dataset.get(indices[i]);
            if (samples[i].length != samples[0].length) {
                throw new IllegalArgumentException("each element in list of batch should be of equal size");
            }
        }
        Tensor[] batch = new Tensor[samples[0].length];
        for (int k = 0; k < batch.length; k++) {
            Tensor[] column = new Tensor[indices.length];
            for (int i = 0; i < indices.length; i++) {
                column[i] = samples[i][k];
            }
            batch[k] = Torch.stack(column, 0);
        }
        return batch;
    }
}
