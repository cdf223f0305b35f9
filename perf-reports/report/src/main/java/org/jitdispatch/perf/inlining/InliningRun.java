package org.jitdispatch.perf.inlining;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.jitdispatch.perf.report.ProfiledChain;
import org.jitdispatch.perf.report.StackProfile;

/** One benchmark run with its inlining recorded, turned into a verdict on its claimed chain. */
public final class InliningRun {
    /**
     * JFR's verdict, and the chain as async-profiler's samples annotated it (empty when the run was not
     * profiled).
     */
    public record Witnesses(InlineVerdict verdict, List<ProfiledChain.Link> profiled) {
        /** Whether the samples saw every link, and saw them inlined exactly when JFR says so. */
        public boolean agree() {
            return !profiled.isEmpty() && profiled.stream().allMatch(l -> l.annotation() != null)
                    && ProfiledChain.allInlined(profiled) == verdict.inlined();
        }

        /** The profile's line: the links with their annotations, and whether they agree with JFR. */
        public String describeProfile() {
            if (profiled.isEmpty()) {
                return "async-profiler: no stacks from this run";
            }
            return "async-profiler: " + ProfiledChain.describe(profiled) + (agree() ? " (agrees)" : " (DISAGREES with JFR)");
        }
    }

    private InliningRun() {
    }

    /**
     * Runs {@code benchmark} ({@code package.Class.method}) through {@code runner} with {@code jvmArgs} and
     * checks {@code chain} in the recording; files are named after {@code label}.
     */
    public static InlineVerdict verdict(BenchmarkProcess runner, String benchmark, List<String> chain, String label,
                                        List<String> jvmArgs) throws IOException, InterruptedException {
        return witnesses(runner, benchmark, chain, label, jvmArgs).verdict();
    }

    /** Like {@link #verdict}, with the profile's view of the chain when {@code runner} profiles. */
    public static Witnesses witnesses(BenchmarkProcess runner, String benchmark, List<String> chain, String label,
                                      List<String> jvmArgs) throws IOException, InterruptedException {
        BenchmarkProcess.Recorded run = runner.runRecorded(benchmark, label, new ArrayList<>(jvmArgs));
        String cls = benchmark.substring(0, benchmark.lastIndexOf('.'));
        String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
        InlineVerdict verdict = InlineChecker.check(InliningRecording.read(run.jfr()), cls, method, chain);
        List<ProfiledChain.Link> profiled = run.collapsedStacks() == null ? List.of()
                : ProfiledChain.of(List.of(StackProfile.read(run.collapsedStacks())), chain);
        return new Witnesses(verdict, profiled);
    }

    /** {@code org.x.AddCallPathBenchmark.direct} -> {@code AddCallPathBenchmark.direct}, for file names. */
    public static String label(String benchmark) {
        return benchmark.substring(benchmark.lastIndexOf('.', benchmark.lastIndexOf('.') - 1) + 1);
    }
}
