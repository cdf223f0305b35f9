package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * The norm of all elements of a contiguous tensor ({@link ContiguousNorms}) against the general loop, which a
 * transposed view of the same values takes: the same result for every order (0, 1, 2, 3, 0.5, ±inf), float32 and
 * float64, with NaN, infinities and zeros among the values; ord 1 and 2 add in another order (four accumulators),
 * so they agree to double rounding before the float32 result is rounded.
 */
class ContiguousNormsPropertyTest {
    private static final double[] ORDERS = {0, 1, 2, 3, 0.5, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};

    @Property(tries = 600)
    void theContiguousPassIsTheGeneralLoop(@ForAll long seed) {
        Random r = new Random(seed);
        int rows = 1 + r.nextInt(20);
        int cols = 1 + r.nextInt(20);
        double[] values = new double[rows * cols];
        for (int i = 0; i < values.length; i++) {
            int kind = r.nextInt(40);
            values[i] = kind == 0 ? Double.NaN : kind == 1 ? Double.POSITIVE_INFINITY : kind == 2 ? 0.0 : r.nextGaussian();
        }
        boolean floats = r.nextBoolean();
        Tensor x = Torch.tensor(values, rows, cols);
        if (floats) {
            x = x.to(ScalarType.Float32);
        }
        Tensor transposedView = x.t().contiguous().t(); // the same values, not contiguous: the general loop
        double ord = ORDERS[r.nextInt(ORDERS.length)];
        double fast = Torch.norm(x, Scalar.of(ord)).item().toDouble();
        double general = Torch.norm(transposedView, Scalar.of(ord)).item().toDouble();
        String what = "seed " + seed + ", ord " + ord + (floats ? ", float32" : ", float64");
        if (Double.isNaN(general)) {
            assertTrue(Double.isNaN(fast), what);
        } else if (ord == 1 || ord == 2) {
            assertEquals(general, fast, Math.abs(general) * (floats ? 1.2e-7 : 1e-12), what);
        } else {
            assertEquals(general, fast, Math.abs(general) * 1e-14, what);
        }
    }
}
