package org.jitdispatch.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.jitdispatch.perf.compare.Comparison;
import org.jitdispatch.perf.compare.JmhResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code compare BEFORE AFTER}: two saved JMH runs side by side. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compares two JMH runs saved as JSON (-rf json -rff FILE, or a directory with results.json):"
                + " per benchmark the ratio after/before and whether the change is beyond the noise (JMH's 99.9%"
                + " confidence intervals do not overlap)."})
final class CompareCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "BEFORE", description = "The baseline run.")
    Path before;

    @Parameters(index = "1", paramLabel = "AFTER", description = "The run to compare with it.")
    Path after;

    @Override
    public Integer call() {
        try {
            System.out.print(new Comparison(JmhResult.read(before), JmhResult.read(after)).table());
            return 0;
        } catch (IOException e) {
            System.err.println(e.getMessage());
            return 1;
        }
    }
}
