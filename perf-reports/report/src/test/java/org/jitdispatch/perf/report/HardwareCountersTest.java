package org.jitdispatch.perf.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HardwareCountersTest {
    @Test
    void notSupportedCountersAreUnavailableEvenThoughPerfExitsZero() {
        String output = """
                 Performance counter stats for 'true':

                   <not supported>      instructions
                   <not supported>      cycles

                       0.001669898 seconds time elapsed
                """;
        HardwareCounters c = HardwareCounters.fromPerfStat(0, output);
        assertFalse(c.available());
        assertTrue(c.explanation().contains("<not supported>"), c.explanation());
    }

    @Test
    void countedInstructionsAndCyclesAreAvailable() {
        String output = """
                 Performance counter stats for 'true':

                           512,345      instructions:u            #    0.61  insn per cycle
                           838,012      cycles:u
                """;
        assertTrue(HardwareCounters.fromPerfStat(0, output).available());
    }

    @Test
    void aFailingPerfIsUnavailable() {
        HardwareCounters c = HardwareCounters.fromPerfStat(255, "perf_event_open(..., PERF_FLAG_FD_CLOEXEC) failed");
        assertFalse(c.available());
        assertTrue(c.explanation().contains("exit 255"), c.explanation());
    }
}
