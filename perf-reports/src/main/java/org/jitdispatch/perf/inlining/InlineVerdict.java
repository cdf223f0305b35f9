package org.jitdispatch.perf.inlining;

import java.util.List;

/**
 * Whether a benchmark's whole claimed chain was inlined into its compiled code. When not, the first
 * link that was not inlined, the call edge HotSpot decided on, and HotSpot's reason.
 */
public record InlineVerdict(String benchmark, boolean inlined, List<String> chain, String failedLink,
                            String failedEdge, String reason, int compileId) {

    static InlineVerdict ok(String benchmark, List<String> chain, int compileId) {
        return new InlineVerdict(benchmark, true, chain, null, null, null, compileId);
    }

    static InlineVerdict notInlined(String benchmark, List<String> chain, String link, String edge, String reason,
                                    int compileId) {
        return new InlineVerdict(benchmark, false, chain, link, edge, reason, compileId);
    }

    /** One line: {@code INLINED benchmark} or {@code NOT INLINED benchmark: caller -> callee (reason)}. */
    public String describe() {
        if (inlined) {
            return "INLINED      " + benchmark + "  [" + String.join(" -> ", chain) + "]";
        }
        return "NOT INLINED  " + benchmark + ": " + failedLink + " is not inlined"
                + (failedEdge == null ? "" : " at " + failedEdge) + " (" + reason + ")";
    }
}
