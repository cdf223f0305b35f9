package org.jitdispatch.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StackProfileTest {
    private static final String HARNESS = "java/lang/Thread.run_[0];org/openjdk/jmh/runner/BenchmarkHandler$BenchmarkTask.call_[0];";
    private static final List<String> LINES = List.of(
            HARNESS + "org/x/B_direct_jmhTest.direct_avgt_jmhStub_[j];org/x/B.direct_[i];org/x/K.add_[i] 6",
            HARNESS + "org/x/B_direct_jmhTest.direct_avgt_jmhStub_[j];org/x/B.direct_[i];org/x/K.meta_[i] 3",
            HARNESS + "org/x/B_direct_jmhTest.direct_avgt_jmhStub_[j] 1",
            "C2CompilerThread;C2Compiler::compile_method 10");

    @Test
    void cutsTheHarnessAboveTheStubAndKeepsOtherThreadsWhole() {
        StackProfile p = StackProfile.parse(LINES);
        assertEquals(20, p.totalSamples());
        StackProfile.Frame stub = p.root().child("org/x/B_direct_jmhTest.direct_avgt_jmhStub_[j]");
        assertNotNull(stub, "the stub is the benchmark's first frame");
        assertNull(p.root().child("java/lang/Thread.run_[0]"), "harness frames are dropped");
        assertEquals(10, stub.total());
        assertEquals(1, stub.self());
        assertEquals(9, stub.child("org/x/B.direct_[i]").total());
        assertEquals(10, p.root().child("C2CompilerThread").total());
        assertEquals(3, p.depth());
    }

    @Test
    void hiddenClassesAreNamedWithoutTheirAddressSoRunsLineUp() {
        StackProfile before = StackProfile.parse(List.of(
                "B_jmhTest.x_avgt_jmhStub_[j];org/x/Site_aten__add_Tensor.0x00007fd5dc1a0400.call_[i];K.add_[i] 4"));
        StackProfile after = StackProfile.parse(List.of(
                "B_jmhTest.x_avgt_jmhStub_[j];org/x/Site_aten__add_Tensor.0x00007f11aa2b0c00.call_[i];K.add_[i] 4"));
        List<String> path = List.of("B_jmhTest.x_avgt_jmhStub_[j]", "org/x/Site_aten__add_Tensor.call_[i]", "K.add_[i]");
        assertEquals(1.0, before.totalShare(path));
        assertEquals(1.0, after.totalShare(path));
    }

    @Test
    void sharesByFrameAndByPath() {
        StackProfile p = StackProfile.parse(LINES);
        Map<String, Double> self = p.selfShareByFrame();
        assertEquals(0.3, self.get("org/x/K.add_[i]"), 1e-12);
        assertEquals(0.5, self.get("C2Compiler::compile_method"), 1e-12);
        assertEquals(0.45, p.totalShare(List.of("org/x/B_direct_jmhTest.direct_avgt_jmhStub_[j]", "org/x/B.direct_[i]")),
                1e-12);
        assertEquals(0, p.totalShare(List.of("nowhere")));
        assertEquals(20, CollapsedStacks.sampleCount(LINES));
    }

    @Test
    void jmhProfilerDirectoriesMapToBenchmarkKeys() {
        assertEquals("AddCallPathBenchmark.direct size=1",
                CollapsedStacks.keyOfJmhDir("org.jitdispatch.bench.AddCallPathBenchmark.direct-AverageTime-size-1"));
        assertEquals("ViewCallPathBenchmark.boxed",
                CollapsedStacks.keyOfJmhDir("org.jitdispatch.bench.ViewCallPathBenchmark.boxed-AverageTime"));
        assertEquals("AddCallPathBenchmark.direct-size-1.collapsed",
                CollapsedStacks.fileName("AddCallPathBenchmark.direct size=1"));
    }
}
