package org.jitdispatch.data;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.random.CPUGenerator;
import org.jitdispatch.runtime.Generator;

/** {@code torch.utils.data.random_split}. */
public final class Datasets {
    private Datasets() {
    }

    /**
     * {@code random_split(dataset, lengths, generator)}: the dataset cut into subsets of {@code lengths} samples,
     * from one {@code randperm} of its size drawn from {@code generator} (null: the default generator), so the
     * same seed gives PyTorch's subsets. The lengths must add up to the dataset's size.
     */
    public static <T> List<Subset<T>> randomSplit(Dataset<T> dataset, long[] lengths, Generator generator) {
        Objects.requireNonNull(dataset, "dataset");
        long total = 0;
        for (int i = 0; i < lengths.length; i++) {
            if (lengths[i] < 0) {
                throw new IllegalArgumentException("Length of split at index " + i + " is negative: " + lengths[i]);
            }
            total += lengths[i];
        }
        if (total != dataset.size()) {
            throw new IllegalArgumentException("Sum of input lengths does not equal the length of the input dataset!");
        }
        long[] permutation = Torch.randperm(total, generator != null ? generator : CPUGenerator.getDefault())
                .toLongArray();
        List<Subset<T>> subsets = new ArrayList<>(lengths.length);
        int offset = 0;
        for (long length : lengths) {
            subsets.add(new Subset<>(dataset, java.util.Arrays.copyOfRange(permutation, offset, offset + (int) length)));
            offset += (int) length;
        }
        return subsets;
    }

    /**
     * {@code random_split(dataset, fractions, generator)} with fractions that add up to 1: each subset gets
     * {@code floor(size * fraction)} samples, and what is left is handed out one sample each from the first subset
     * on, as PyTorch 1.13 does ("Fraction at index 1 is not between 0 and 1" for a fraction outside [0, 1]).
     */
    public static <T> List<Subset<T>> randomSplit(Dataset<T> dataset, double[] fractions, Generator generator) {
        double sum = 0;
        for (double f : fractions) {
            sum += f;
        }
        if (!(Math.abs(sum - 1) <= 1e-9 * Math.max(1, Math.abs(sum)) && sum <= 1)) {
            throw new IllegalArgumentException("Sum of input lengths does not equal the length of the input dataset!");
        }
        long[] lengths = new long[fractions.length];
        long assigned = 0;
        for (int i = 0; i < fractions.length; i++) {
            if (fractions[i] < 0 || fractions[i] > 1) {
                throw new IllegalArgumentException("Fraction at index " + i + " is not between 0 and 1");
            }
            lengths[i] = (long) Math.floor(dataset.size() * fractions[i]);
            assigned += lengths[i];
        }
        long remainder = dataset.size() - assigned;
        for (long i = 0; i < remainder; i++) {
            lengths[(int) (i % lengths.length)]++;
        }
        return randomSplit(dataset, lengths, generator);
    }
}
