package org.jitdispatch.perf.inlining;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class InlineCheckerTest {
    private static final String BENCH = "org.jitdispatch.bench.AddCallPathBenchmark";
    private static final String STUB = "org.jitdispatch.bench.jmh_generated.AddCallPathBenchmark_spunCallSite_jmhTest";
    private static final String SITE = "org.jitdispatch.jit.spin.Site_aten__add_Tensor+0x00007f0011223344";
    private static final List<String> CHAIN = List.of("org.jitdispatch.Torch.add", "Site_aten__add_Tensor.call",
            "RegisterCPU.wrapper_CPU_add_Tensor");

    private static InlineEdge edge(int id, String caller, String callee, boolean inlined, String reason) {
        int c = caller.lastIndexOf('.');
        int d = callee.lastIndexOf('.');
        return new InlineEdge(id, caller.substring(0, c), caller.substring(c + 1), callee.substring(0, d),
                callee.substring(d + 1), inlined, reason, 0);
    }

    /** The stub's C2 compilation 7 with the whole path, the last edge decided by {@code last}. */
    private static InliningRecording recording(boolean lastInlined, String lastReason) {
        List<InlineEdge> edges = new ArrayList<>();
        edges.add(edge(7, STUB + ".spunCallSite_avgt_jmhStub", BENCH + ".spunCallSite", true, "force inline by CompileCommand"));
        edges.add(edge(7, BENCH + ".spunCallSite", "org.jitdispatch.Torch.add", true, "inline (hot)"));
        edges.add(edge(7, "org.jitdispatch.Torch.add", "java.lang.invoke.LambdaForm$MH+0x0000000800001.invokeExact_MT",
                true, "force inline by annotation"));
        edges.add(edge(7, "java.lang.invoke.LambdaForm$MH+0x0000000800001.invokeExact_MT",
                "java.lang.invoke.DirectMethodHandle$Holder.invokeStatic", true, "force inline by annotation"));
        edges.add(edge(7, "java.lang.invoke.DirectMethodHandle$Holder.invokeStatic", SITE + ".call", true, "inline (hot)"));
        edges.add(edge(7, SITE + ".call", "org.jitdispatch.kernels.generated.RegisterCPU.wrapper_CPU_add_Tensor",
                lastInlined, lastReason));
        List<InliningRecording.Compilation> compiles = List.of(
                new InliningRecording.Compilation(3, STUB + ".spunCallSite_avgt_jmhStub", 3, false, true),
                new InliningRecording.Compilation(7, STUB + ".spunCallSite_avgt_jmhStub", 4, false, true));
        return InliningRecording.of(edges, compiles);
    }

    @Test
    void aChainReachedThroughInlinedMethodHandlePlumbingIsInlined() {
        InlineVerdict v = InlineChecker.check(recording(true, "inline (hot)"), BENCH, "spunCallSite", CHAIN);
        assertTrue(v.inlined(), v.describe());
        assertEquals(7, v.compileId());
    }

    @Test
    void theFirstRefusedLinkIsNamedWithHotSpotsReason() {
        InlineVerdict v = InlineChecker.check(recording(false, "already compiled into a big method"), BENCH,
                "spunCallSite", CHAIN);
        assertFalse(v.inlined());
        assertEquals("RegisterCPU.wrapper_CPU_add_Tensor", v.failedLink());
        assertEquals("already compiled into a big method", v.reason());
        assertEquals("NOT INLINED  AddCallPathBenchmark.spunCallSite: RegisterCPU.wrapper_CPU_add_Tensor is not inlined at "
                + SITE + ".call -> org.jitdispatch.kernels.generated.RegisterCPU.wrapper_CPU_add_Tensor"
                + " (already compiled into a big method)", v.describe());
    }

    @Test
    void aLinkWithNoCallAtAllIsReported() {
        InlineVerdict v = InlineChecker.check(recording(true, "inline (hot)"), BENCH, "spunCallSite",
                List.of("org.jitdispatch.Torch.add", "Site_aten__mul_Tensor.call"));
        assertFalse(v.inlined());
        assertTrue(v.reason().startsWith("no call to it was compiled below org.jitdispatch.Torch.add"), v.reason());
    }

    @Test
    void aBenchmarkNeverCompiledByC2Fails() {
        InliningRecording none = InliningRecording.of(List.of(), List.of());
        InlineVerdict v = InlineChecker.check(none, BENCH, "spunCallSite", CHAIN);
        assertFalse(v.inlined());
        assertTrue(v.reason().contains("never compiled by C2"));
    }

    @Test
    void hiddenClassNamesMatchByPrefixAndJfrSpellingsAreUnified() {
        assertTrue(InlineEdge.classMatches(SITE, "Site_aten__add_Tensor"));
        assertFalse(InlineEdge.classMatches(SITE, "Site_aten__add"));
        assertTrue(InlineEdge.classMatches("org.jitdispatch.Torch", "Torch"));
        assertEquals("java.lang.invoke.LambdaForm$MH+0x00007fa844118800",
                InliningRecording.className("java/lang/invoke/LambdaForm$MH+0x00007fa844118800.48436380"));
        assertEquals("java.lang.invoke.LambdaForm$MH+0x00007fa844118800",
                InliningRecording.className("java/lang/invoke/LambdaForm$MH+0x00007fa844118800/48436380"));
    }

    /** JDK 25 names a caller's hidden class as Class.getName() does, a callee's (a string field) as before. */
    @Test
    void aCallersHiddenClassInJdk25sSpellingIsTheCalleesClass() {
        String caller = InliningRecording.className("org.jitdispatch.jit.spin.Site_aten__add_Tensor/0x000000002e1ecc00");
        String callee = InliningRecording.className("org/jitdispatch/jit/spin/Site_aten__add_Tensor+0x000000002e1ecc00");
        assertEquals("org.jitdispatch.jit.spin.Site_aten__add_Tensor+0x000000002e1ecc00", caller);
        assertEquals(callee, caller);
        assertEquals("java.lang.invoke.LambdaForm$MH+0x000000002e095400",
                InliningRecording.className("java.lang.invoke.LambdaForm$MH/0x000000002e095400"));
        assertEquals(callee, InliningRecording.className("org.jitdispatch.jit.spin.Site_aten__add_Tensor.0x000000002e1ecc00"),
                "as JDK 17's reader returns a JDK 25 recording's caller");
        assertEquals("org.jitdispatch.Torch", InliningRecording.className("org/jitdispatch/Torch"));
    }

    /** The whole chain of a JDK 25 recording read on JDK 17: the site's edges come from Site.0x... callers. */
    @Test
    void aChainRecordedByJdk25IsInlined() {
        String site = "org.jitdispatch.jit.spin.Site_aten__add_Tensor+0x000000002e1ecc00";
        List<InlineEdge> edges = new ArrayList<>();
        edges.add(edge(9, STUB + ".spunCallSite_avgt_jmhStub", BENCH + ".spunCallSite", true, "force inline by CompileCommand"));
        edges.add(edge(9, BENCH + ".spunCallSite", "org.jitdispatch.Torch.add", true, "inline (hot)"));
        edges.add(edge(9, "org.jitdispatch.Torch.add", "java.lang.invoke.DirectMethodHandle$Holder.invokeStatic", true,
                "force inline by annotation"));
        edges.add(edge(9, "java.lang.invoke.DirectMethodHandle$Holder.invokeStatic",
                InliningRecording.className("org/jitdispatch/jit/spin/Site_aten__add_Tensor+0x000000002e1ecc00") + ".call",
                true, "inline (hot)"));
        edges.add(edge(9, InliningRecording.className("org.jitdispatch.jit.spin.Site_aten__add_Tensor.0x000000002e1ecc00")
                + ".call", "org.jitdispatch.kernels.generated.RegisterCPU.wrapper_CPU_add_Tensor", true, "inline (hot)"));
        InliningRecording rec = InliningRecording.of(edges,
                List.of(new InliningRecording.Compilation(9, STUB + ".spunCallSite_avgt_jmhStub", 4, false, true)));
        InlineVerdict v = InlineChecker.check(rec, BENCH, "spunCallSite", CHAIN);
        assertTrue(v.inlined(), v.describe());
        assertEquals(site + ".call", edges.get(4).caller());
    }
}
