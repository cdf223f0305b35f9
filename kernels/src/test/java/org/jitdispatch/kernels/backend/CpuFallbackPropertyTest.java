package org.jitdispatch.kernels.backend;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Map;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.NotImplementedError;
import org.jitdispatch.runtime.dispatch.RegistrationHandle;
import org.junit.jupiter.api.Test;

/**
 * Runs in the kernels module's {@code cpu-fallback-error-mode} test execution, a JVM started with
 * {@code -Djitdispatch.cpuFallback=error}: the fallback starts in error mode without any call to setMode.
 * Skipped in other JVMs (a {@code -Dtest=CpuFallback*} run selects it there too).
 */
class CpuFallbackPropertyTest {
    @Test
    void thePropertyStartsTheFallbackInErrorMode() {
        assumeTrue("error".equals(System.getProperty(FallbackMode.PROPERTY)),
                "runs in the cpu-fallback-error-mode execution only");
        assertEquals(FallbackMode.ERROR, CpuFallback.mode());
        try (PrivateUse1TestBackend backend = PrivateUse1TestBackend.install();
             RegistrationHandle fallback = CpuFallback.register(Dispatcher.singleton(), DispatchKey.PrivateUse1)) {
            Tensor x = PrivateUse1TestBackend.tensor(new float[] {-1, 2});
            NotImplementedError e = assertThrows(NotImplementedError.class, () -> Torch.relu(x));
            assertTrue(e.getMessage().startsWith("'aten::relu' has no PrivateUse1 kernel"), e.getMessage());
            assertTrue(e.getMessage().contains("-Djitdispatch.cpuFallback=error"), e.getMessage());
            assertEquals(Map.of(), CpuFallback.counts());
            assertArrayEquals(new float[] {-2, 4}, Torch.add(x, x).toFloatArray(), "the backend's own add still runs");
        }
    }
}
