package org.jitdispatch.perf.inlining;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Decides from a recording whether a benchmark's chain is inlined: in the last C2 compilation of the
 * benchmark's JMH stub, each link must be reachable from the previous one through inlined calls
 * (MethodHandle plumbing and other frames may sit between links).
 */
public final class InlineChecker {
    private InlineChecker() {
    }

    /**
     * @param benchmarkClass the benchmark's class (qualified)
     * @param method         the benchmark method
     * @param chain          the claimed links, outermost first, as {@code Class.method}
     */
    public static InlineVerdict check(InliningRecording rec, String benchmarkClass, String method, List<String> chain) {
        String name = simpleName(benchmarkClass) + "." + method;
        String stubClass = benchmarkClass.substring(0, benchmarkClass.lastIndexOf('.')) + ".jmh_generated."
                + simpleName(benchmarkClass) + "_" + method + "_jmhTest";
        List<InliningRecording.Compilation> stubs = new ArrayList<>();
        for (String mode : new String[] {"avgt", "thrpt", "sample", "ss"}) {
            stubs.addAll(rec.c2CompilationsOf(stubClass, method + "_" + mode + "_jmhStub"));
        }
        List<String> links = new ArrayList<>();
        links.add(benchmarkClass + "." + method);
        links.addAll(chain);
        if (stubs.isEmpty()) {
            return InlineVerdict.notInlined(name, links, links.get(0), null,
                    "the benchmark's JMH stub was never compiled by C2; run longer", -1);
        }
        InliningRecording.Compilation last = stubs.get(stubs.size() - 1);
        List<InlineEdge> edges = rec.edges(last.id());
        String from = stubClass + "." + last.method().substring(last.method().lastIndexOf('.') + 1);
        for (String link : links) {
            String cls = link.substring(0, link.lastIndexOf('.'));
            String m = link.substring(link.lastIndexOf('.') + 1);
            if (!reachable(edges, from, cls, m)) {
                InlineEdge refused = firstRefused(edges, cls, m);
                if (refused != null) {
                    return InlineVerdict.notInlined(name, links, link, refused.caller() + " -> " + refused.callee(),
                            refused.reason(), last.id());
                }
                return InlineVerdict.notInlined(name, links, link, null,
                        "no call to it was compiled below " + from + " in compilation " + last.id(), last.id());
            }
            from = link;
        }
        return InlineVerdict.ok(name, links, last.id());
    }

    /** Whether {@code cls.method} is an inlined callee reachable from {@code from} through inlined edges. */
    private static boolean reachable(List<InlineEdge> edges, String from, String cls, String method) {
        Deque<String> todo = new ArrayDeque<>();
        Set<String> seen = new HashSet<>();
        todo.add(from);
        while (!todo.isEmpty()) {
            String caller = todo.poll();
            if (!seen.add(caller)) {
                continue;
            }
            String callerCls = caller.substring(0, caller.lastIndexOf('.'));
            String callerMethod = caller.substring(caller.lastIndexOf('.') + 1);
            for (InlineEdge e : edges) {
                if (e.inlined() && e.callerMatches(callerCls, callerMethod)) {
                    if (e.calleeMatches(cls, method)) {
                        return true;
                    }
                    todo.add(e.callee());
                }
            }
        }
        return false;
    }

    private static InlineEdge firstRefused(List<InlineEdge> edges, String cls, String method) {
        for (InlineEdge e : edges) {
            if (!e.inlined() && e.calleeMatches(cls, method)) {
                return e;
            }
        }
        return null;
    }

    private static String simpleName(String qualified) {
        return qualified.substring(qualified.lastIndexOf('.') + 1);
    }
}
