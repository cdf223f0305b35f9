package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.nn.FractionalMaxPool;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Fractional max pooling beyond the golden vectors: the modules against values PyTorch 1.13 printed for the same
 * seed, the gradient through autograd, and the refusals where ATen would read outside its arrays.
 */
class FractionalMaxPoolingTest {
    @BeforeAll
    static void load() {
        AtenLibrary.load();
    }

    private static Tensor waves(long... shape) {
        long n = 1;
        for (long s : shape) {
            n *= s;
        }
        return Torch.arange(Scalar.of(n), ScalarType.Float32).reshape(shape);
    }

    @Test
    void modulesDrawTheirSamplesAsPyTorchDoes() {
        // torch.manual_seed(0); nn.FractionalMaxPool2d(2, output_ratio=0.5, return_indices=True)(x), x = arange.sin()
        Torch.manual_seed(0);
        Tensor[] pooled = FractionalMaxPool.fractionalMaxPool2dWithRatio(new long[] {2}, 0.5)
                .forwardWithIndices(waves(2, 3, 8, 8).sin());
        assertArrayEquals(new long[] {2, 3, 4, 4}, pooled[0].sizes());
        assertEquals(69.16507720947266, pooled[0].sum().item().toDouble(), 1e-4);
        assertEquals(3031, pooled[1].sum().item().toLong());
        // torch.manual_seed(0); nn.FractionalMaxPool3d(2, output_size=(3, 3, 3))(x), x = arange.cos()
        Torch.manual_seed(0);
        Tensor pooled3d = FractionalMaxPool.fractionalMaxPool3d(new long[] {2}, new long[] {3})
                .forward(waves(1, 2, 6, 6, 6).cos());
        assertArrayEquals(new long[] {1, 2, 3, 3, 3}, pooled3d.sizes());
        assertEquals(42.797874450683594, pooled3d.sum().item().toDouble(), 1e-4);
        // an unbatched input draws one sample row
        assertArrayEquals(new long[] {3, 4, 4}, FractionalMaxPool.fractionalMaxPool2d(2, 4)
                .forward(waves(3, 8, 8)).sizes());
    }

    @Test
    void autogradSendsEachGradientToItsMaximum() {
        Tensor x = waves(2, 3, 7, 7).sin().requiresGrad_(true);
        Tensor samples = Torch.rand(new long[] {2, 3, 2});
        Tensor[] pooled = Torch.fractional_max_pool2d(x, new long[] {2, 3}, new long[] {4, 3}, samples);
        Tensor upstream = Torch.rand(new long[] {2, 3, 4, 3});
        pooled[0].backward(upstream);
        Tensor expected = Torch.fractional_max_pool2d_backward(upstream, x.detach(), new long[] {2, 3},
                new long[] {4, 3}, pooled[1]);
        assertEquals(0.0, x.grad().sub(expected).abs().max().item().toDouble());
        assertEquals(upstream.sum().item().toDouble(), x.grad().sum().item().toDouble(), 1e-5);
    }

    @Test
    void refusesWhatAtenWouldReadOutOfBounds() {
        Tensor x = waves(2, 3, 7, 7);
        IllegalArgumentException few = assertThrows(IllegalArgumentException.class,
                () -> Torch.fractional_max_pool2d(x, new long[] {2, 2}, new long[] {4, 4}, Torch.rand(new long[] {1, 3, 2})));
        assertEquals("fractional_max_pool2d(): random_samples has 6 elements, but the input's 6 planes need 2 each (12)",
                few.getMessage());
        // samples outside [0, 1) still place every window inside the input, as in ATen
        Tensor[] far = Torch.fractional_max_pool2d(x, new long[] {2, 2}, new long[] {4, 4},
                Torch.full(new long[] {2, 3, 2}, Scalar.of(-5.0)));
        assertEquals(0L, far[1].lt(Scalar.of(0)).sum().item().toLong() + far[1].ge(Scalar.of(49)).sum().item().toLong());
        Tensor[] pooled = Torch.fractional_max_pool3d(waves(1, 1, 5, 5, 5), new long[] {2, 2, 2}, new long[] {3, 3, 3},
                Torch.rand(new long[] {1, 1, 3}));
        Tensor badIndices = pooled[1].add(Scalar.of(1000));
        assertThrows(IndexOutOfBoundsException.class, () -> Torch.fractional_max_pool3d_backward(
                Torch.ones(new long[] {1, 1, 3, 3, 3}), waves(1, 1, 5, 5, 5), new long[] {2, 2, 2}, new long[] {3, 3, 3},
                badIndices));
        IllegalArgumentException planes = assertThrows(IllegalArgumentException.class,
                () -> Torch.fractional_max_pool3d_backward(Torch.ones(new long[] {1, 2, 3, 3, 3}), waves(1, 1, 5, 5, 5),
                        new long[] {2, 2, 2}, new long[] {3, 3, 3}, pooled[1]));
        assertEquals("fractional_max_pool3d_backward(): Expected grad_output and indices of sizes [1, 1, 3, 3, 3], but"
                + " got [1, 2, 3, 3, 3] and [1, 1, 3, 3, 3]", planes.getMessage());
    }

    @Test
    void modulesCheckTheirArgumentsAsPyTorch() {
        assertEquals("output_ratio must be between 0 and 1 (got 1.0)", assertThrows(IllegalArgumentException.class,
                () -> FractionalMaxPool.fractionalMaxPool2dWithRatio(new long[] {3}, 1.0)).getMessage());
        assertEquals("output_ratio must be between 0 and 1 (got (0.5, 0.0, 0.5))",
                assertThrows(IllegalArgumentException.class, () -> FractionalMaxPool.fractionalMaxPool3dWithRatio(
                        new long[] {3}, 0.5, 0, 0.5)).getMessage());
        assertEquals("FractionalMaxPool2d()", FractionalMaxPool.fractionalMaxPool2d(3, 5).toString());
    }
}
