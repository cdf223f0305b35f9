package org.jitdispatch.bench.warmup;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import jdk.jfr.Recording;
import org.jitdispatch.kernels.AtenLibrary;

/**
 * How fast a fresh JVM reaches steady speed on a mixed small-op workload ({@link MixedWorkload}: 33
 * operators over float32, float64 and int64, contiguous, strided and broadcast operands of 1 to 64 elements).
 * Not a JMH benchmark on purpose: JMH's warm-up iterations hide exactly what this measures.
 *
 * <p>The workload runs in a loop for {@code --seconds} (default 10); the operators completed in each
 * {@code --interval-ms} (default 250) give a throughput curve from the first call on. JFR records the JIT's
 * deoptimizations and compilations and the GC's pauses meanwhile (started here, so a plain {@code java}
 * command suffices), and they are counted per interval. So is the share of each interval the measuring
 * thread spent on a CPU: on a shared machine a dip with a low share is other work taking the core, not the
 * JIT (the compiler threads count as other work too). The result is one JSON file ({@code --out}, default
 * {@code warmup.json}; the recording beside it as {@code .jfr}) and a short summary on standard output:
 *
 * <pre>java -cp bench/target/benchmarks.jar org.jitdispatch.bench.warmup.MixedWarmup --seconds 10 --out warmup.json</pre>
 *
 * Exit status 0 after a run, 2 for bad arguments (with a message).
 */
public final class MixedWarmup {
    /** The JSON's format; a reader refuses others. */
    public static final int FORMAT = 1;

    private MixedWarmup() {
    }

