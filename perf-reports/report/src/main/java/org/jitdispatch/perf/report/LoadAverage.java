package org.jitdispatch.perf.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The machine's 1-minute load average, from {@code /proc/loadavg} (Linux). */
public final class LoadAverage {
    private static final Path PROC = Path.of("/proc/loadavg");

    private LoadAverage() {
    }

    /** The 1-minute load average now, or null where there is no {@code /proc/loadavg} to read. */
    public static Double oneMinute() {
        try {
            return parse(Files.readString(PROC));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The first field of {@code /proc/loadavg} ({@code 1.40 2.33 3.15 3/412 18412}), or null when it is none. */
    static Double parse(String loadavg) {
        String[] fields = loadavg.trim().split("\\s+");
        try {
            return fields.length == 0 ? null : Double.valueOf(fields[0]);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
