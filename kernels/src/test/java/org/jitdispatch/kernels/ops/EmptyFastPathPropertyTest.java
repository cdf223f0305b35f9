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
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorGeometry;

/**
 * empty's CPU fast path (a contiguous tensor built from its sizes alone) against the general allocation
 * (the tensor factory's emptyStrided with contiguous strides) on random sizes, zeros included, and every
 * dtype: the same dtype, device, dispatch keys, sizes, strides, offset, contiguity, storage length and
 * (zero) contents.
 */
class EmptyFastPathPropertyTest {
    static {
        AtenLibrary.load();
    }

    @Property(tries = 500)
    void fastPathBuildsWhatTheGeneralPathBuilds(@ForAll long seed) {
        Random rnd = new Random(seed);
        long[] sizes = new long[rnd.nextInt(5)];
        for (int d = 0; d < sizes.length; d++) {
            sizes[d] = rnd.nextInt(8) == 0 ? 0 : 1 + rnd.nextInt(4);
        }
        ScalarType dtype = rnd.nextInt(4) == 0 ? null : ScalarType.values()[rnd.nextInt(ScalarType.values().length)];
        MemoryFormat format = rnd.nextBoolean() ? null : MemoryFormat.Contiguous;
        Tensor fast = Torch.empty(sizes, dtype, null, null, null, format);
        Tensor general = Tensor.FACTORY.emptyStrided(sizes, TensorGeometry.contiguousStrides(sizes),
                dtype == null ? ScalarType.Float32 : dtype, Device.CPU);
        String what = Arrays.toString(sizes) + " " + dtype + " " + format;
        assertEquals(general.dtype(), fast.dtype(), what);
        assertEquals(general.device(), fast.device(), what);
        assertEquals(general.keySetBits(), fast.keySetBits(), what);
        assertArrayEquals(general.sizes(), fast.sizes(), what);
        assertArrayEquals(general.strides(), fast.strides(), what);
        assertEquals(general.storageOffset(), fast.storageOffset(), what);
        assertEquals(general.isContiguous(), fast.isContiguous(), what);
        assertEquals(general.hasDefaultStrides(), fast.hasDefaultStrides(), what);
        assertEquals(general.storage().size(), fast.storage().size(), what);
        assertEquals(general.storage().toString(), fast.storage().toString(), what);
    }
}
