package org.jitdispatch.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.OperatorHandle;
import org.junit.jupiter.api.Test;

/** The -Djitdispatch.bypass handle: the CPU kernel itself, refusing tensors of other devices. */
class BypassTest {
    private static final MethodType VIEW = MethodType.methodType(Tensor.class, Tensor.class, long[].class);

    @Test
    void bypassedHandleCallsTheCpuKernel() throws Throwable {
        AtenLibrary.load();
        OperatorHandle view = Dispatcher.singleton().findSchemaOrThrow("aten::view");
        MethodHandle direct = Bypass.handle(view, VIEW);
        Tensor t = Torch.tensor(new float[] {1, 2, 3, 4}, 2, 2);
        Tensor v = (Tensor) direct.invokeExact(t, new long[] {4});
        assertArrayEquals(new long[] {4}, v.sizes());
    }

    @Test
    void aNonCpuTensorGetsAnErrorNamingTheOpAndTheFlag() {
        AtenLibrary.load();
        OperatorHandle view = Dispatcher.singleton().findSchemaOrThrow("aten::view");
        MethodHandle direct = Bypass.handle(view, VIEW);
        Tensor meta = Tensor.FACTORY.empty(new long[] {2, 2}, ScalarType.Float32, Device.META);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> { Tensor r = (Tensor) direct.invokeExact(meta, new long[] {4}); });
        assertEquals("aten::view has manual_bindings: True, so it calls its CPU kernel directly and cannot take the meta"
                + " tensor passed as 'self'; remove manual_bindings (or the operator from -Djitdispatch.bypass) to dispatch"
                + " on the tensor's device", e.getMessage());
    }
}
