package org.jitdispatch.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.profiler.Profiler;
import org.jitdispatch.runtime.profiler.ProfilerEvent;
import org.jitdispatch.runtime.profiler.ProfilerOptions;
import org.junit.jupiter.api.Test;

/**
 * Runs only in the kernels module's {@code bypass} test execution, a JVM started with
 * {@code -Djitdispatch.bypass=add.Tensor}: add goes straight to its CPU kernel, mul still dispatches.
 */
class BypassPropertyTest {
    @Test
    void theListedOperatorSkipsTheDispatcherAndTheProfiler() {
        assertEquals("add.Tensor", System.getProperty("jitdispatch.bypass"), "run by the bypass execution only");
        Tensor a = Torch.tensor(new float[] {1, 2});
        Tensor b = Torch.tensor(new float[] {3, 4});
        List<String> events;
        try (Profiler prof = Profiler.start(ProfilerOptions.defaults())) {
            assertArrayEquals(new float[] {4, 6}, Torch.add(a, b).toFloatArray());
            assertArrayEquals(new float[] {3, 8}, Torch.mul(a, b).toFloatArray());
            prof.stop();
            events = prof.events().stream().map(ProfilerEvent::name).collect(Collectors.toList());
        }
        assertEquals(List.of("aten::mul"), events);
        Tensor meta = Tensor.FACTORY.empty(new long[] {2}, ScalarType.Float32, Device.META);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Torch.add(meta, meta));
        assertTrue(e.getMessage().contains("-Djitdispatch.bypass"), e.getMessage());
        assertEquals(ScalarType.Float32, Torch.mul(meta, meta).dtype(), "mul still dispatches to Meta");
    }
}
