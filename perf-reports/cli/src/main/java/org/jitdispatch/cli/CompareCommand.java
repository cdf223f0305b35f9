package org.jitdispatch.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.jitdispatch.perf.compare.ComparedRun;
import org.jitdispatch.perf.compare.ComparisonTable;
import org.jitdispatch.perf.compare.GateLimits;
import org.jitdispatch.perf.compare.GateResult;
import org.jitdispatch.perf.compare.MarkdownSummary;
import org.jitdispatch.perf.compare.RegressionGate;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code compare BEFORE AFTER}: two saved JMH runs side by side, and a regression gate for CI. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compares two JMH runs saved as JSON (-rf json -rff FILE, or a report directory with"
                + " results.json): per benchmark the scores, the change, the allocation per operation (with -prof gc)"
                + " and whether the change is beyond the noise (JMH's 99.9%% confidence intervals do not overlap).",
                "As a gate, fails when a benchmark is slower beyond the noise by more than --max-slowdown, when its"
                        + " allocation per operation grew by more than --max-alloc-growth (when both runs measured it),"
                        + " or, for two report directories, when a benchmark's inlining chain was inlined before"
                        + " and is not now. Benchmarks in only one run are listed, not judged."},
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:no regression (or --report-only)", "1:a regression, or no benchmark in common",
                "2:bad input (a file that is no JMH result, bad options)"})
final class CompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BEFORE", description = "The baseline run.")
    Path before;

    @Parameters(index = "1", paramLabel = "AFTER", description = "The run to compare with it.")
    Path after;

    @Option(names = "--max-slowdown", paramLabel = "PCT", defaultValue = "5",
            description = "How much slower, beyond the noise, a benchmark may get, in percent (default: ${DEFAULT-VALUE}).")
    double maxSlowdown;

    @Option(names = "--max-alloc-growth", paramLabel = "BYTES", defaultValue = "0",
            description = "How many more bytes per operation a benchmark may allocate (default: ${DEFAULT-VALUE}).")
    double maxAllocGrowth;

    @Option(names = "--report-only", description = "Print the comparison and exit 0 whatever it shows.")
    boolean reportOnly;

    @Option(names = "--markdown", paramLabel = "FILE", description = "Also write the comparison as Markdown"
            + " (for a CI job summary or a pull-request comment).")
    Path markdown;

    @Override
    public Integer call() throws IOException {
        GateLimits limits;
        try {
            limits = new GateLimits(maxSlowdown, maxAllocGrowth);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        if (markdown != null) {
            try {
                InputFiles.requireWritableFile("--markdown", markdown);
            } catch (BadInputException e) {
                throw new CommandException(e.getMessage());
            }
        }
        GateResult result;
        try {
            result = RegressionGate.judge(ComparedRun.read(before), ComparedRun.read(after), limits);
        } catch (IOException | IllegalArgumentException e) {
            // a file that is no JMH result, or runs measured in different units: bad input, exit 2
            throw new CommandException(e.getMessage());
        }
        boolean enforced = !reportOnly;
        System.out.print(ComparisonTable.render(result, enforced));
        if (markdown != null) {
            Path parent = markdown.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(markdown, MarkdownSummary.render(result, enforced), StandardCharsets.UTF_8);
        }
        return enforced && !result.passed() ? 1 : 0;
    }
}