    /** The options. */
    record Options(double seconds, int intervalMillis, Path out, Path jfr) {
        static Options parse(String... args) {
            double seconds = 10;
            int intervalMillis = 250;
            Path out = Path.of("warmup.json");
            Path jfr = null;
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                if (a.equals("-h") || a.equals("--help")) {
                    throw new IllegalArgumentException("");
                }
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("missing value after " + a);
                }
                String v = args[++i];
                switch (a) {
                    case "--seconds" -> seconds = number(a, v);
                    case "--interval-ms" -> intervalMillis = (int) number(a, v);
                    case "--out" -> out = Path.of(v);
                    case "--jfr" -> jfr = Path.of(v);
                    default -> throw new IllegalArgumentException("unknown option " + a);
                }
            }
            if (!(seconds > 0 && seconds <= 3600)) {
                throw new IllegalArgumentException("--seconds must be above 0 and at most 3600, not " + seconds);
            }
            if (intervalMillis < 10 || intervalMillis > seconds * 1000) {
                throw new IllegalArgumentException("--interval-ms must be between 10 and the run's length, not "
                        + intervalMillis);
            }
            if (jfr == null) {
                String name = out.getFileName().toString();
                jfr = out.resolveSibling((name.endsWith(".json") ? name.substring(0, name.length() - 5) : name) + ".jfr");
            }
            return new Options(seconds, intervalMillis, out, jfr);
        }

        private static double number(String option, String value) {
            try {
                return Double.parseDouble(value);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + " takes a number, not '" + value + "'");
            }
        }
    }

    static final String USAGE = "usage: MixedWarmup [--seconds S (10)] [--interval-ms N (250)] [--out FILE (warmup.json)]"
            + " [--jfr FILE (beside --out)]";

    public static void main(String[] args) throws Exception {
        Options o;
        try {
            o = Options.parse(args);
        } catch (IllegalArgumentException e) {
            if (!e.getMessage().isEmpty()) {
                System.err.println("MixedWarmup: " + e.getMessage());
            }
            System.err.println(USAGE);
            System.exit(e.getMessage().isEmpty() ? 0 : 2);
            return;
        }
        Path parent = o.out().toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Map<String, Object> result = run(o);
        Files.writeString(o.out(), Json.write(result));
        System.out.print(summary(result));
        System.out.println("warm-up: " + o.out().toAbsolutePath().normalize() + " (recording " + o.jfr() + ")");
    }

    /** The measured intervals, as the loop saw them. */
    private record Measured(double start, double end, long rounds, long ops, double cpuShare) {
    }

    private static Map<String, Object> run(Options o) throws IOException {
        Recording recording = JitEvents.start(o.jfr());
        long setupStart = System.nanoTime();
        AtenLibrary.load();
        MixedWorkload workload = new MixedWorkload();
        MixedWorkload.Sink sink = new MixedWorkload.Sink();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long setupNanos = System.nanoTime() - setupStart;

        long intervalNanos = o.intervalMillis() * 1_000_000L;
        long durationNanos = Math.round(o.seconds() * 1e9);
        List<Measured> measured = new ArrayList<>();
        Instant runStart = Instant.now();
        long start = System.nanoTime();
        long intervalStart = start;
        long boundary = start + intervalNanos;
        long end = start + durationNanos;
        long rounds = 0;
        long opsAtIntervalStart = 0;
        long cpuAtIntervalStart = threads.getCurrentThreadCpuTime();
        while (true) {
            workload.round(sink);
            rounds++;
            long now = System.nanoTime();
            if (now >= boundary) {
                long cpu = threads.getCurrentThreadCpuTime();
                measured.add(new Measured((intervalStart - start) / 1e9, (now - start) / 1e9, rounds,
                        sink.ops - opsAtIntervalStart, (cpu - cpuAtIntervalStart) / (double) (now - intervalStart)));
                rounds = 0;
                opsAtIntervalStart = sink.ops;
                cpuAtIntervalStart = cpu;
                intervalStart = now;
                while (boundary <= now) {
                    boundary += intervalNanos;
                }
                if (now >= end) {
                    break;
                }
            }
        }
        recording.stop();
        recording.close();
        long checksum = sink.checksum();

        double[] starts = measured.stream().mapToDouble(Measured::start).toArray();
        double[] ends = measured.stream().mapToDouble(Measured::end).toArray();
        JitEvents jit = new JitEvents(o.jfr(), runStart, starts, ends);
        List<WarmupSummary.Interval> curve = new ArrayList<>();
        for (Measured m : measured) {
            curve.add(new WarmupSummary.Interval(m.start(), m.end(), m.ops() / (m.end() - m.start())));
        }
        WarmupSummary s = WarmupSummary.of(curve);

        Map<String, Object> r = new LinkedHashMap<>();
        r.put("format", FORMAT);
        r.put("benchmark", "mixed small-op warm-up");
        r.put("jvm", jvm());
        r.put("startedAt", runStart.toString());
        r.put("seconds", o.seconds());
        r.put("intervalMillis", o.intervalMillis());
        Map<String, Object> w = new LinkedHashMap<>();
        w.put("dtypes", MixedWorkload.DTYPES.stream().map(t -> t.name().toLowerCase(Locale.ROOT)).toList());
        w.put("operators", List.copyOf(MixedWorkload.operatorNames()));
        long totalRounds = measured.stream().mapToLong(Measured::rounds).sum();
        w.put("opsPerRound", totalRounds == 0 ? 0 : sink.ops / totalRounds);
        w.put("setupMillis", setupNanos / 1e6);
        w.put("jvmStartToFirstRoundMillis", jvmStartToRun(runStart));
        w.put("checksum", checksum);
        r.put("workload", w);
        r.put("steadyOpsPerSecond", s.steadyOpsPerSecond());
        r.put("settled", s.settled());
        r.put("timeToSteadySeconds", s.timeToSteadySeconds());
        r.put("markSeconds", WarmupSummary.MARK_SECONDS);
        r.put("steadyBand", WarmupSummary.BAND);
        r.put("lowestAfterMarkFraction", s.lowestAfterMarkFraction());
        r.put("lowestAfterMarkAtSeconds", s.lowestAfterMarkAtSeconds());
        r.put("dipsAfterMark", s.dipsAfterMark());
        Map<String, Object> iv = new LinkedHashMap<>();
        iv.put("startSeconds", box(starts));
        iv.put("endSeconds", box(ends));
        iv.put("rounds", measured.stream().map(Measured::rounds).toList());
        iv.put("opsPerSecond", curve.stream().map(WarmupSummary.Interval::opsPerSecond).toList());
        iv.put("deoptimizations", box(jit.deoptsPerInterval));
        iv.put("compilations", box(jit.compilationsPerInterval));
        iv.put("c2Compilations", box(jit.c2CompilationsPerInterval));
        iv.put("c2CompileMillis", box(jit.c2MillisPerInterval));
        iv.put("gcPauseMillis", box(jit.gcPauseMillisPerInterval));
        iv.put("cpuShare", measured.stream().map(Measured::cpuShare).toList());
        r.put("intervals", iv);
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("total", jit.deoptsTotal);
        d.put("beforeRun", jit.deoptsBeforeRun);
        d.put("duringRun", jit.deoptsDuringRun);
        d.put("byReason", jit.deoptsByReason);
        List<Object> top = new ArrayList<>();
        for (JitEvents.Deoptimized m : jit.topDeoptimized) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("method", m.method());
            e.put("count", m.count());
            e.put("duringRun", m.duringRun());
            e.put("reasons", m.reasons());
            top.add(e);
        }
        d.put("topMethods", top);
        r.put("deoptimizations", d);
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("total", jit.compilationsTotal);
        c.put("duringRun", jit.compilationsDuringRun);
        c.put("c2DuringRun", jit.c2CompilationsDuringRun);
        c.put("c2MillisDuringRun", jit.c2MillisDuringRun);
        List<Object> longest = new ArrayList<>();
        for (JitEvents.Compiled k : jit.compiled) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("method", k.method());
            e.put("millis", k.millis());
            e.put("atSeconds", k.atSeconds());
            e.put("osr", k.osr());
            e.put("codeSize", k.codeSize());
            e.put("inlinedBytes", k.inlinedBytes());
            longest.add(e);
        }
        c.put("longestC2", longest);
        r.put("compilations", c);
        r.put("recording", o.jfr().toAbsolutePath().normalize().toString());
        return r;
    }

    private static Map<String, Object> jvm() {
        Map<String, Object> j = new LinkedHashMap<>();
        j.put("name", System.getProperty("java.vm.name"));
        j.put("vendor", System.getProperty("java.vm.vendor"));
        j.put("version", System.getProperty("java.runtime.version"));
        j.put("home", System.getProperty("java.home"));
        j.put("arguments", ManagementFactory.getRuntimeMXBean().getInputArguments());
        j.put("cores", Runtime.getRuntime().availableProcessors());
        return j;
    }

    private static Object jvmStartToRun(Instant runStart) {
        return ProcessHandle.current().info().startInstant()
                .map(t -> (Object) (Duration.between(t, runStart).toNanos() / 1e6)).orElse(null);
    }

    private static List<Double> box(double[] values) {
        List<Double> l = new ArrayList<>(values.length);
        for (double v : values) {
            l.add(v);
        }
        return l;
    }

    private static List<Integer> box(int[] values) {
        List<Integer> l = new ArrayList<>(values.length);
        for (int v : values) {
            l.add(v);
        }
        return l;
    }

    /** The few lines a person reads after a run. */
    @SuppressWarnings("unchecked")
    static String summary(Map<String, Object> r) {
        Map<String, Object> jvm = (Map<String, Object>) r.get("jvm");
        Map<String, Object> w = (Map<String, Object>) r.get("workload");
        Map<String, Object> d = (Map<String, Object>) r.get("deoptimizations");
        Map<String, Object> c = (Map<String, Object>) r.get("compilations");
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "warm-up of %d operators x %d dtypes (%s ops a round) on %s %s, %s s in %d ms"
                        + " intervals%n", ((List<?>) w.get("operators")).size(), ((List<?>) w.get("dtypes")).size(),
                w.get("opsPerRound"), jvm.get("name"), jvm.get("version"), r.get("seconds"), (Integer) r.get("intervalMillis")));
        sb.append(String.format(Locale.ROOT, "  steady: %,.0f ops/s (median of the last third%s)%n",
                (Double) r.get("steadyOpsPerSecond"), (Boolean) r.get("settled") ? "" : "; NOT settled: run longer"));
        sb.append(String.format(Locale.ROOT, "  within 20%% of steady after %.2f s%n", (Double) r.get("timeToSteadySeconds")));
        sb.append(String.format(Locale.ROOT, "  lowest interval after 2 s: %.2fx steady at %.2f s; %d interval(s) below 0.8x%n",
                (Double) r.get("lowestAfterMarkFraction"), (Double) r.get("lowestAfterMarkAtSeconds"),
                (Integer) r.get("dipsAfterMark")));
        sb.append(String.format(Locale.ROOT, "  deoptimizations: %d (%d before the first round, %d during the run);"
                        + " compilations during the run: %d (%d by C2, %.1f s of C2 time)%n", (Integer) d.get("total"),
                (Integer) d.get("beforeRun"), (Integer) d.get("duringRun"), (Integer) c.get("duringRun"),
                (Integer) c.get("c2DuringRun"), (Double) c.get("c2MillisDuringRun") / 1000));
        List<Map<String, Object>> top = (List<Map<String, Object>>) d.get("topMethods");
        for (Map<String, Object> m : top.subList(0, Math.min(5, top.size()))) {
            sb.append(String.format(Locale.ROOT, "    %4d (%d during the run)  %s  %s%n", (Integer) m.get("count"),
                    (Integer) m.get("duringRun"), m.get("method"), m.get("reasons")));
        }
        return sb.toString();
    }
}
