package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * gather's row loop ({@link GatherRows}) against its definition, {@code out[p] = self[p with dim replaced by
 * index[p]]}, read element by element through logical positions: random ranks and dims (the last one included),
 * an index smaller than self apart from dim, every storage type, transposed or sliced self and index, and a
 * transposed out=.
 */
class GatherRowsPropertyTest {
    private static final ScalarType[] DTYPES = {ScalarType.Float32, ScalarType.Float64, ScalarType.Int64,
        ScalarType.Int32, ScalarType.Int16, ScalarType.UInt8, ScalarType.Bool, ScalarType.BFloat16};

    @Property(tries = 500)
    void gatherReadsEachElementAtItsIndex(@ForAll long seed) {
        Random r = new Random(seed);
        int nd = 1 + r.nextInt(4);
        long[] selfSizes = new long[nd];
        long[] indexSizes = new long[nd];
        int dim = r.nextInt(nd);
        for (int d = 0; d < nd; d++) {
            selfSizes[d] = 1 + r.nextInt(5);
            indexSizes[d] = d == dim ? 1 + r.nextInt(6) : 1 + r.nextInt((int) selfSizes[d]);
        }
        ScalarType dtype = DTYPES[r.nextInt(DTYPES.length)];
        Tensor self = Torch.randn(selfSizes).mul(Scalar.of(5)).to(dtype);
        if (nd >= 2 && r.nextBoolean()) {
            self = self.transpose(0, nd - 1).contiguous().transpose(0, nd - 1); // same values, other strides
        }
        Tensor index = Torch.randint(0, selfSizes[dim], indexSizes);
        if (nd >= 2 && r.nextBoolean()) {
            index = index.transpose(0, nd - 1).contiguous().transpose(0, nd - 1);
        }
        Tensor out;
        if (r.nextBoolean() && nd >= 2) {
            long[] swapped = indexSizes.clone();
            swapped[0] = indexSizes[nd - 1];
            swapped[nd - 1] = indexSizes[0];
            out = Torch.empty(swapped, dtype).transpose(0, nd - 1);
            Torch.gather_out(out, self, dim, index);
        } else {
            out = Torch.gather(self, dim, index);
        }
        String what = "seed " + seed + ", " + dtype + ", dim " + dim;
        assertArrayEquals(indexSizes, out.sizes(), what);
        long[] position = new long[nd];
        double[] got = out.toDoubleArray();
        for (int i = 0; i < got.length; i++) {
            long rest = i;
            for (int d = nd - 1; d >= 0; d--) {
                position[d] = rest % indexSizes[d];
                rest /= indexSizes[d];
            }
            long[] at = position.clone();
            at[dim] = index.storage().getLong(index.offsetOf(position));
            assertEquals(self.storage().getDouble(self.offsetOf(at)), got[i], what + ", element " + i);
        }
    }
}
