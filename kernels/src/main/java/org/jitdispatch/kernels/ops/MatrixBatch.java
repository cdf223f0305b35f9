package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.ScalarType;

/**
 * A tensor's matrices (its last two dims) as one row-major array of doubles, with their count and shape: what the
 * linear-algebra kernels ({@link LinearSolvers}, {@link Decompositions}) compute on, and how their results become
 * tensors again, laid out as LAPACK leaves PyTorch's.
 */
final class MatrixBatch {
    final Tensor source;
    final double[] values;
    final int rows;
    final int columns;
    /** Elements per matrix. */
    final int matrix;
    final int count;

    MatrixBatch(Tensor t) {
        this.source = t;
        this.values = t.toDoubleArray();
        this.rows = (int) t.size(t.dim() - 2);
        this.columns = (int) t.size(t.dim() - 1);
        this.matrix = rows * columns;
        long batches = 1;
        for (int d = 0; d < t.dim() - 2; d++) {
            batches *= t.size(d);
        }
        this.count = (int) batches;
    }

    /** The source's dims before its matrices. */
    long[] batchSizes() {
        return Arrays.copyOf(source.sizes(), source.dim() - 2);
    }

    /** The batch dims followed by {@code rows x columns}. */
    long[] sizes(long rows, long columns) {
        long[] sizes = Arrays.copyOf(batchSizes(), source.dim());
        sizes[sizes.length - 2] = rows;
        sizes[sizes.length - 1] = columns;
        return sizes;
    }

    /**
     * Row-major matrices of {@code sizes} as a tensor of the source's dtype laid out column-major (each matrix's
     * transpose contiguous), as LAPACK leaves PyTorch's results.
     */
    Tensor matrices(double[] data, long[] sizes) {
        return columnMajor(data, sizes, source.dtype());
    }

    /** Row-major matrices of {@code sizes} as a column-major tensor of {@code dtype}. */
    static Tensor columnMajor(double[] data, long[] sizes, ScalarType dtype) {
        int d = sizes.length;
        int rows = (int) sizes[d - 2];
        int columns = (int) sizes[d - 1];
        double[] transposed = new double[data.length];
        if (rows * columns > 0) {
            for (int off = 0; off < data.length; off += rows * columns) {
                for (int i = 0; i < rows; i++) {
                    for (int j = 0; j < columns; j++) {
                        transposed[off + j * rows + i] = data[off + i * columns + j];
                    }
                }
            }
        }
        long[] swapped = sizes.clone();
        swapped[d - 2] = columns;
        swapped[d - 1] = rows;
        return Tensor.FACTORY.fromArray(transposed, swapped).to(dtype).transpose(-2, -1);
    }

    /** One value per matrix, shaped as the batch dims. */
    Tensor scalars(double[] data) {
        return Tensor.FACTORY.fromArray(data, data.length).reshape(batchSizes()).to(source.dtype());
    }

    /** {@code perMatrix} contiguous values per matrix (eigenvalues, singular values), shaped {@code (*batch, perMatrix)}. */
    Tensor vectors(double[] data, int perMatrix) {
        long[] sizes = Arrays.copyOf(batchSizes(), source.dim() - 1);
        sizes[sizes.length - 1] = perMatrix;
        return Tensor.FACTORY.fromArray(data, sizes).to(source.dtype());
    }

    Tensor infoTensor(int[] info) {
        return Tensor.FACTORY.fromArray(info, info.length).reshape(batchSizes());
    }
}
