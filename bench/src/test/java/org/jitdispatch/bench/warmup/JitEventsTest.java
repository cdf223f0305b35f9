package org.jitdispatch.bench.warmup;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class JitEventsTest {
    @Test
    void hiddenClassesCountTogetherWhateverTheirInstance() {
        assertEquals("org.jitdispatch.jit.spin.Site_aten__add_Tensor",
                JitEvents.className("org.jitdispatch.jit.spin.Site_aten__add_Tensor/0x00000000941a4800"));
        assertEquals("java.lang.invoke.LambdaForm$MH",
                JitEvents.className("java.lang.invoke.LambdaForm$MH+0x00007fb0fc1f2000.1075803699"));
        assertEquals("java.util.HashMap", JitEvents.className("java.util.HashMap"));
    }
}
