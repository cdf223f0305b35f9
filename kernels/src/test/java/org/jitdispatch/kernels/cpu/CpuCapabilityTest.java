package org.jitdispatch.kernels.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jitdispatch.Torch;
import org.junit.jupiter.api.Test;

/**
 * The capability switch, and the default test JVM's part: it runs without {@code --add-modules
 * jdk.incubator.vector}, so the whole default test run shows that the library works without the module, on
 * the scalar kernels ({@code VectorCapabilityTest} is the other JVM's part).
 */
class CpuCapabilityTest {
    @Test
    void theVectorKernelsNeedTheModule() {
        assertEquals(CpuCapability.DEFAULT, CpuCapability.decide(false, null));
        assertEquals(CpuCapability.DEFAULT, CpuCapability.decide(false, "vector"));
        assertEquals(CpuCapability.DEFAULT, CpuCapability.decide(false, "default"));
    }

    @Test
    void withTheModuleThePropertyCanOnlyTurnThemOff() {
        assertEquals(CpuCapability.VECTOR, CpuCapability.decide(true, null));
        assertEquals(CpuCapability.VECTOR, CpuCapability.decide(true, ""));
        assertEquals(CpuCapability.VECTOR, CpuCapability.decide(true, " Vector "));
        assertEquals(CpuCapability.DEFAULT, CpuCapability.decide(true, "default"));
        assertEquals(CpuCapability.DEFAULT, CpuCapability.decide(true, "DEFAULT"));
    }

    @Test
    void anUnknownValueIsIgnored() {
        assertEquals(CpuCapability.VECTOR, CpuCapability.decide(true, "avx512"));
        assertEquals(CpuCapability.DEFAULT, CpuCapability.decide(false, "avx512"));
    }

    @Test
    void thisJvmRunsTheScalarKernels() {
        assertTrue(ModuleLayer.boot().findModule(CpuCapability.VECTOR_MODULE).isEmpty(),
                "the default test JVM must run without the vector module");
        assertEquals(CpuCapability.DEFAULT, CpuCapability.current());
        assertEquals("DEFAULT", Torch.get_cpu_capability());
        assertNull(VectorKernels.floatPackedGemm());
        assertNull(VectorKernels.floatBlockSum());
        assertNull(VectorKernels.floatActivationLoops());
    }

    @Test
    void float64HasNoVectorKernels() {
        assertNull(VectorKernels.doublePackedGemm());
        assertNull(VectorKernels.doubleBlockSum());
    }
}
