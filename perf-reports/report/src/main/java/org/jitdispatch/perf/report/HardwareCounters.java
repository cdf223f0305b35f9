package org.jitdispatch.perf.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Whether this machine counts instructions and cycles ({@code perf stat -e instructions,cycles true}). perf
 * exits 0 even when the counters are missing and prints {@code <not supported>} instead of a count, so
 * the output is read, not just the exit status.
 *
 * @param available   whether JMH's {@code -prof perfnorm} can report instructions and cycles per op
 * @param explanation what perf said, for the report
 */
public record HardwareCounters(boolean available, String explanation) {

    public static HardwareCounters probe() throws InterruptedException {
        List<String> cmd = List.of("perf", "stat", "-e", "instructions,cycles", "true");
        String output;
        int exit;
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new HardwareCounters(false, "perf stat did not finish");
            }
            exit = p.exitValue();
        } catch (IOException e) {
            return new HardwareCounters(false, "perf is not installed (" + e.getMessage() + ")");
        }
        return fromPerfStat(exit, output);
    }

    /** The verdict from perf stat's exit status and output. */
    static HardwareCounters fromPerfStat(int exit, String output) {
        if (exit != 0) {
            return new HardwareCounters(false, "perf stat failed (exit " + exit + ")");
        }
        if (output.contains("<not supported>") || output.contains("<not counted>")) {
            return new HardwareCounters(false, "perf stat -e instructions,cycles: <not supported> (no hardware"
                    + " performance counters, as in most virtual machines)");
        }
        if (!output.contains("instructions") || !output.contains("cycles")) {
            return new HardwareCounters(false, "perf stat printed no instruction or cycle counts");
        }
        return new HardwareCounters(true, "perf stat counts instructions and cycles");
    }
}
