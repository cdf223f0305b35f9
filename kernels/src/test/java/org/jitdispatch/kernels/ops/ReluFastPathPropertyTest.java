package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.kernels.generated.Kernels;
import org.jitdispatch.runtime.ScalarType;

/**
 * relu's contiguous fast path against TensorIterator's loop on the same random tensors (float32 and
 * float64, values with zeros of both signs, NaN and infinities; contiguous at offsets and with size-1 dims
 * of odd strides): the same dtype, sizes, strides and values, functional and in place.
 */
class ReluFastPathPropertyTest {
    static {
        AtenLibrary.load();
    }

    @Property(tries = 1000)
    void fastPathComputesWhatTheIteratorComputes(@ForAll long seed) {
        Tensor self = tensor(seed);
        if (!UnaryOps.takesReluFastPath(self)) {
            return;
        }
        Tensor general = UnaryOps.reluThroughIterator(self);
        Tensor fast = Kernels.UNARY_OPS.relu(self);
        String what = self.dtype() + Arrays.toString(self.sizes()) + " strides " + Arrays.toString(self.strides());
        assertEquals(general.dtype(), fast.dtype(), what);
        assertArrayEquals(general.sizes(), fast.sizes(), what);
        assertArrayEquals(general.strides(), fast.strides(), what);
        assertEquals(Arrays.toString(general.toDoubleArray()), Arrays.toString(fast.toDoubleArray()), what);
        Tensor inPlace = tensor(seed);
        Kernels.UNARY_OPS.relu_(inPlace);
        assertEquals(Arrays.toString(general.toDoubleArray()), Arrays.toString(inPlace.toDoubleArray()), what);
    }

    private static Tensor tensor(long seed) {
        Random rnd = new Random(seed);
        long[] sizes = new long[rnd.nextInt(4)];
        for (int d = 0; d < sizes.length; d++) {
            sizes[d] = 1 + rnd.nextInt(4);
        }
        return new RandomTensors(rnd).tensorOf(rnd.nextBoolean() ? ScalarType.Float32 : ScalarType.Float64, sizes);
    }
}
