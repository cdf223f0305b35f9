package org.jitdispatch.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.jitdispatch.perf.jvm.BenchmarkJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SamplingEventProbeTest {
    /** On any Linux machine at least the timer-based events sample; the probe must pick one and say why. */
    @Test
    void choosesAnEventThatDeliversSamplesHere(@TempDir Path dir) throws Exception {
        AsyncProfilerLibrary lib = AsyncProfilerLibrary.unpack(dir.resolve("lib"));
        SamplingEvent e = SamplingEventProbe.choose(lib, dir, BenchmarkJvm.current());
        assertTrue(List.of("cpu", "ctimer", "itimer").contains(e.name()), e.name());
        assertTrue(e.explanation().startsWith(e.name()), e.explanation());
    }

    /** The busy process runs on the benchmarks' JVM with their flags. */
    @Test
    void theProbeRunsOnTheChosenJvmWithItsFlags(@TempDir Path dir) throws Exception {
        AsyncProfilerLibrary lib = AsyncProfilerLibrary.unpack(dir.resolve("lib"));
        BenchmarkJvm jdk25 = new BenchmarkJvm(Path.of("/opt/jdk-25/bin/java"), "25.0.3", "VM", "25.0.3+9",
                List.of("-Xmx2g", "-Dgreeting=hello world"));
        List<String> cmd = SamplingEventProbe.command(jdk25, lib, "ctimer", dir.resolve("s.collapsed"), "cp");
        assertEquals(List.of("/opt/jdk-25/bin/java", "-Xmx2g", "-Dgreeting=hello world"), cmd.subList(0, 3));
        assertEquals("-agentpath:" + lib.path() + "=start,event=ctimer,interval=1ms,collapsed,file="
                + dir.resolve("s.collapsed"), cmd.get(3));
        assertEquals(List.of("-cp", "cp", BusyLoop.class.getName(), "300"), cmd.subList(4, cmd.size()));
    }
}
