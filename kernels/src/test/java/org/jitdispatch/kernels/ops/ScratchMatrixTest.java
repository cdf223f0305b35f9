package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.junit.jupiter.api.Test;

/** Which scratch matrices a thread keeps and lends again, and which it allocates for the call. */
class ScratchMatrixTest {

    private static Storage storageOf(long rows, long columns, ScalarType dtype) {
        try (ScratchMatrix m = ScratchMatrix.of(rows, columns, dtype)) {
            return m.matrix().storage();
        }
    }

    @Test
    void aReturnedMatrixIsLentAgainAndGrowsToTheLargestAskedFor() {
        Storage first = storageOf(3, 5, ScalarType.Float32);
        assertSame(first, storageOf(2, 4, ScalarType.Float32));
        Storage grown = storageOf(100, 100, ScalarType.Float32);
        assertNotSame(first, grown);
        assertSame(grown, storageOf(3, 5, ScalarType.Float32));
        assertNotSame(grown, storageOf(3, 5, ScalarType.Float64));
    }

    @Test
    void theMatrixHasTheAskedSizesWhateverTheKeptStorageHolds() {
        storageOf(64, 64, ScalarType.Float64);
        try (ScratchMatrix m = ScratchMatrix.of(3, 7, ScalarType.Float64)) {
            Tensor t = m.matrix();
            assertArrayEquals(new long[] {3, 7}, t.sizes());
            assertArrayEquals(new long[] {7, 1}, t.strides());
            assertSame(ScalarType.Float64, t.dtype());
        }
    }

    @Test
    void aSecondMatrixWhileTheFirstIsHeldIsItsOwn() {
        try (ScratchMatrix outer = ScratchMatrix.of(4, 4, ScalarType.Float32);
                ScratchMatrix inner = ScratchMatrix.of(4, 4, ScalarType.Float32)) {
            assertNotSame(outer.matrix().storage(), inner.matrix().storage());
        }
        Storage kept = storageOf(4, 4, ScalarType.Float32);
        assertSame(kept, storageOf(4, 4, ScalarType.Float32));
    }

    @Test
    void largeAndIntegerMatricesAreNotKept() {
        long columns = ScratchMatrix.MAX_KEPT_ELEMENTS / 2 + 1;
        assertNotSame(storageOf(2, columns, ScalarType.Float32), storageOf(2, columns, ScalarType.Float32));
        assertNotSame(storageOf(2, 2, ScalarType.Int64), storageOf(2, 2, ScalarType.Int64));
    }

    @Test
    void eachThreadKeepsItsOwn() throws InterruptedException {
        Storage mine = storageOf(8, 8, ScalarType.Float32);
        Storage[] theirs = new Storage[1];
        Thread other = new Thread(() -> theirs[0] = storageOf(8, 8, ScalarType.Float32));
        other.start();
        other.join();
        assertNotSame(mine, theirs[0]);
        assertSame(mine, storageOf(8, 8, ScalarType.Float32));
    }
}
