package org.jitdispatch.bench.warmup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jitdispatch.kernels.AtenLibrary;
import org.junit.jupiter.api.Test;

class MixedWorkloadTest {
    @Test
    void everyOperatorRunsOnEveryDtypeItIsGivenAndRoundsAreAlike() {
        AtenLibrary.load();
        MixedWorkload w = new MixedWorkload();
        MixedWorkload.Sink sink = new MixedWorkload.Sink();
        w.round(sink);
        long first = sink.ops;
        w.round(sink);
        // 37 calls per dtype, and mean on the two floating ones
        assertEquals(3 * 37 + 2, first);
        assertEquals(2 * first, sink.ops, "in-place operands keep their shapes and values");
        assertTrue(MixedWorkload.operatorNames().size() >= 20);
    }
}
