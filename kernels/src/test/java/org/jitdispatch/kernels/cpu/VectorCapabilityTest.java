package org.jitdispatch.kernels.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jitdispatch.Torch;
import org.junit.jupiter.api.Test;

/**
 * The test JVM started with {@code --add-modules jdk.incubator.vector} (kernels' surefire execution
 * {@code vector-kernels}) runs the vector kernels, so the vector property tests and the golden tests that run
 * there exercise them rather than the scalar fallback.
 */
class VectorCapabilityTest {
    @Test
    void thisJvmRunsTheVectorKernels() {
        assertTrue(ModuleLayer.boot().findModule(CpuCapability.VECTOR_MODULE).isPresent(),
                "the vector test JVM must run with --add-modules " + CpuCapability.VECTOR_MODULE);
        assertEquals(CpuCapability.VECTOR, CpuCapability.current());
        assertEquals("VECTOR", Torch.get_cpu_capability());
        assertNotNull(VectorKernels.floatPackedGemm());
        assertNotNull(VectorKernels.floatBlockSum());
        assertNotNull(VectorKernels.floatActivationLoops());
    }
}
