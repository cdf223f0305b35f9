package org.jitdispatch.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reading a claimed chain off async-profiler's annotated frames. */
class ProfiledChainTest {
    private static final List<String> SPUN_ADD = List.of("org.jitdispatch.bench.AddCallPathBenchmark.spunCallSite",
            "org.jitdispatch.Torch.add", "Site_aten__add_Tensor.call", "RegisterCPU.wrapper_CPU_add_Tensor");

    @Test
    void aRealProfileOfTheSpunCallSiteShowsEveryLinkInlined() throws IOException {
        StackProfile p = ReportData.load(ReportFixtures.dir("after")).stacks().get("AddCallPathBenchmark.spunCallSite size=1");
        List<ProfiledChain.Link> links = ProfiledChain.of(List.of(p), SPUN_ADD);
        assertTrue(ProfiledChain.allInlined(links), ProfiledChain.describe(links));
        assertTrue(ProfiledChain.describe(links).contains("Site_aten__add_Tensor.call_[i] → RegisterCPU.wrapper_CPU_add_Tensor_[i]"));
        links.forEach(l -> assertTrue(l.samples() > 0, l.toString()));
    }

    @Test
    void aSeparatelyCompiledLinkIsSeenAsSuchWhateverItsShareOfSamples() {
        StackProfile p = StackProfile.parse(List.of(
                "B_jmhTest.spunCallSite_avgt_jmhStub_[j];org/jitdispatch/bench/AddCallPathBenchmark.spunCallSite_[i];"
                        + "org/jitdispatch/Torch.add_[i];org/jitdispatch/jit/spin/Site_aten__add_Tensor.0x00007f00.call_[j];"
                        + "org/jitdispatch/kernels/generated/RegisterCPU.wrapper_CPU_add_Tensor_[i] 30",
                "B_jmhTest.spunCallSite_avgt_jmhStub_[j];org/jitdispatch/bench/AddCallPathBenchmark.spunCallSite_[i];"
                        + "org/jitdispatch/Torch.add_[i];org/jitdispatch/jit/spin/Site_aten__add_Tensor.0x00007f00.call_[i] 10"));
        List<ProfiledChain.Link> links = ProfiledChain.of(List.of(p), SPUN_ADD);
        assertEquals("j", links.get(2).annotation());
        assertEquals(40, links.get(2).samples());
        assertFalse(ProfiledChain.allInlined(links));
        assertTrue(ProfiledChain.describe(links).contains("Site_aten__add_Tensor.call_[j]"));
    }

    @Test
    void aLinkWithNoSampleSaysSo() {
        StackProfile p = StackProfile.parse(List.of("B_jmhTest.x_jmhStub_[j];org/jitdispatch/Torch.add_[i] 5"));
        List<ProfiledChain.Link> links = ProfiledChain.of(List.of(p), List.of("org.jitdispatch.Torch.add", "RegisterCPU.wrapper_CPU_add_Tensor"));
        assertNull(links.get(1).annotation());
        assertEquals("org.jitdispatch.Torch.add_[i] → RegisterCPU.wrapper_CPU_add_Tensor (not sampled)", ProfiledChain.describe(links));
        assertFalse(ProfiledChain.allInlined(links));
    }

    @Test
    void theInliningTableShowsTheProfilesWitness() throws IOException {
        String html = InliningSection.render(ReportData.load(ReportFixtures.dir("after")));
        assertTrue(html.contains("<th>async-profiler frames</th>"));
        // the fixture's JFR run ended before C2 compiled the stub, while the profile saw the chain inlined
        assertTrue(html.contains("RegisterCPU.wrapper_CPU_add_Tensor_[i] (DISAGREES with JFR)"), html);
        assertTrue(html.contains("no profile in this run"), "view has no stacks in the fixture");
    }
}
