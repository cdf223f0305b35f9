package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * addmm's in-place bias loop (linear's common case: beta = alpha = 1, a float32 or float64 self read through its
 * expanded strides) against the same product computed without self (beta = 0, which skips the loop) plus self by
 * {@code add}: the same values to the bit, for bias rows, columns, full matrices, transposed and offset selves.
 */
class AddmmBiasPropertyTest {
    static {
        AtenLibrary.load();
    }

    @Property(tries = 1000)
    void theBiasLoopAddsWhatAddAdds(@ForAll long seed) {
        Random rnd = new Random(seed);
        ScalarType dtype = rnd.nextBoolean() ? ScalarType.Float32 : ScalarType.Float64;
        int m = 1 + rnd.nextInt(5);
        int n = 1 + rnd.nextInt(5);
        int k = 1 + rnd.nextInt(5);
        RandomTensors random = new RandomTensors(rnd);
        Tensor mat1 = random.tensorOf(dtype, new long[] {m, k}, true);
        Tensor mat2 = random.tensorOf(dtype, new long[] {k, n}, true);
        long[][] selfShapes = {{n}, {1, n}, {m, n}, {m, 1}, {}};
        Tensor self = random.tensorOf(dtype, selfShapes[rnd.nextInt(selfShapes.length)], true);
        Tensor withBias = Torch.addmm(self, mat1, mat2, Scalar.of(1), Scalar.of(1));
        Tensor product = Torch.addmm(self, mat1, mat2, Scalar.of(0), Scalar.of(1));
        Tensor expected = Torch.add(self, product, Scalar.of(1));
        String what = dtype + " self " + Arrays.toString(self.sizes()) + " strides " + Arrays.toString(self.strides())
                + ", " + m + "x" + k + " @ " + k + "x" + n;
        assertEquals(expected.dtype(), withBias.dtype(), what);
        assertArrayEquals(expected.sizes(), withBias.sizes(), what);
        assertEquals(Arrays.toString(expected.toDoubleArray()), Arrays.toString(withBias.toDoubleArray()), what);
    }
}
