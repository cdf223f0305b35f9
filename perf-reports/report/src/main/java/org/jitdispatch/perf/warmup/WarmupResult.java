package org.jitdispatch.perf.warmup;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A warm-up run as {@code org.jitdispatch.bench.warmup.MixedWarmup} wrote it (its JSON, format 1): the
 * throughput of a fresh JVM per interval, the summary numbers, and JFR's deoptimizations and compilations.
 * A number the run could not compute (no interval after the 2 s mark, say) is null. {@code settled} says
 * whether the last third of the run was steady (three in four of its intervals within 20% of its median);
 * when it was not, steady is an underestimate.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record WarmupResult(int format, Jvm jvm, String startedAt, double seconds, int intervalMillis, Workload workload,
                           Double steadyOpsPerSecond, Boolean settled, Double timeToSteadySeconds, double markSeconds, double steadyBand,
                           Double lowestAfterMarkFraction, Double lowestAfterMarkAtSeconds, int dipsAfterMark,
                           Intervals intervals, Deoptimizations deoptimizations, Compilations compilations) {
    /** The format this reader understands. */
    public static final int FORMAT = 1;
    /** The dip target: no interval after the mark below this fraction of steady. */
    public static final double DIP_FLOOR = 0.5;

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Jvm(String name, String vendor, String version, List<String> arguments, int cores) {
        /** "OpenJDK 64-Bit Server VM 17.0.15+6-Debian-1deb12u1". */
        public String describe() {
            return name + " " + version;
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Workload(List<String> dtypes, List<String> operators, long opsPerRound, Double setupMillis,
                           Double jvmStartToFirstRoundMillis) {
    }

    /** Per-interval series, all of one length. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Intervals(List<Double> startSeconds, List<Double> endSeconds, List<Long> rounds, List<Double> opsPerSecond,
                            List<Integer> deoptimizations, List<Integer> compilations, List<Integer> c2Compilations,
                            List<Double> c2CompileMillis, List<Double> gcPauseMillis, List<Double> cpuShare) {
        public int size() {
            return opsPerSecond.size();
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Deoptimizations(int total, int beforeRun, int duringRun, Map<String, Integer> byReason,
                                  List<DeoptimizedMethod> topMethods) {
    }

    /**
     * Where uncommon traps were hit ({@code Class.method}), how often (in all, and during the run rather than
     * while the library loaded), and why ("reason/action").
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record DeoptimizedMethod(String method, int count, int duringRun, Map<String, Integer> reasons) {
    }

    /** Compilations in all and during the run; for C2, the compile time and the longest compilations. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Compilations(int total, int duringRun, int c2DuringRun, Double c2MillisDuringRun,
                               List<Compiled> longestC2) {
        public List<Compiled> longest() {
            return longestC2 == null ? List.of() : longestC2;
        }
    }

    /**
     * One C2 compilation: the method, its compiler thread's wall time (stretched on a busy machine), when it
     * started (seconds after the first round), whether on-stack replacement, its code size and the bytecode
     * it inlined (bytes; -1 when the JVM does not say).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Compiled(String method, double millis, double atSeconds, boolean osr, long codeSize, long inlinedBytes) {
    }

    /** One target and whether the run met it, with the number that decided. */
    public record Target(String name, boolean met, String detail) {
        public String verdict() {
            return met ? "PASS" : "MISS";
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** Reads and checks a warm-up JSON; any problem is an IOException naming the file, never a parser's trace. */
    public static WarmupResult read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IOException(file + ": no such warm-up result");
        }
        WarmupResult r;
        try {
            r = JSON.readValue(file.toFile(), WarmupResult.class);
        } catch (IOException e) {
            throw new IOException(file + " is not a warm-up result: " + firstLine(e.getMessage()));
        }
        String problem = r.problem();
        if (problem != null) {
            throw new IOException(file + " is not a warm-up result: " + problem);
        }
        return r;
    }

    private String problem() {
        if (format != FORMAT) {
            return "format " + format + ", expected " + FORMAT;
        }
        if (jvm == null || workload == null || intervals == null || deoptimizations == null || compilations == null) {
            return "jvm, workload, intervals, deoptimizations and compilations are required";
        }
        Intervals i = intervals;
        if (i.opsPerSecond() == null || i.opsPerSecond().isEmpty()) {
            return "no intervals";
        }
        int n = i.size();
        for (List<?> series : new List<?>[] {i.startSeconds(), i.endSeconds(), i.deoptimizations()}) {
            if (series == null || series.size() != n) {
                return "the interval series differ in length";
            }
        }
        if (i.opsPerSecond().contains(null) || i.startSeconds().contains(null) || i.endSeconds().contains(null)) {
            return "an interval without its time or throughput";
        }
        return null;
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unreadable";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    /**
     * The targets: within 20% of steady by the mark (2 s), and no interval after it below half of steady.
     * Without an interval after the mark the second cannot be met: the run was too short to say. Neither can
     * be met by a run that did not settle: its steady is an underestimate, so reaching it early, or not
     * dipping far below it, proves nothing.
     */
    public List<Target> targets() {
        List<Target> t = new ArrayList<>();
        String mark = seconds(markSeconds);
        String unsettled = notSettled() ? "; the run did not settle, so steady is an underestimate" : "";
        boolean reached = timeToSteadySeconds != null && timeToSteadySeconds <= markSeconds + 1e-9;
        t.add(new Target(String.format(Locale.ROOT, "within %.0f%% of steady after %s", steadyBand * 100, mark),
                reached && !notSettled(),
                (timeToSteadySeconds == null ? "never reached" : "reached at " + at(timeToSteadySeconds)) + unsettled));
        String name = String.format(Locale.ROOT, "no %d ms interval after %s below %.1fx steady", intervalMillis, mark, DIP_FLOOR);
        if (lowestAfterMarkFraction == null) {
            t.add(new Target(name, false, "no interval after " + mark + ": the run was too short"));
        } else {
            t.add(new Target(name, lowestAfterMarkFraction >= DIP_FLOOR && !notSettled(), String.format(Locale.ROOT,
                    "lowest %.2fx at %s", lowestAfterMarkFraction, at(lowestAfterMarkAtSeconds)) + unsettled));
        }
        return t;
    }

    /** Whether the run says its last third was not steady (older runs do not say). */
    public boolean notSettled() {
        return Boolean.FALSE.equals(settled);
    }

    /** One line per target: "  PASS  within 20% of steady after 2 s (reached at 1.75 s)". */
    public String verdicts() {
        StringBuilder sb = new StringBuilder();
        for (Target t : targets()) {
            sb.append("  ").append(t.verdict()).append("  ").append(t.name()).append(" (").append(t.detail()).append(")\n");
        }
        return sb.toString();
    }

    /** The median share of an interval the measuring thread spent on a CPU, or null when not recorded. */
    public Double medianCpuShare() {
        if (intervals.cpuShare() == null || intervals.cpuShare().isEmpty() || intervals.cpuShare().contains(null)) {
            return null;
        }
        List<Double> v = new ArrayList<>(intervals.cpuShare());
        v.sort(null);
        int n = v.size();
        return n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2;
    }

    /** The GC's pauses over the run, in ms (0 when the run did not record them). */
    public double gcPauseMillis() {
        return intervals.gcPauseMillis() == null ? 0
                : intervals.gcPauseMillis().stream().mapToDouble(d -> d == null ? 0 : d).sum();
    }

    /** The few lines a person reads: what ran, the summary numbers, the most deoptimized methods. */
    public String summary() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "warm-up: %s, %d cores; %d operators x %d dtypes (%d ops a round), %s in %d ms"
                        + " intervals%n", jvm.describe(), jvm.cores(), workload.operators().size(), workload.dtypes().size(),
                workload.opsPerRound(), seconds(seconds), intervalMillis));
        sb.append(String.format(Locale.ROOT, "  steady            %s ops/s (median of the last third)%s%n",
                steadyOpsPerSecond == null ? "-" : String.format(Locale.ROOT, "%,.0f", steadyOpsPerSecond),
                notSettled() ? "; NOT settled, so an underestimate: run longer" : ""));
        sb.append(String.format(Locale.ROOT, "  time to steady    %s (end of the first interval at %.0f%% of steady or more)%n",
                timeToSteadySeconds == null ? "never" : at(timeToSteadySeconds), (1 - steadyBand) * 100));
        sb.append(String.format(Locale.ROOT, "  lowest after %s  %s; %d interval(s) below %.1fx%n", seconds(markSeconds),
                lowestAfterMarkFraction == null ? "no interval"
                        : String.format(Locale.ROOT, "%.2fx steady at %s", lowestAfterMarkFraction, at(lowestAfterMarkAtSeconds)),
                dipsAfterMark, 1 - steadyBand));
        sb.append(String.format(Locale.ROOT, "  deoptimizations   %d (%d before the first round, %d during the run)%n",
                deoptimizations.total(), deoptimizations.beforeRun(), deoptimizations.duringRun()));
        sb.append(String.format(Locale.ROOT, "  compilations      %d during the run, %d by C2%s; GC pauses %.0f ms%n",
                compilations.duringRun(), compilations.c2DuringRun(), compilations.c2MillisDuringRun() == null ? ""
                        : String.format(Locale.ROOT, " taking %.1f s", compilations.c2MillisDuringRun() / 1000),
                gcPauseMillis()));
        Double cpu = medianCpuShare();
        if (cpu != null) {
            sb.append(String.format(Locale.ROOT, "  on a CPU          %.0f%% of the time (median over the intervals; the rest"
                    + " went to the JIT's threads, the GC and other processes)%n", cpu * 100));
        }
        List<Compiled> longest = compilations.longest();
        if (!longest.isEmpty()) {
            sb.append("  longest C2 compilations (ms, started at; method; code size)\n");
            for (Compiled k : longest.subList(0, Math.min(3, longest.size()))) {
                sb.append(String.format(Locale.ROOT, "    %4.0f  %5.2f s  %s%s  %,d B%n", k.millis(), k.atSeconds(),
                        k.method(), k.osr() ? " (OSR)" : "", k.codeSize()));
            }
        }
        List<DeoptimizedMethod> top = deoptimizations.topMethods() == null ? List.of() : deoptimizations.topMethods();
        if (!top.isEmpty()) {
            sb.append("  most deoptimized (count, during the run; trap location; reason/action count)\n");
            for (DeoptimizedMethod m : top.subList(0, Math.min(5, top.size()))) {
                sb.append(String.format(Locale.ROOT, "    %4d %4d  %s  %s%n", m.count(), m.duringRun(), m.method(),
                        reasons(m.reasons())));
            }
        }
        return sb.toString();
    }

    /** "class_check/maybe_recompile 3, unstable_if/reinterpret 1". */
    public static String reasons(Map<String, Integer> reasons) {
        if (reasons == null || reasons.isEmpty()) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        reasons.forEach((k, v) -> parts.add(k + " " + v));
        return String.join(", ", parts);
    }

    /** A measured time: "6.00 s". */
    public static String at(double s) {
        return String.format(Locale.ROOT, "%.2f s", s);
    }

    /** A chosen duration: "2 s", "0.5 s". */
    public static String seconds(double s) {
        return s == Math.rint(s) ? String.format(Locale.ROOT, "%.0f s", s) : s + " s";
    }
}
