package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;

/**
 * fill_'s contiguous fast path against TensorIterator's nullary loop on the same random contiguous tensors
 * (every dtype, at offsets, with size-1 dims of odd strides) and values of every kind: both leave the
 * storage with the same contents, elements outside the tensor untouched.
 */
class FillFastPathPropertyTest {
    static {
        AtenLibrary.load();
    }

    private static final ScalarType[] DTYPES = ScalarType.values();

    @Property(tries = 1000)
    void fastPathWritesWhatTheIteratorWrites(@ForAll long seed) {
        Tensor viaFastPath = contiguousTensor(seed);
        Tensor viaIterator = contiguousTensor(seed);
        Scalar value = value(new Random(~seed), viaFastPath.dtype());
        if (!viaFastPath.isContiguous() || viaFastPath.numel() == 0) {
            return;
        }
        Fill.fillContiguous(viaFastPath, value);
        Fill.fillStrided(viaIterator, value);
        assertEquals(text(viaIterator.storage()), text(viaFastPath.storage()), viaFastPath.dtype() + " " + value);
    }

    private static Tensor contiguousTensor(long seed) {
        Random rnd = new Random(seed);
        ScalarType dtype = DTYPES[rnd.nextInt(DTYPES.length)];
        long[] sizes = new long[rnd.nextInt(4)];
        for (int d = 0; d < sizes.length; d++) {
            sizes[d] = 1 + rnd.nextInt(4);
        }
        return new RandomTensors(rnd).tensorOf(dtype, sizes);
    }

    private static Scalar value(Random rnd, ScalarType dtype) {
        switch (rnd.nextInt(4)) {
            case 0: return Scalar.of(rnd.nextBoolean());
            case 1: return Scalar.of((long) rnd.nextInt(200) - 100);
            case 2: return dtype.isFloatingPoint() ? Scalar.of(rnd.nextGaussian() * 1e3) : Scalar.of((long) rnd.nextInt(7));
            default: return dtype.isFloatingPoint() ? Scalar.of(Double.NaN) : Scalar.of(-1L);
        }
    }

    private static String text(Storage s) {
        return s.toString();
    }
}
