package org.jitdispatch;

import java.lang.reflect.Array;
import org.jitdispatch.runtime.ScalarType;

/**
 * Java's nested arrays as tensors, {@code torch.tensor} of nested sequences: the array's depth is the tensor's
 * dim ({@code float[][]} is 2-D, so {@code new float[0][]} has sizes {@code [0, 0]}).
 */
final class NestedArrays {
    private NestedArrays() {
    }

    /**
     * The sizes of a rectangular nested array of {@code depth} levels, or PyTorch's ValueError message for a
     * ragged one ("expected sequence of length 2 at dim 1 (got 1)"); a null row is refused.
     */
    static long[] sizes(Object nested, int depth) {
        long[] sizes = new long[depth];
        Object level = nested;
        for (int d = 0; d < depth; d++) {
            int length = Array.getLength(level);
            sizes[d] = length;
            if (length == 0) {
                break; // the sizes below an empty level stay 0
            }
            if (d + 1 < depth) {
                level = row(level, 0, d);
            }
        }
        checkRectangular(nested, sizes, 0);
        return sizes;
    }

    private static void checkRectangular(Object level, long[] sizes, int d) {
        int length = Array.getLength(level);
        if (length != sizes[d]) {
            throw new IllegalArgumentException(
                    "expected sequence of length " + sizes[d] + " at dim " + d + " (got " + length + ")");
        }
        if (d + 1 < sizes.length) {
            for (int i = 0; i < length; i++) {
                checkRectangular(row(level, i, d), sizes, d + 1);
            }
        }
    }

    private static Object row(Object level, int i, int d) {
        Object row = Array.get(level, i);
        if (row == null) {
            throw new NullPointerException("tensor(): row " + i + " at dim " + d + " is null");
        }
        return row;
    }

    /** The dtype of a tensor over an array of {@code leafType}, as {@code Torch.tensor(leafType[])} makes it. */
    static ScalarType dtypeOf(Class<?> leafType) {
        if (leafType == float.class) {
            return ScalarType.Float32;
        }
        if (leafType == double.class) {
            return ScalarType.Float64;
        }
        if (leafType == int.class) {
            return ScalarType.Int32;
        }
        if (leafType == long.class) {
            return ScalarType.Int64;
        }
        if (leafType == boolean.class) {
            return ScalarType.Bool;
        }
        throw new IllegalArgumentException("tensor(): no dtype for arrays of " + leafType);
    }

    /** The elements of a rectangular nested array in row-major order, in a flat array of its leaf type. */
    static Object flatten(Object nested, long[] sizes, Class<?> leafType) {
        long numel = 1;
        for (long s : sizes) {
            numel *= s;
        }
        if (numel > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("tensor(): " + numel + " elements do not fit in one Java array");
        }
        Object flat = Array.newInstance(leafType, (int) numel);
        if (numel > 0) {
            copyRows(nested, 0, sizes.length, flat, 0);
        }
        return flat;
    }

    /** Copies the leaves under {@code level} (at dim {@code d} of {@code dims}) to {@code flat[at]}; returns the next index. */
    private static int copyRows(Object level, int d, int dims, Object flat, int at) {
        int length = Array.getLength(level);
        if (d == dims - 1) {
            System.arraycopy(level, 0, flat, at, length);
            return at + length;
        }
        for (int i = 0; i < length; i++) {
            at = copyRows(Array.get(level, i), d + 1, dims, flat, at);
        }
        return at;
    }
}
