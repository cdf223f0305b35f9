package org.jitdispatch.kernels.iter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class BroadcastTest {
    private static long[] s(long... sizes) {
        return sizes;
    }

    @Test
    void alignsTrailingDimensionsAndStretchesOnes() {
        assertArrayEquals(s(2, 3), Broadcast.inferSize(s(2, 3), s(3)));
        assertArrayEquals(s(2, 3), Broadcast.inferSize(s(2, 1), s(1, 3)));
        assertArrayEquals(s(4, 2, 3), Broadcast.inferSize(s(4, 1, 3), s(2, 1)));
        assertArrayEquals(s(5, 1, 7), Broadcast.inferSize(s(5, 1, 7), s(1, 1)));
    }

    @Test
    void zeroDimBroadcastsToAnything() {
        assertArrayEquals(s(2, 3), Broadcast.inferSize(s(), s(2, 3)));
        assertArrayEquals(s(2, 3), Broadcast.inferSize(s(2, 3), s()));
        assertArrayEquals(s(), Broadcast.inferSize(s(), s()));
    }

    @Test
    void sizeOneStretchesToZero() {
        assertArrayEquals(s(0, 3), Broadcast.inferSize(s(1, 3), s(0, 1)));
        assertArrayEquals(s(2, 0), Broadcast.inferSize(s(2, 0), s(0)));
        assertArrayEquals(s(0), Broadcast.inferSize(s(0), s(1)));
    }

    @Test
    void mismatchUsesPyTorchWording() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Broadcast.inferSize(s(2, 3), s(2, 4)));
        assertEquals("The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1",
                e.getMessage());
        // The dimension is counted in the broadcast result, from the left.
        e = assertThrows(IllegalArgumentException.class, () -> Broadcast.inferSize(s(5, 2, 3), s(4, 3)));
        assertEquals("The size of tensor a (2) must match the size of tensor b (4) at non-singleton dimension 1",
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Broadcast.inferSize(s(0), s(2)));
        assertEquals("The size of tensor a (0) must match the size of tensor b (2) at non-singleton dimension 0",
                e.getMessage());
    }
}
