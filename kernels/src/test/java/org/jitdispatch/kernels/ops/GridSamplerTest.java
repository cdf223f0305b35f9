package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorTesting;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * grid_sampler_2d's and grid_sampler_3d's backward against their forward, on random float64 geometries in every
 * mode: the output is linear in the input, so {@code <grad_output, f(x)> = <grad_input, x>} holds exactly (up to
 * rounding), and the grid's gradient is checked by central differences of the forward.
 */
class GridSamplerTest {
    private final Random rnd = new Random(1913);

    private Tensor random(double lo, double hi, long... sizes) {
        int n = 1;
        for (long s : sizes) {
            n *= (int) s;
        }
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = lo + (hi - lo) * rnd.nextDouble();
        }
        return Torch.tensor(v, sizes);
    }

    private static Tensor ones(long... sizes) {
        return Torch.ones(sizes).to(ScalarType.Float64);
    }

    private static double dot(Tensor a, Tensor b) {
        double[] x = a.contiguous().toDoubleArray();
        double[] y = b.contiguous().toDoubleArray();
        double s = 0;
        for (int i = 0; i < x.length; i++) {
            s += x[i] * y[i];
        }
        return s;
    }

    private static Tensor sample(Tensor input, Tensor grid, int mode, int padding, boolean align) {
        return input.dim() == 4 ? Torch.grid_sampler_2d(input, grid, mode, padding, align)
                : Torch.grid_sampler_3d(input, grid, mode, padding, align);
    }

    private static Tensor[] backward(Tensor go, Tensor input, Tensor grid, int mode, int padding, boolean align,
            boolean[] mask) {
        return input.dim() == 4 ? Torch.grid_sampler_2d_backward(go, input, grid, mode, padding, align, mask)
                : Torch.grid_sampler_3d_backward(go, input, grid, mode, padding, align, mask);
    }

    @ParameterizedTest(name = "dims={0} mode={1} padding={2} align_corners={3}")
    @CsvSource({
        "2,0,0,false", "2,0,1,true", "2,0,2,false", "2,0,2,true",
        "2,1,0,true", "2,1,1,false", "2,1,2,true",
        "2,2,0,false", "2,2,1,true", "2,2,2,false", "2,2,2,true",
        "3,0,0,true", "3,0,1,false", "3,0,2,true", "3,0,2,false", "3,1,1,true", "3,1,2,false"})
    void backwardMatchesForward(int dims, int mode, int padding, boolean align) {
        for (int trial = 0; trial < 4; trial++) {
            long n = 1 + rnd.nextInt(2);
            long c = 1 + rnd.nextInt(2);
            Tensor input = dims == 2 ? random(-2, 2, n, c, 1 + rnd.nextInt(5), 1 + rnd.nextInt(5))
                    : random(-2, 2, n, c, 1 + rnd.nextInt(3), 1 + rnd.nextInt(4), 1 + rnd.nextInt(4));
            Tensor grid = dims == 2 ? random(-1.5, 1.5, n, 1 + rnd.nextInt(3), 1 + rnd.nextInt(3), 2)
                    : random(-1.5, 1.5, n, 1 + rnd.nextInt(2), 1 + rnd.nextInt(3), 1 + rnd.nextInt(3), 3);
            Tensor out = sample(input, grid, mode, padding, align);
            Tensor go = random(-1, 1, out.sizes());
            Tensor[] grads = backward(go, input, grid, mode, padding, align, new boolean[] {true, true});
            assertArrayEquals(input.sizes(), grads[0].sizes());
            assertArrayEquals(grid.sizes(), grads[1].sizes());

            // linear in the input: grad_input is the adjoint of the sampling
            assertEquals(dot(go, out), dot(grads[0], input), 1e-9 * (1 + Math.abs(dot(go, out))));

            // the grid, by central differences (a step that crosses a pixel or a border would break the
            // derivative; with random coordinates and this step that does not happen in these trials)
            double h = 1e-6;
            double[] g = grid.contiguous().toDoubleArray();
            double[] analytic = grads[1].contiguous().toDoubleArray();
            for (int i = 0; i < g.length; i++) {
                double[] plus = g.clone();
                double[] minus = g.clone();
                plus[i] += h;
                minus[i] -= h;
                double numeric = (dot(go, sample(input, Torch.tensor(plus, grid.sizes()), mode, padding, align))
                        - dot(go, sample(input, Torch.tensor(minus, grid.sizes()), mode, padding, align))) / (2 * h);
                assertEquals(numeric, analytic[i], 1e-5 * (1 + Math.abs(numeric)), "d/d grid[" + i + "]");
            }
        }
    }

    @Test
    void gradInputOnlyWhenAsked() {
        Tensor input = random(-1, 1, 1, 2, 3, 3);
        Tensor grid = random(-1, 1, 1, 2, 2, 2);
        Tensor go = random(-1, 1, 1, 2, 2, 2);
        Tensor[] both = Torch.grid_sampler_2d_backward(go, input, grid, 0, 0, false, new boolean[] {true, true});
        Tensor[] gridOnly = Torch.grid_sampler_2d_backward(go, input, grid, 0, 0, false, new boolean[] {false, true});
        assertNull(gridOnly[0]);
        TensorTesting.assertClose(gridOnly[1], both[1], 0, 0);
    }

    @Test
    void identityGridReproducesTheInput() {
        Tensor input = random(-3, 3, 2, 3, 4, 5);
        Tensor theta = Torch.tensor(new double[] {1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0}, 2, 2, 3);
        for (boolean align : new boolean[] {false, true}) {
            Tensor grid = Torch.affine_grid_generator(theta, new long[] {2, 3, 4, 5}, align);
            for (int mode = 0; mode < 3; mode++) {
                TensorTesting.assertClose(Torch.grid_sampler(input, grid, mode, 0, align), input, 1e-12, 1e-12);
            }
        }
    }

    @Test
    void affineGridOfAMetaThetaIsAMetaGrid() {
        Tensor theta = Torch.empty(new long[] {2, 3, 4}, ScalarType.Float64, null, Device.META, null, null);
        Tensor grid = Torch.affine_grid_generator(theta, new long[] {2, 1, 3, 4, 5}, false);
        assertTrue(grid.isMeta());
        assertArrayEquals(new long[] {2, 3, 4, 5, 3}, grid.sizes());
        assertEquals(ScalarType.Float64, grid.dtype());
    }

    @Test
    void coordinatesOutsideEveryRangeNeverBreakTheKernels() {
        double[] odd = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1e300, -1e300, 3e9, -3e9, 0};
        Tensor input = random(-1, 1, 1, 2, 3, 4);
        Tensor input3 = random(-1, 1, 1, 2, 2, 3, 4);
        for (double x : odd) {
            for (double y : odd) {
                Tensor grid = Torch.tensor(new double[] {x, y}, 1, 1, 1, 2);
                Tensor grid3 = Torch.tensor(new double[] {x, y, 0.25}, 1, 1, 1, 1, 3);
                for (int mode = 0; mode < 3; mode++) {
                    for (int padding = 0; padding < 3; padding++) {
                        for (boolean align : new boolean[] {false, true}) {
                            int m = mode;
                            int p = padding;
                            assertDoesNotThrow(() -> Torch.grid_sampler_2d(input, grid, m, p, align));
                            assertDoesNotThrow(() -> Torch.grid_sampler_2d_backward(ones(1, 2, 1, 1), input,
                                    grid, m, p, align, new boolean[] {true, true}));
                            if (mode < 2) {
                                assertDoesNotThrow(() -> Torch.grid_sampler_3d(input3, grid3, m, p, align));
                                assertDoesNotThrow(() -> Torch.grid_sampler_3d_backward(ones(1, 2, 1, 1, 1),
                                        input3, grid3, m, p, align, new boolean[] {true, true}));
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void refusesModesAndGradientsAtenWouldMisread() {
        Tensor input = random(-1, 1, 1, 2, 3, 4);
        Tensor grid = random(-1, 1, 1, 2, 2, 2);
        IllegalArgumentException mode = assertThrows(IllegalArgumentException.class,
                () -> Torch.grid_sampler_2d(input, grid, 3, 0, false));
        assertEquals("grid_sampler(): expected interpolation_mode to be 0 (bilinear), 1 (nearest) or 2 (bicubic), but"
                + " got 3", mode.getMessage());
        IllegalArgumentException padding = assertThrows(IllegalArgumentException.class,
                () -> Torch.grid_sampler(input, grid, 0, -1, false));
        assertTrue(padding.getMessage().startsWith("grid_sampler(): expected padding_mode to be 0 (zeros)"));
        IllegalArgumentException sizes = assertThrows(IllegalArgumentException.class,
                () -> Torch.grid_sampler_2d_backward(ones(1, 2, 2, 3), input, grid, 0, 0, false,
                        new boolean[] {true, true}));
        assertEquals("grid_sampler_2d_backward(): expected grad_output of sizes [1, 2, 2, 2], but got grad_output with"
                + " sizes [1, 2, 2, 3]", sizes.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Torch.affine_grid_generator_backward(
                ones(2, 4, 6, 2), new long[] {2, 3, 4, 5}, false));
    }

    /**
     * grid_sampler_3d's nearest mode rounds halves away from zero (std::round), where the 2-D kernel rounds them to
     * even; -0.5 rounds to -1, outside the input. From PyTorch 1.13:
     * <pre>
     * x = torch.arange(64.).reshape(1, 1, 4, 4, 4).requires_grad_()
     * g = torch.tensor([[[[[0.5, -0.5, 0.25], [-1.0, 0.0, 0.0], [0.75, 0.25, -0.25]]]]])
     * o = torch.grid_sampler(x, g, 1, 0, False)    # [39.0, 0.0, 27.0]
     * o.sum().backward(); x.grad.flatten().nonzero().flatten()     # [27, 39]
     * </pre>
     */
    @Test
    void nearest3dRoundsHalvesAwayFromZero() {
        double[] v = new double[64];
        for (int i = 0; i < 64; i++) {
            v[i] = i;
        }
        Tensor x = Torch.tensor(v, 1, 1, 4, 4, 4).requiresGrad_(true);
        Tensor g = Torch.tensor(new double[] {0.5, -0.5, 0.25, -1.0, 0.0, 0.0, 0.75, 0.25, -0.25}, 1, 1, 1, 3, 3);
        Tensor o = Torch.grid_sampler(x, g, 1, 0, false);
        assertArrayEquals(new double[] {39, 0, 27}, o.toDoubleArray());
        Torch.sum(o).backward();
        double[] expected = new double[64];
        expected[27] = 1;
        expected[39] = 1;
        assertArrayEquals(expected, x.grad().toDoubleArray());
    }
}
