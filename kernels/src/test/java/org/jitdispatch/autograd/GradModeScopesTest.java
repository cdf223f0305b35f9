package org.jitdispatch.autograd;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code torch.enable_grad}, {@code torch.set_grad_enabled} and {@code torch.is_grad_enabled}, with no_grad. */
class GradModeScopesTest {
    private final Tensor w = Torch.tensor(new float[] {1, 2}).requiresGrad_(true);

    @AfterEach
    void gradientsOnAgain() {
        Torch.set_grad_enabled(true);
    }

    @Test
    void enableGradRecordsInsideNoGrad() {
        try (NoGrad outer = NoGrad.enter()) {
            assertFalse(Torch.is_grad_enabled());
            assertNull(w.mul(Scalar.of(2)).gradFn());
            try (EnableGrad inner = EnableGrad.enter()) {
                assertTrue(Torch.is_grad_enabled());
                Tensor y = w.mul(Scalar.of(2));
                assertNotNull(y.gradFn());
                y.sum().backward();
            }
            assertFalse(Torch.is_grad_enabled());
        }
        assertTrue(Torch.is_grad_enabled());
        org.junit.jupiter.api.Assertions.assertArrayEquals(new float[] {2, 2}, w.grad().toFloatArray());
    }

    @Test
    void setGradEnabledAsAFunctionAndAsAScope() {
        Torch.set_grad_enabled(false);
        assertNull(w.mul(Scalar.of(2)).gradFn());
        Torch.set_grad_enabled(true);
        assertNotNull(w.mul(Scalar.of(2)).gradFn());
        try (EnableGrad off = EnableGrad.enter(false)) {
            assertNull(w.mul(Scalar.of(2)).gradFn());
            off.close();
            off.close(); // twice is harmless
            assertTrue(Torch.is_grad_enabled());
        }
        assertTrue(Torch.is_grad_enabled());
    }

    @Test
    void theModeIsPerThread() throws Exception {
        try (EnableGrad off = EnableGrad.enter(false)) {
            boolean[] other = new boolean[1];
            Thread t = new Thread(() -> other[0] = Torch.is_grad_enabled());
            t.start();
            t.join();
            assertTrue(other[0]);
            assertFalse(Torch.is_grad_enabled());
        }
    }

    @Test
    void aScopeClosesOnItsOwnThreadOnly() throws Exception {
        EnableGrad scope = EnableGrad.enter(false);
        Throwable[] error = new Throwable[1];
        Thread t = new Thread(() -> error[0] = assertThrows(IllegalStateException.class, scope::close));
        t.start();
        t.join();
        assertNotNull(error[0]);
        scope.close();
        assertTrue(Torch.is_grad_enabled());
    }
}
