package org.jitdispatch.kernels.reduce;

/**
 * The innermost rows of a shape, in row-major order, located in two geometries at once (a source and a
 * destination, each with its own strides and offset; strides may be negative, as a flip reads): a loop over
 * the rows whose body handles one whole row with a counted loop, so a copy or a fill pays per row, not per
 * element, for finding where it is.
 *
 * <pre>{@code
 * RowWalk rows = new RowWalk(sizes, srcStrides, srcOffset, dstStrides, dstOffset);
 * while (rows.next()) { ... rows.a(), rows.b(), rows.index(d) ... rows.length() elements ... }
 * }</pre>
 *
 * A shape with no elements has no rows; a 0-dim shape has one row of one element.
 */
public final class RowWalk {
    private final long[] sizes;
    private final long[] aStrides;
    private final long[] bStrides;
    private final long[] index;
    private final int outer;
    private long a;
    private long b;
    private boolean started;
    private boolean done;

    public RowWalk(long[] sizes, long[] aStrides, long aOffset, long[] bStrides, long bOffset) {
        this.sizes = sizes;
        this.aStrides = aStrides;
        this.bStrides = bStrides;
        this.outer = Math.max(sizes.length - 1, 0);
        this.index = new long[outer];
        this.a = aOffset;
        this.b = bOffset;
        for (long s : sizes) {
            if (s == 0) {
                done = true;
            }
        }
    }

    /** Moves to the next row (the first on the first call); false when there is none left. */
    public boolean next() {
        if (done) {
            return false;
        }
        if (!started) {
            started = true;
            return true;
        }
        for (int d = outer - 1; d >= 0; d--) {
            if (++index[d] < sizes[d]) {
                a += aStrides[d];
                b += bStrides[d];
                return true;
            }
            a -= (sizes[d] - 1) * aStrides[d];
            b -= (sizes[d] - 1) * bStrides[d];
            index[d] = 0;
        }
        done = true;
        return false;
    }

    /** The row's first element in the first geometry. */
    public long a() {
        return a;
    }

    /** The row's first element in the second geometry. */
    public long b() {
        return b;
    }

    /** The row's position along {@code dim}, one of the dims before the last. */
    public long index(int dim) {
        return index[dim];
    }

    /** Elements in a row: the last size (1 for a 0-dim shape). */
    public int length() {
        return sizes.length == 0 ? 1 : (int) sizes[sizes.length - 1];
    }

    /** The step between a row's elements in the first geometry (0 for a 0-dim shape). */
    public int aStep() {
        return sizes.length == 0 ? 0 : (int) aStrides[sizes.length - 1];
    }

    /** The step between a row's elements in the second geometry. */
    public int bStep() {
        return sizes.length == 0 ? 0 : (int) bStrides[sizes.length - 1];
    }
}
