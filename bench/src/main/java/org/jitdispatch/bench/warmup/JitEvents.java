package org.jitdispatch.bench.warmup;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedObject;
import jdk.jfr.consumer.RecordingFile;

/**
 * The JIT's side of a warm-up run from JFR: deoptimizations ({@code jdk.Deoptimization}: where the
 * uncommon trap was hit, why, and what HotSpot did about it) and compilations ({@code jdk.Compilation}, every
 * one, not only the slow ones JFR's default settings keep; for C2 also the time each took, and the longest),
 * counted per interval of the run and in total,
 * and the garbage collector's pauses per interval ({@code jdk.GarbageCollection}), which explain some dips.
 */
final class JitEvents {
    static final String DEOPTIMIZATION = "jdk.Deoptimization";
    static final String COMPILATION = "jdk.Compilation";
    static final String GC = "jdk.GarbageCollection";
    private static final Pattern HIDDEN_SUFFIX = Pattern.compile("[/+]0x[0-9a-fA-F]+(\\.\\d+)?$");

    /** How many deoptimized methods the result names: the most deoptimized during the run, then in all. */
    static final int TOP = 10;

    /** A recording of just these two events, started now and written to {@code file} when stopped. */
    static Recording start(Path file) throws IOException {
        Recording r = new Recording();
        r.setName("jitdispatch-warmup");
        r.enable(DEOPTIMIZATION).withoutStackTrace();
        r.enable(COMPILATION).withThreshold(Duration.ZERO);
        r.enable(GC);
        r.setToDisk(true);
        r.setDestination(file);
        r.start();
        return r;
    }

    /** One trap location's deoptimizations: all of them, those during the run, and all by "reason/action". */
    record Deoptimized(String method, int count, int duringRun, Map<String, Integer> reasons) {
    }

    /**
     * One C2 compilation: the method compiled (with what it inlined), how long it took (wall time of the
     * compiler thread, which a busy machine stretches), when it started, whether on-stack replacement, and
     * the sizes of its code and of the bytecode it inlined.
     */
    record Compiled(String method, double millis, double atSeconds, boolean osr, long codeSize, long inlinedBytes) {
    }

    final int[] deoptsPerInterval;
    final int[] compilationsPerInterval;
    final int[] c2CompilationsPerInterval;
    final double[] c2MillisPerInterval;
    final double[] gcPauseMillisPerInterval;
    int deoptsTotal;
    int deoptsBeforeRun;
    int deoptsDuringRun;
    int compilationsTotal;
    int compilationsDuringRun;
    int c2CompilationsDuringRun;
    double c2MillisDuringRun;
    /** The longest C2 compilations during the run, longest first. */
    final List<Compiled> compiled = new ArrayList<>();
    final Map<String, Integer> deoptsByReason = new LinkedHashMap<>();
    final List<Deoptimized> topDeoptimized = new ArrayList<>();

