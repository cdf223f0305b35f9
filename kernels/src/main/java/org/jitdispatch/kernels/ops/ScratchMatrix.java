package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;

/**
 * A kernel's scratch matrix that its thread reuses from one call to the next: convolution's unfolded columns.
 * A small convolution (a batch of one 28 x 28 image, say) otherwise spends about as long allocating and zeroing
 * its columns as multiplying them, and makes garbage of the same size on every call.
 *
 * <p>Each thread keeps one float32 and one float64 storage of up to {@link #MAX_KEPT_ELEMENTS} elements, grown
 * to the largest matrix it has been asked for; a larger matrix, another dtype, or a second matrix while the first
 * is still held is allocated for the call and left to the garbage collector. The matrix is not zeroed: its
 * holder writes every element before it reads one. {@link #close()} hands it back, so hold it in a
 * try-with-resources block and let no view of it outlive the block.
 */
final class ScratchMatrix implements AutoCloseable {
    /** The most elements a thread keeps per dtype between calls: 4 MiB of float32, 8 MiB of float64. */
    static final long MAX_KEPT_ELEMENTS = 1 << 20;

    private static final ThreadLocal<Kept> KEPT = ThreadLocal.withInitial(Kept::new);

    private final Kept lender;
    private final Tensor matrix;

    private ScratchMatrix(Kept lender, Tensor matrix) {
        this.lender = lender;
        this.matrix = matrix;
    }

    /** A contiguous {@code [rows, columns]} CPU matrix of {@code dtype} whose elements are unspecified. */
    static ScratchMatrix of(long rows, long columns, ScalarType dtype) {
        long[] sizes = {rows, columns};
        long numel = rows * columns;
        Kept kept = KEPT.get();
        boolean keepable = dtype == ScalarType.Float32 || dtype == ScalarType.Float64;
        if (!keepable || kept.lent || numel > MAX_KEPT_ELEMENTS) {
            return new ScratchMatrix(null, Tensor.FACTORY.empty(sizes, dtype, Device.CPU));
        }
        kept.lent = true;
        Storage storage = kept.storage(dtype, numel);
        return new ScratchMatrix(kept, Tensor.FACTORY.wrap(storage, sizes, new long[] {columns, 1}, 0));
    }

    Tensor matrix() {
        return matrix;
    }

    @Override
    public void close() {
        if (lender != null) {
            lender.lent = false;
        }
    }

    /** One thread's kept storages. */
    private static final class Kept {
        private Storage floats;
        private Storage doubles;
        private boolean lent;

        Storage storage(ScalarType dtype, long numel) {
            boolean single = dtype == ScalarType.Float32;
            Storage have = single ? floats : doubles;
            if (have != null && have.size() >= numel) {
                return have;
            }
            Storage grown = Storage.allocate(dtype, numel);
            if (single) {
                floats = grown;
            } else {
                doubles = grown;
            }
            return grown;
        }
    }
}
