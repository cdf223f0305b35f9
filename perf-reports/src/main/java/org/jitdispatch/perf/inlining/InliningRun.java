package org.jitdispatch.perf.inlining;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** One benchmark run with its inlining recorded, turned into a verdict on its claimed chain. */
public final class InliningRun {
    private InliningRun() {
    }

    /**
     * Runs {@code benchmark} ({@code package.Class.method}) through {@code runner} with {@code jvmArgs} and
     * checks {@code chain} in the recording; files are named after {@code label}.
     */
    public static InlineVerdict verdict(BenchmarkProcess runner, String benchmark, List<String> chain, String label,
                                        List<String> jvmArgs) throws IOException, InterruptedException {
        var jfr = runner.runRecorded(benchmark, label, new ArrayList<>(jvmArgs));
        String cls = benchmark.substring(0, benchmark.lastIndexOf('.'));
        String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
        return InlineChecker.check(InliningRecording.read(jfr), cls, method, chain);
    }

    /** {@code org.x.AddCallPathBenchmark.direct} -> {@code AddCallPathBenchmark.direct}, for file names. */
    public static String label(String benchmark) {
        return benchmark.substring(benchmark.lastIndexOf('.', benchmark.lastIndexOf('.') - 1) + 1);
    }
}