    /**
     * Reads {@code jfr} and puts each event in the interval it happened in: {@code starts} and {@code ends}
     * are seconds after {@code runStart}; events before the first interval count as "before the run" (the
     * library's loading and the operands' creation), events after the last are only in the totals.
     */
    JitEvents(Path jfr, Instant runStart, double[] starts, double[] ends) throws IOException {
        int n = starts.length;
        deoptsPerInterval = new int[n];
        compilationsPerInterval = new int[n];
        c2CompilationsPerInterval = new int[n];
        c2MillisPerInterval = new double[n];
        gcPauseMillisPerInterval = new double[n];
        Map<String, Map<String, Integer>> byMethod = new HashMap<>();
        Map<String, Integer> countByMethod = new HashMap<>();
        Map<String, Integer> runCountByMethod = new HashMap<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(jfr)) {
            String type = e.getEventType().getName();
            double t = Duration.between(runStart, e.getStartTime()).toNanos() / 1e9;
            int interval = intervalOf(t, starts, ends);
            if (type.equals(GC)) {
                if (interval >= 0) {
                    gcPauseMillisPerInterval[interval] += e.getDuration("sumOfPauses").toNanos() / 1e6;
                }
            } else if (type.equals(DEOPTIMIZATION)) {
                deoptsTotal++;
                if (t < 0) {
                    deoptsBeforeRun++;
                } else if (interval >= 0) {
                    deoptsDuringRun++;
                    deoptsPerInterval[interval]++;
                }
                String reason = text(e, "reason") + "/" + text(e, "action");
                deoptsByReason.merge(reason, 1, Integer::sum);
                String method = methodName(e.getValue("method"));
                countByMethod.merge(method, 1, Integer::sum);
                runCountByMethod.merge(method, interval >= 0 ? 1 : 0, Integer::sum);
                byMethod.computeIfAbsent(method, k -> new HashMap<>()).merge(reason, 1, Integer::sum);
            } else if (type.equals(COMPILATION)) {
                compilationsTotal++;
                boolean c2 = e.getInt("compileLevel") == 4;
                if (interval >= 0) {
                    compilationsDuringRun++;
                    compilationsPerInterval[interval]++;
                    if (c2) {
                        double millis = e.getDuration().toNanos() / 1e6;
                        c2CompilationsDuringRun++;
                        c2CompilationsPerInterval[interval]++;
                        c2MillisPerInterval[interval] += millis;
                        c2MillisDuringRun += millis;
                        compiled.add(new Compiled(methodName(e.getValue("method")), millis, t, e.getBoolean("isOsr"),
                                longOr(e, "codeSize"), longOr(e, "inlinedBytes")));
                    }
                }
            }
        }
        compiled.sort(Comparator.comparingDouble(Compiled::millis).reversed());
        if (compiled.size() > TOP) {
            compiled.subList(TOP, compiled.size()).clear();
        }
        sortByCount(deoptsByReason);
        // the run's own deoptimizations first: those before it belong to loading the library
        countByMethod.keySet().stream()
                .sorted(Comparator.<String>comparingInt(runCountByMethod::get).reversed()
                        .thenComparing(Comparator.<String>comparingInt(countByMethod::get).reversed())
                        .thenComparing(Comparator.naturalOrder()))
                .limit(TOP)
                .forEach(m -> {
                    Map<String, Integer> reasons = new LinkedHashMap<>(byMethod.get(m));
                    sortByCount(reasons);
                    topDeoptimized.add(new Deoptimized(m, countByMethod.get(m), runCountByMethod.get(m), reasons));
                });
    }

    private static long longOr(RecordedObject e, String field) {
        return e.hasField(field) ? e.getLong(field) : -1;
    }

    /** A string field, whether JFR gives it as a string or as a one-field constant (as some JDKs do). */
    private static String text(RecordedObject e, String field) {
        Object v = e.getValue(field);
        if (v instanceof RecordedObject o && o.getFields().size() == 1) {
            v = o.getValue(o.getFields().get(0).getName());
        }
        return String.valueOf(v);
    }

    private static int intervalOf(double t, double[] starts, double[] ends) {
        for (int i = 0; i < starts.length; i++) {
            if (t >= starts[i] && t < ends[i]) {
                return i;
            }
        }
        return -1;
    }

    /**
     * {@code Class.method}; a hidden class's per-instance suffix ({@code Site_aten__add_Tensor/0x...}, or
     * {@code LambdaForm$MH+0x....123} as JDK 17's JFR writes it) is dropped, so that the spun call sites of
     * one operator count together.
     */
    static String methodName(RecordedMethod m) {
        if (m == null) {
            return "(unknown)";
        }
        return className(m.getType().getName()) + "." + m.getName();
    }

    static String className(String jfrName) {
        return HIDDEN_SUFFIX.matcher(jfrName).replaceFirst("");
    }

    private static void sortByCount(Map<String, Integer> map) {
        List<Map.Entry<String, Integer>> entries = new ArrayList<>(map.entrySet());
        entries.sort(Map.Entry.<String, Integer>comparingByValue(Comparator.reverseOrder())
                .thenComparing(Map.Entry.comparingByKey()));
        map.clear();
        entries.forEach(e -> map.put(e.getKey(), e.getValue()));
    }
}
