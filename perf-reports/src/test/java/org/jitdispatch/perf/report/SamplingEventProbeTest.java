package org.jitdispatch.perf.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SamplingEventProbeTest {
    /** On any Linux machine at least the timer-based events sample; the probe must pick one and say why. */
    @Test
    void choosesAnEventThatDeliversSamplesHere(@TempDir Path dir) throws Exception {
        AsyncProfilerLibrary lib = AsyncProfilerLibrary.unpack(dir.resolve("lib"));
        SamplingEvent e = SamplingEventProbe.choose(lib, dir);
        assertTrue(List.of("cpu", "ctimer", "itimer").contains(e.name()), e.name());
        assertTrue(e.explanation().startsWith(e.name()), e.explanation());
    }
}
