package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;

/**
 * gelu's and silu's float32 fast paths and their gradients' (contiguous runs in blocks, in parallel chunks above the
 * grain; silu's before JDK 21) against the general loop (the same values in an input with a gap after every row, so
 * not contiguous), on the same random inputs (one element to past the grain, NaN, infinities, signed zeros, large
 * magnitudes), functional, in place and out=: the same bits. And the values: gelu's against gelu in double with the
 * exact error function, within the float32 formula's error (the error function's 1.5e-7, scaled by x, and float
 * rounding); silu's against silu in double, within a few ulps (the gradient near its zero within float rounding of
 * its terms).
 */
class ActivationPathsPropertyTest {
    static {
        AtenLibrary.load();
    }

    /** The activations with float32 run fast paths, and their operators. */
    enum Activation {
        GELU, SILU;

        Tensor apply(Tensor x) {
            return this == GELU ? Torch.gelu(x) : Torch.silu(x);
        }

        Tensor out(Tensor out, Tensor x) {
            return this == GELU ? Torch.gelu_out(out, x) : Torch.silu_out(out, x);
        }

        Tensor backward(Tensor dy, Tensor x) {
            return this == GELU ? Torch.gelu_backward(dy, x) : Torch.silu_backward(dy, x);
        }
    }

    @Property(tries = 150)
    void theFastPathsGiveTheGeneralLoopsBits(@ForAll long seed) {
        for (Activation f : Activation.values()) {
            check(f, seed);
        }
    }

    private static void check(Activation f, long seed) {
        Random rnd = new Random(seed);
        int rows = 1 + rnd.nextInt(rnd.nextInt(4) == 0 ? 70 : 4);
        int cols = 1 + rnd.nextInt(rnd.nextInt(3) == 0 ? 1200 : 300);
        Tensor x = values(rnd, rows, cols);
        Tensor dy = values(rnd, rows, cols);
        Tensor gappedX = gapped(x);
        Tensor gappedDy = gapped(dy);
        String what = f + " " + rows + " x " + cols;
        switch (rnd.nextInt(3)) {
            case 0 -> {
                Tensor in = x.clone();
                f.out(in, in);
                assertArrayEquals(f.apply(gappedX).toFloatArray(), in.toFloatArray(), what + ", in place");
            }
            case 1 -> {
                Tensor out = Torch.empty(new long[] {rows, cols}, ScalarType.Float32);
                f.out(out, x);
                assertArrayEquals(f.apply(gappedX).toFloatArray(), out.toFloatArray(), what + ", out=");
            }
            default -> assertArrayEquals(f.apply(gappedX).toFloatArray(), f.apply(x).toFloatArray(), what);
        }
        assertArrayEquals(f.backward(gappedDy, gappedX).toFloatArray(),
                f.backward(dy, x).toFloatArray(), what + ", backward");
    }

    @Test
    void theValuesAreGeluWithinTheErrorFunctionsError() {
        Random rnd = new Random(9);
        float[] x = new float[100_000];
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) (rnd.nextGaussian() * Math.scalb(1.0, rnd.nextInt(8) - 3));
        }
        float[] y = Torch.gelu(Torch.tensor(x)).toFloatArray();
        float[] g = Torch.gelu_backward(Torch.ones(x.length), Torch.tensor(x)).toFloatArray();
        for (int i = 0; i < x.length; i++) {
            double exact = ScalarMath.gelu((double) x[i]);
            double exactGradient = ScalarMath.geluBackward(1.0, (double) x[i]);
            double bound = 2e-7 * Math.max(1, Math.abs(x[i]));
            int at = i;
            assertTrue(Math.abs(y[i] - exact) <= bound + Math.ulp((float) exact),
                    () -> "gelu(" + x[at] + ") = " + y[at] + ", exactly " + exact);
            assertTrue(Math.abs(g[i] - exactGradient) <= 4 * bound + Math.ulp((float) exactGradient),
                    () -> "gelu'(" + x[at] + ") = " + g[at] + ", exactly " + exactGradient);
        }
    }

    @Test
    void theValuesAreSiluWithinAFewUlps() {
        Random rnd = new Random(9);
        float[] x = new float[100_000];
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) (rnd.nextGaussian() * Math.scalb(1.0, rnd.nextInt(10) - 3));
        }
        float[] y = Torch.silu(Torch.tensor(x)).toFloatArray();
        float[] g = Torch.silu_backward(Torch.ones(x.length), Torch.tensor(x)).toFloatArray();
        for (int i = 0; i < x.length; i++) {
            float exact = (float) ScalarMath.silu((double) x[i]);
            float exactGradient = (float) ScalarMath.siluBackward(1.0, (double) x[i]);
            int at = i;
            assertTrue(Math.abs(y[i] - exact) <= 4 * Math.ulp(exact) + 1e-30,
                    () -> "silu(" + x[at] + ") = " + y[at] + ", in double " + exact);
            // near its zero (x about -1.28) the gradient is a difference of terms of size 1 + |x|: float rounding
            // of those terms, not of the result, bounds its error there
            assertTrue(Math.abs(g[i] - exactGradient) <= 8 * Math.ulp(exactGradient) + 2 * Math.ulp(1f) * (1 + Math.abs(x[i])),
                    () -> "silu'(" + x[at] + ") = " + g[at] + ", in double " + exactGradient);
        }
    }

    private static Tensor values(Random rnd, int rows, int cols) {
        float[] v = new float[rows * cols];
        for (int i = 0; i < v.length; i++) {
            int r = rnd.nextInt(40);
            v[i] = r == 0 ? Float.NaN : r == 1 ? Float.POSITIVE_INFINITY : r == 2 ? Float.NEGATIVE_INFINITY
                    : r == 3 ? -0f : r == 4 ? 0f : r == 5 ? (float) (rnd.nextGaussian() * 1e4)
                    : (float) (rnd.nextGaussian() * 3);
        }
        return Torch.tensor(v, rows, cols);
    }

    /** The same values in a matrix with a gap after each row: not contiguous, so the general loop runs. */
    private static Tensor gapped(Tensor t) {
        Tensor wide = Torch.zeros(new long[] {t.size(0), t.size(1) + 1}, ScalarType.Float32).narrow(1, 0, t.size(1));
        wide.copy_(t);
        return wide;
    }
}
