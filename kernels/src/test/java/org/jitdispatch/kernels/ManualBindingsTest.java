package org.jitdispatch.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.util.Set;
import java.util.stream.Collectors;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.jit.spin.CallSites;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.OperatorHandle;
import org.jitdispatch.runtime.profiler.Profiler;
import org.jitdispatch.runtime.profiler.ProfilerEvent;
import org.jitdispatch.runtime.profiler.ProfilerOptions;
import org.junit.jupiter.api.Test;

/** {@code _add_relu.Tensor} has manual_bindings: True; the generated API skips the dispatcher for it. */
class ManualBindingsTest {
    private static final MethodType ADD_RELU = MethodType.methodType(Tensor.class, Tensor.class, Tensor.class, Scalar.class);

    @Test
    void theGeneratedFunctionCallsTheCpuKernel() {
        Tensor r = Torch._add_relu(Torch.tensor(new float[] {1, -5, 2}), Torch.tensor(new float[] {1, 1, -3}));
        assertArrayEquals(new float[] {2, 0, 0}, r.toFloatArray());
    }

    @Test
    void aMetaTensorGetsAnErrorNamingTheOpAndTheFlag() {
        Tensor meta = Tensor.FACTORY.empty(new long[] {3}, ScalarType.Float32, Device.META);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Torch._add_relu(meta, meta));
        assertTrue(e.getMessage().startsWith("aten::_add_relu.Tensor has manual_bindings: True, so it calls its CPU"
                + " kernel directly and cannot take the meta tensor passed as 'self'"), e.getMessage());
    }

    /** The seed's Test A: the bypassed call is not in the profile; the same operator through the dispatcher is. */
    @Test
    void aManualBindingsCallIsNotProfiledButTheSameOperatorThroughTheDispatcherIs() throws Throwable {
        AtenLibrary.load();
        OperatorHandle op = Dispatcher.singleton().findSchemaOrThrow("aten::_add_relu.Tensor");
        MethodHandle dispatched = CallSites.of(Dispatcher.singleton()).invoker(op, ADD_RELU);
        Tensor a = Torch.tensor(new float[] {1, 2});
        Tensor b = Torch.tensor(new float[] {3, -4});
        Set<String> bypassed;
        Set<String> throughDispatcher;
        try (Profiler prof = Profiler.start(ProfilerOptions.defaults())) {
            Torch._add_relu(a, b);
            Torch.add(a, b);
            prof.stop();
            bypassed = prof.events().stream().map(ProfilerEvent::name).collect(Collectors.toSet());
            assertFalse(prof.keyAverages().table("cpu_time_total", -1).contains("aten::_add_relu"));
        }
        try (Profiler prof = Profiler.start(ProfilerOptions.defaults())) {
            Tensor r = (Tensor) dispatched.invokeExact(a, b, Scalar.of(1));
            assertArrayEquals(new float[] {4, 0}, r.toFloatArray());
            prof.stop();
            throughDispatcher = prof.events().stream().map(ProfilerEvent::name).collect(Collectors.toSet());
        }
        assertEquals(Set.of("aten::add"), bypassed);
        assertEquals(Set.of("aten::_add_relu"), throughDispatcher);
    }
}
