package org.jitdispatch.autograd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.junit.jupiter.api.Test;

/**
 * The engine on graphs built by hand (the generated autograd kernels will build the same structures):
 * {@code y = sum(x * c)} with a backward node that saves {@code c}.
 */
class EngineTest {
    /** d(sum(x * c))/dx = c, with c saved. */
    static final class MulSumBackward extends Node {
        private final SavedVariable c;

        MulSumBackward(Tensor x, Tensor c) {
            super(Autograd.collectNextEdges(x));
            this.c = new SavedVariable(c, false);
        }

        @Override
        protected Tensor[] apply(Tensor[] gradOutputs) {
            return new Tensor[] {c.unpack(this).mul(gradOutputs[0])};
        }

        @Override
        protected void releaseVariables() {
            c.reset();
        }
    }

    private static Tensor leaf(float... values) {
        return Torch.tensor(values).requiresGrad_(true);
    }

    private static Tensor mulSum(Tensor x, Tensor c) {
        Tensor y = x.mul(c).sum();
        Autograd.setHistory(y, new MulSumBackward(x, c), 0);
        return y;
    }

    @Test
    void backwardAccumulatesIntoTheLeafAndRespectsRetainGraph() {
        Tensor x = leaf(1, 2, 3);
        Tensor c = Torch.tensor(new float[] {10, 20, 30});
        Tensor y = mulSum(x, c);
        assertFalse(y.isLeaf());
        assertEquals("MulSumBackward", y.gradFn().name());
        y.backward(null, true);
        assertArrayEquals(new float[] {10, 20, 30}, x.grad().toFloatArray());
        y.backward();
        assertArrayEquals(new float[] {20, 40, 60}, x.grad().toFloatArray(), "gradients accumulate");
        IllegalStateException again = assertThrows(IllegalStateException.class, y::backward);
        assertTrue(again.getMessage().startsWith("Trying to backward through the graph a second time"), again.getMessage());
    }

    @Test
    void twoPathsToOneLeafAreSummed() {
        Tensor x = leaf(1, 1);
        Tensor a = mulSum(x, Torch.tensor(new float[] {2, 3}));
        Tensor b = mulSum(x, Torch.tensor(new float[] {5, 7}));
        Tensor total = a.add(b);
        Autograd.setHistory(total, new Node(Autograd.collectNextEdges(a, b)) {
            @Override
            protected Tensor[] apply(Tensor[] g) {
                return new Tensor[] {g[0], g[0]};
            }
        }, 0);
        total.backward();
        assertArrayEquals(new float[] {7, 10}, x.grad().toFloatArray());
    }

    @Test
    void modifyingASavedTensorInPlaceIsCaughtAtBackward() {
        Tensor x = leaf(1, 2);
        Tensor c = Torch.tensor(new float[] {3, 4});
        Tensor y = mulSum(x, c);
        c.mul_(Scalar.of(2)); // bumps c's version through the ADInplaceOrView kernel
        IllegalStateException e = assertThrows(IllegalStateException.class, y::backward);
        assertEquals("one of the variables needed for gradient computation has been modified by an inplace operation:"
                + " [torch.FloatTensor [2]], is at version 1; expected version 0 instead. Hint: enable anomaly detection"
                + " to find the operation that failed to compute its gradient, with"
                + " torch.autograd.set_detect_anomaly(True).", e.getMessage());
    }

    @Test
    void requiresGradAddsTheAutogradKeyOnlyWhileSet() {
        Tensor x = Torch.tensor(new float[] {1});
        assertFalse(x.keySet().has(DispatchKey.AutogradCPU), "inference pays nothing");
        x.requiresGrad_(true);
        assertTrue(x.keySet().has(DispatchKey.AutogradCPU));
        x.requiresGrad_(false);
        assertFalse(x.keySet().has(DispatchKey.AutogradCPU));
        IllegalArgumentException ints = assertThrows(IllegalArgumentException.class,
                () -> Torch.tensor(new long[] {1}).requiresGrad_(true));
        assertEquals("only Tensors of floating point dtype can require gradients", ints.getMessage());
    }

    @Test
    void errorsForRootsWithoutGradientsOrNonScalarRoots() {
        IllegalStateException none = assertThrows(IllegalStateException.class,
                () -> Torch.tensor(new float[] {1}).backward());
        assertEquals("element 0 of tensors does not require grad and does not have a grad_fn", none.getMessage());
        Tensor x = leaf(1, 2);
        IllegalStateException vector = assertThrows(IllegalStateException.class, x::backward);
        assertEquals("grad can be implicitly created only for scalar outputs", vector.getMessage());
        x.backward(Torch.tensor(new float[] {0.5f, 2}));
        assertArrayEquals(new float[] {0.5f, 2}, x.grad().toFloatArray());
        assertNull(Torch.tensor(new float[] {1}).grad());
    }

    @Test
    void noGradIsPerThreadAndNests() throws Exception {
        assertTrue(GradMode.isEnabled());
        try (NoGrad outer = NoGrad.enter()) {
            assertFalse(GradMode.isEnabled());
            Thread other = new Thread(() -> assertTrue(GradMode.isEnabled()));
            other.start();
            other.join();
            try (NoGrad inner = NoGrad.enter()) {
                assertFalse(GradMode.isEnabled());
            }
            assertFalse(GradMode.isEnabled());
        }
        assertTrue(GradMode.isEnabled());
    }

    @Test
    void inPlaceWritesIntoTensorsThatRequireGradAreRefused() {
        Tensor x = leaf(1, 2);
        IllegalStateException leafError = assertThrows(IllegalStateException.class, () -> x.mul_(Scalar.of(2)));
        assertEquals("a leaf Variable that requires grad is being used in an in-place operation.", leafError.getMessage());
        assertArrayEquals(new float[] {1, 2}, x.toFloatArray(), "untouched");
        try (NoGrad g = NoGrad.enter()) {
            x.mul_(Scalar.of(2));
        }
        assertArrayEquals(new float[] {2, 4}, x.toFloatArray());
    }
}
