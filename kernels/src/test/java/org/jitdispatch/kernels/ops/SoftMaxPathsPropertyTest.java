package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Random;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Softmax's row path (a slice along the last dim) against its block path (the same slices along another dim),
 * and its parallel blocks against one thread: the same bits, forward and backward, softmax and log_softmax.
 */
class SoftMaxPathsPropertyTest {
    static {
        AtenLibrary.load();
    }

    @Property(tries = 200)
    void rowsAndBlocksGiveTheSameBits(@ForAll long seed, @ForAll @IntRange(min = 1, max = 9) int rows,
            @ForAll @IntRange(min = 1, max = 40) int cols, @ForAll boolean log) {
        Tensor x = random(new Random(seed), rows, cols);
        Tensor byRows = softmax(x, 1, log);
        Tensor byBlocks = softmax(x.t().contiguous(), 0, log).t();
        assertArrayEquals(byRows.toFloatArray(), byBlocks.toFloatArray());
        Tensor g = random(new Random(~seed), rows, cols);
        Tensor gradRows = backward(g, byRows, 1, log);
        Tensor gradBlocks = backward(g.t().contiguous(), byRows.t().contiguous(), 0, log).t();
        assertArrayEquals(gradRows.toFloatArray(), gradBlocks.toFloatArray());
    }

    /** out= the input itself: the row computes the exponentials without storing them first, in the same order. */
    @Property(tries = 100)
    void anOutThatIsTheInputGivesTheFunctionalBits(@ForAll long seed, @ForAll @IntRange(min = 1, max = 9) int rows,
            @ForAll @IntRange(min = 1, max = 40) int cols, @ForAll boolean log) {
        Tensor x = random(new Random(seed), rows, cols);
        float[] functional = softmax(x, 1, log).toFloatArray();
        Tensor inPlace = x.clone(null);
        if (log) {
            Torch._log_softmax_out(inPlace, inPlace, 1, false);
        } else {
            Torch._softmax_out(inPlace, inPlace, 1, false);
        }
        assertArrayEquals(functional, inPlace.toFloatArray());
    }

    @Property(tries = 10)
    void parallelBlocksGiveTheBitsOfOneThread(@ForAll long seed, @ForAll boolean log, @ForAll boolean lastDim) {
        Tensor x = random(new Random(seed), 300, 257);
        int before = Torch.get_num_threads();
        try {
            Torch.set_num_threads(1);
            float[] one = softmax(x, lastDim ? 1 : 0, log).toFloatArray();
            Torch.set_num_threads(2);
            assertArrayEquals(one, softmax(x, lastDim ? 1 : 0, log).toFloatArray());
        } finally {
            Torch.set_num_threads(before);
        }
    }

    private static Tensor softmax(Tensor x, long dim, boolean log) {
        return log ? Torch._log_softmax(x, dim, false) : Torch._softmax(x, dim, false);
    }

    private static Tensor backward(Tensor g, Tensor y, long dim, boolean log) {
        return log ? Torch._log_softmax_backward_data(g, y, dim, g.dtype())
                : Torch._softmax_backward_data(g, y, dim, g.dtype());
    }

    private static Tensor random(Random rnd, int rows, int cols) {
        float[] v = new float[rows * cols];
        for (int i = 0; i < v.length; i++) {
            v[i] = rnd.nextInt(10) == 0 ? Float.NEGATIVE_INFINITY : (float) (rnd.nextGaussian() * 5);
        }
        return Torch.tensor(v, rows, cols);
    }
}
