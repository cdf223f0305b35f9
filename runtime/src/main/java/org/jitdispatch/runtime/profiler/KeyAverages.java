package org.jitdispatch.runtime.profiler;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Per-operator statistics of a session (PyTorch's key_averages()): number of calls, total time (the
 * call and everything under it) and self time (total minus the calls made from inside it), printed by
 * {@link #table} in PyTorch's layout.
 */
public final class KeyAverages {
    /** One row: an operator (and, when grouped by shape, one combination of input shapes). */
    public record Row(String name, String inputShapes, long count, long totalNs, long selfNs) {
        public long averageNs() {
            return count == 0 ? 0 : totalNs / count;
        }
    }

    private final List<Row> rows;
    private final boolean groupedByShape;

    private KeyAverages(List<Row> rows, boolean groupedByShape) {
        this.rows = rows;
        this.groupedByShape = groupedByShape;
    }

    static KeyAverages of(List<ProfilerEvent> events, boolean groupByInputShape) {
        long[] selfNs = selfTimes(events);
        Map<String, long[]> acc = new LinkedHashMap<>();
        Map<String, String[]> keys = new LinkedHashMap<>();
        for (int i = 0; i < events.size(); i++) {
            ProfilerEvent e = events.get(i);
            String shapes = groupByInputShape ? formatShapes(e.inputShapes()) : "";
            String key = e.name() + "\u0000" + shapes;
            long[] a = acc.computeIfAbsent(key, k -> new long[3]);
            keys.putIfAbsent(key, new String[] {e.name(), shapes});
            a[0]++;
            a[1] += e.durationNs();
            a[2] += selfNs[i];
        }
        List<Row> rows = new ArrayList<>();
        acc.forEach((k, a) -> rows.add(new Row(keys.get(k)[0], keys.get(k)[1], a[0], a[1], a[2])));
        return new KeyAverages(List.copyOf(rows), groupByInputShape);
    }

    /** Each event's duration minus its direct children's durations (children are on the same thread). */
    private static long[] selfTimes(List<ProfilerEvent> events) {
        long[] self = new long[events.size()];
        int threadStart = 0;
        for (int i = 0; i < events.size(); i++) {
            if (i > 0 && events.get(i).threadId() != events.get(i - 1).threadId()) {
                threadStart = i;
            }
            ProfilerEvent e = events.get(i);
            self[i] += e.durationNs();
            if (e.parent() >= 0) {
                self[threadStart + e.parent()] -= e.durationNs();
            }
        }
        return self;
    }

    public List<Row> rows() {
        return rows;
    }

    /** Sum of every row's self time: the footer of the table. */
    public long selfTimeTotalNs() {
        return rows.stream().mapToLong(Row::selfNs).sum();
    }

    /**
     * The table, sorted descending by {@code sortBy} (PyTorch's keys: {@code self_cpu_time_total},
     * {@code cpu_time_total}, {@code cpu_time} (average), {@code count}), at most {@code rowLimit} rows
     * (all when negative).
     */
    public String table(String sortBy, int rowLimit) {
        List<Row> sorted = new ArrayList<>(rows);
        sorted.sort(comparator(sortBy).reversed());
        if (rowLimit >= 0 && sorted.size() > rowLimit) {
            sorted = sorted.subList(0, rowLimit);
        }
        long selfTotal = selfTimeTotalNs();
        long totalOfAll = selfTotal; // percentages are of the self time total, as in PyTorch
        int nameWidth = Math.min(55, Math.max(4, sorted.stream().mapToInt(r -> r.name().length()).max().orElse(4)) + 4);
        int shapesWidth = groupedByShape
                ? Math.min(80, Math.max(12, sorted.stream().mapToInt(r -> r.inputShapes().length()).max().orElse(12)) + 4) : 0;
        List<Integer> widths = new ArrayList<>(List.of(nameWidth, 12, 12, 12, 12, 12, 12));
        List<String> headers = new ArrayList<>(List.of("Name", "Self CPU %", "Self CPU", "CPU total %", "CPU total",
                "CPU time avg", "# of Calls"));
        if (groupedByShape) {
            widths.add(shapesWidth);
            headers.add("Input Shapes");
        }
        StringBuilder sb = new StringBuilder();
        String rule = rule(widths);
        sb.append(rule).append(line(headers, widths)).append(rule);
        for (Row r : sorted) {
            List<String> cells = new ArrayList<>(List.of(
                    truncate(r.name(), nameWidth - 4),
                    percent(r.selfNs(), totalOfAll),
                    time(r.selfNs()),
                    percent(r.totalNs(), totalOfAll),
                    time(r.totalNs()),
                    time(r.averageNs()),
                    Long.toString(r.count())));
            if (groupedByShape) {
                cells.add(truncate(r.inputShapes(), shapesWidth - 4));
            }
            sb.append(line(cells, widths));
        }
        sb.append(rule);
        sb.append("Self CPU time total: ").append(time(selfTotal)).append('\n');
        return sb.toString();
    }

    @Override
    public String toString() {
        return table("cpu_time_total", -1);
    }

    private static Comparator<Row> comparator(String sortBy) {
        switch (sortBy) {
            case "self_cpu_time_total":
                return Comparator.comparingLong(Row::selfNs);
            case "cpu_time_total":
                return Comparator.comparingLong(Row::totalNs);
            case "cpu_time":
                return Comparator.comparingLong(Row::averageNs);
            case "count":
                return Comparator.comparingLong(Row::count);
            default:
                throw new IllegalArgumentException("Unknown sort key '" + sortBy
                        + "'; use self_cpu_time_total, cpu_time_total, cpu_time or count");
        }
    }

    private static String rule(List<Integer> widths) {
        StringBuilder sb = new StringBuilder();
        for (int w : widths) {
            sb.append("-".repeat(w)).append("  ");
        }
        return sb.append('\n').toString();
    }

    /** Right-aligned cells, each followed by two spaces, as PyTorch prints them. */
    private static String line(List<String> cells, List<Integer> widths) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            sb.append(String.format(Locale.ROOT, "%" + widths.get(i) + "s", cells.get(i))).append("  ");
        }
        return sb.append('\n').toString();
    }

    private static String truncate(String s, int max) {
        return s.length() <= max ? s : s.substring(0, Math.max(0, max - 3)) + "...";
    }

    /** PyTorch's _format_time: us below a millisecond, ms below a second, then s; three decimals. */
    static String time(long ns) {
        double us = ns / 1000.0;
        if (us >= 1e6) {
            return String.format(Locale.ROOT, "%.3fs", us / 1e6);
        }
        if (us >= 1e3) {
            return String.format(Locale.ROOT, "%.3fms", us / 1e3);
        }
        return String.format(Locale.ROOT, "%.3fus", us);
    }

    private static String percent(long part, long whole) {
        return String.format(Locale.ROOT, "%.2f%%", whole == 0 ? 0.0 : 100.0 * part / whole);
    }

    /** {@code [[2, 3], [], [3]]}: one entry per argument, [] for non-tensors, as PyTorch prints Input Shapes. */
    static String formatShapes(List<long[]> shapes) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < shapes.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(shapes.get(i) == null ? "[]" : Arrays.toString(shapes.get(i)));
        }
        return sb.append(']').toString();
    }
}
