package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.ScalarType;

/**
 * The batch sizes of a packed sequence, read into a {@code long[]} and checked. A packed sequence's step {@code t}
 * holds the rows of the {@code batch_sizes[t]} sequences still running, so the sizes never grow and add up to the
 * rows of the packed data. ATen reads them through {@code data_ptr} without these checks, and sizes that break
 * them crash it or give rows of other steps; here they are refused with a message that says which rule broke.
 */
final class BatchSizes {
    private BatchSizes() {
    }

    /** PackedSequence.cpp's checkLongTensor (its message says 'lengths' whatever the tensor, as ATen's does). */
    static long[] readLongTensor(Tensor t) {
        if (t.dim() != 1 || t.device().type() != DeviceType.CPU || t.dtype() != ScalarType.Int64) {
            throw new IllegalArgumentException("'lengths' argument should be a 1D CPU int64 tensor, but got " + t.dim()
                    + "D " + t.device() + " " + t.dtype().c10Name() + " tensor");
        }
        return t.contiguous().toLongArray();
    }

    /**
     * The batch sizes given to a recurrent operator's {@code .data} overload: ATen reads them as {@code int64} (its
     * {@code data_ptr<int64_t>} refusal) from a 1-D tensor.
     */
    static long[] readForRecurrent(Tensor batchSizes, Tensor data) {
        if (batchSizes.dtype() != ScalarType.Int64) {
            throw new IllegalArgumentException("expected scalar type Long but found " + batchSizes.dtype().c10Name());
        }
        if (batchSizes.device().type() != DeviceType.CPU) {
            // ATen reads them through data_ptr on the CPU (a PackedSequence's batch_sizes stay there)
            throw new IllegalArgumentException("Expected batch_sizes to be a CPU tensor, but got a tensor on "
                    + batchSizes.device());
        }
        if (batchSizes.dim() != 1) {
            throw new IllegalArgumentException("Expected batch_sizes to be a 1-D tensor, but got a " + batchSizes.dim()
                    + "-D tensor");
        }
        if (data.dim() != 2) {
            throw new IllegalArgumentException("Expected the packed data to be 2-D [sum(batch_sizes), input_size], but"
                    + " got sizes " + Arrays.toString(data.sizes()));
        }
        return checkLayout(batchSizes.contiguous().toLongArray(), data.size(0));
    }

    /** Non-empty, non-negative, never growing, and adding up to the {@code rows} of the packed data. */
    static long[] checkLayout(long[] sizes, long rows) {
        if (sizes.length == 0) {
            throw new IllegalArgumentException("Expected batch_sizes to have at least one element (one per time step),"
                    + " but got none");
        }
        long sum = 0;
        for (int t = 0; t < sizes.length; t++) {
            if (sizes[t] < 0) {
                throw new IllegalArgumentException("Expected batch_sizes to be non-negative, but got batch_sizes[" + t
                        + "] = " + sizes[t]);
            }
            if (t > 0 && sizes[t] > sizes[t - 1]) {
                throw new IllegalArgumentException("Expected batch_sizes to be non-increasing, but got batch_sizes[" + t
                        + "] = " + sizes[t] + " after batch_sizes[" + (t - 1) + "] = " + sizes[t - 1]);
            }
            sum += sizes[t];
        }
        if (sum != rows) {
            throw new IllegalArgumentException("Expected batch_sizes to add up to the " + rows
                    + " rows of the packed data, but they add up to " + sum);
        }
        return sizes;
    }
}
