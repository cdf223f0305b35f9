package org.jitdispatch.perf.inlining;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jitdispatch.perf.report.ProfiledChain;
import org.junit.jupiter.api.Test;

/** How inline-check weighs its two witnesses: JFR's verdict and the profile's frame annotations. */
class WitnessesTest {
    private static final List<String> CHAIN = List.of("org.jitdispatch.Torch.add", "Site_aten__add_Tensor.call");

    private static InliningRun.Witnesses witnesses(boolean jfrInlined, String... annotations) {
        InlineVerdict v = jfrInlined ? InlineVerdict.ok("AddCallPathBenchmark.spunCallSite", CHAIN, 1)
                : InlineVerdict.notInlined("AddCallPathBenchmark.spunCallSite", CHAIN, "Site_aten__add_Tensor.call",
                        "a -> b", "disallowed by CompileCommand", 1);
        List<ProfiledChain.Link> links = List.of(new ProfiledChain.Link(CHAIN.get(0), annotations[0], 10),
                new ProfiledChain.Link(CHAIN.get(1), annotations[1], annotations[1] == null ? 0 : 10));
        return new InliningRun.Witnesses(v, links);
    }

    @Test
    void bothSayingInlinedAgree() {
        InliningRun.Witnesses w = witnesses(true, "i", "i");
        assertTrue(w.agree());
        assertEquals("async-profiler: org.jitdispatch.Torch.add_[i] → Site_aten__add_Tensor.call_[i] (agrees)",
                w.describeProfile());
    }

    @Test
    void bothSayingNotInlinedAgree() {
        assertTrue(witnesses(false, "i", "j").agree());
    }

    @Test
    void aSeparatelyCompiledLinkThatJfrCallsInlinedDisagrees() {
        InliningRun.Witnesses w = witnesses(true, "i", "j");
        assertFalse(w.agree());
        assertTrue(w.describeProfile().endsWith("(DISAGREES with JFR)"));
    }

    @Test
    void aLinkWithoutSamplesIsNoAgreement() {
        assertFalse(witnesses(true, "i", null).agree());
        assertEquals("async-profiler: no stacks from this run", new InliningRun.Witnesses(
                InlineVerdict.ok("x", CHAIN, 1), List.of()).describeProfile());
    }
}
