package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.ScalarType;

/**
 * flip, tril, triu and copy_ between tensors of one dtype and shape copy whole rows (StridedCopy's RowWalk) rather
 * than element by element; here they are
 * checked against the definition, element by element through logical indices, on random shapes (empty dims
 * included), every dtype, and transposed, sliced and offset operands, and tril_/triu_ in place.
 */
class RowCopiesPropertyTest {
    private static final ScalarType[] DTYPES = {ScalarType.Float32, ScalarType.Float64, ScalarType.Int64,
        ScalarType.Int32, ScalarType.Int16, ScalarType.UInt8, ScalarType.Bool, ScalarType.Float16};

    @Property(tries = 400)
    void flipReadsEachElementAtItsMirror(@ForAll long seed) {
        Random r = new Random(seed);
        Tensor x = operand(r, 1 + r.nextInt(4));
        int nd = x.dim();
        boolean[] flipped = new boolean[nd];
        int count = r.nextInt(nd + 1);
        long[] dims = new long[count];
        int k = 0;
        for (int d = 0; d < nd && k < count; d++) {
            if (r.nextBoolean() || nd - d == count - k) {
                flipped[d] = true;
                dims[k++] = r.nextBoolean() ? d : d - nd;
            }
        }
        Tensor y = x.flip(java.util.Arrays.copyOf(dims, k));
        assertArrayEquals(x.sizes(), y.sizes());
        long[] sizes = x.sizes();
        double[] got = y.toDoubleArray();
        long[] index = new long[nd];
        for (int i = 0; i < got.length; i++) {
            unravel(i, sizes, index);
            long[] mirror = index.clone();
            for (int d = 0; d < nd; d++) {
                if (flipped[d]) {
                    mirror[d] = sizes[d] - 1 - index[d];
                }
            }
            assertEquals(x.storage().getDouble(x.offsetOf(mirror)), got[i], "seed " + seed + " at " + i);
        }
    }

    @Property(tries = 400)
    void trilAndTriuKeepTheirTriangle(@ForAll long seed) {
        Random r = new Random(seed);
        Tensor x = operand(r, 2 + r.nextInt(3));
        long diagonal = r.nextInt(9) - 4;
        boolean lower = r.nextBoolean();
        boolean inPlace = r.nextInt(3) == 0;
        Tensor before = x.clone();
        Tensor y = inPlace ? (lower ? x.tril_(diagonal) : x.triu_(diagonal)) : (lower ? x.tril(diagonal) : x.triu(diagonal));
        int nd = before.dim();
        long[] sizes = before.sizes();
        double[] got = y.toDoubleArray();
        double[] original = before.toDoubleArray();
        long[] index = new long[nd];
        for (int i = 0; i < got.length; i++) {
            unravel(i, sizes, index);
            long offset = index[nd - 1] - index[nd - 2];
            boolean keep = lower ? offset <= diagonal : offset >= diagonal;
            assertEquals(keep ? original[i] : 0.0, got[i], "seed " + seed + " at " + i);
        }
    }

    @Property(tries = 400)
    void copyWritesEveryElementOfItsViewAndNothingElse(@ForAll long seed) {
        Random r = new Random(seed);
        int nd = 1 + r.nextInt(4);
        Tensor src = operand(r, nd);
        if (r.nextBoolean()) { // an expanded view, as repeat copies: zero strides
            long[] sizes = src.sizes().clone();
            sizes = java.util.Arrays.copyOf(sizes, nd + 1);
            System.arraycopy(sizes, 0, sizes, 1, nd);
            sizes[0] = 1 + r.nextInt(3);
            src = src.unsqueeze(0).expand(sizes);
        }
        long[] sizes = src.sizes();
        int dims = sizes.length;
        // dst: a view of a larger buffer, its dims in another order, with a border it must not touch
        long[] bufferSizes = new long[dims];
        for (int d = 0; d < dims; d++) {
            bufferSizes[d] = sizes[dims - 1 - d] + 1;
        }
        Tensor buffer = Torch.randn(bufferSizes).to(src.dtype());
        Tensor before = buffer.clone();
        Tensor dst = buffer;
        for (int d = 0; d < dims; d++) {
            dst = dst.narrow(d, 1, bufferSizes[d] - 1);
        }
        long[] reversed = new long[dims];
        for (int d = 0; d < dims; d++) {
            reversed[d] = dims - 1 - d;
        }
        dst = dst.permute(reversed);
        dst.copy_(src);
        String what = "seed " + seed;
        assertArrayEquals(src.toDoubleArray(), dst.toDoubleArray(), what);
        // the border of the buffer is as it was
        double[] after = buffer.toDoubleArray();
        double[] was = before.toDoubleArray();
        long[] index = new long[dims];
        for (int i = 0; i < after.length; i++) {
            unravel(i, bufferSizes, index);
            boolean border = false;
            for (int d = 0; d < dims; d++) {
                border |= index[d] == 0;
            }
            if (border) {
                assertEquals(was[i], after[i], what + " border " + i);
            }
        }
    }

    /** The logical index of the {@code i}-th element in row-major order. */
    private static void unravel(long i, long[] sizes, long[] index) {
        for (int d = sizes.length - 1; d >= 0; d--) {
            index[d] = i % sizes[d];
            i /= sizes[d];
        }
    }

    /** A tensor of {@code nd} dims of a random dtype, contiguous or a transposed, sliced or offset view. */
    private static Tensor operand(Random r, int nd) {
        long[] sizes = new long[nd];
        for (int d = 0; d < nd; d++) {
            sizes[d] = r.nextInt(10) == 0 ? 0 : 1 + r.nextInt(6);
        }
        ScalarType dtype = DTYPES[r.nextInt(DTYPES.length)];
        Tensor base = Torch.randn(sizes).mul(org.jitdispatch.runtime.Scalar.of(4)).to(dtype);
        return switch (r.nextInt(4)) {
            case 0 -> base;
            case 1 -> nd >= 2 ? base.transpose(0, nd - 1).contiguous().transpose(0, nd - 1) : base;
            case 2 -> sizes[nd - 1] > 1 ? base.narrow(nd - 1, 1, sizes[nd - 1] - 1) : base;
            default -> Torch.cat(new Tensor[] {base, base}, 0).narrow(0, sizes[0], sizes[0]);
        };
    }
}
