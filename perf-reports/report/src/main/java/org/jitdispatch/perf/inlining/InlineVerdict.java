package org.jitdispatch.perf.inlining;

import java.util.List;

/**
 * Whether a benchmark's whole claimed chain was inlined into its compiled code. When not, the first
 * link that was not inlined, the call edge HotSpot decided on, and HotSpot's reason. A verdict on a
 * declared negative control ({@code @InlineChain(inlined = false)}) says so: it is right when not inlined.
 */
public record InlineVerdict(String benchmark, boolean inlined, List<String> chain, String failedLink,
                            String failedEdge, String reason, int compileId, boolean negativeControl) {

    public InlineVerdict(String benchmark, boolean inlined, List<String> chain, String failedLink,
                         String failedEdge, String reason, int compileId) {
        this(benchmark, inlined, chain, failedLink, failedEdge, reason, compileId, false);
    }

    static InlineVerdict ok(String benchmark, List<String> chain, int compileId) {
        return new InlineVerdict(benchmark, true, chain, null, null, null, compileId);
    }

    static InlineVerdict notInlined(String benchmark, List<String> chain, String link, String edge, String reason,
                                    int compileId) {
        return new InlineVerdict(benchmark, false, chain, link, edge, reason, compileId);
    }

    /** The same verdict on a chain declared as a negative control. */
    public InlineVerdict asNegativeControl() {
        return new InlineVerdict(benchmark, inlined, chain, failedLink, failedEdge, reason, compileId, true);
    }

    /** Whether the verdict is what the claim says: inlined, or for a negative control not inlined. */
    public boolean asClaimed() {
        return inlined != negativeControl;
    }

    /** One line: {@code INLINED benchmark} or {@code NOT INLINED benchmark: caller -> callee (reason)}. */
    public String describe() {
        String line = inlined ? "INLINED      " + benchmark + "  [" + String.join(" -> ", chain) + "]"
                : "NOT INLINED  " + benchmark + ": " + failedLink + " is not inlined"
                + (failedEdge == null ? "" : " at " + failedEdge) + " (" + reason + ")";
        if (!negativeControl) {
            return line;
        }
        return line + (inlined ? "  FAILED: a negative control (@InlineChain(inlined = false)) must not be inlined"
                : "  (negative control: not inlined, as declared)");
    }
}
