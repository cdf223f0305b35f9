package org.jitdispatch.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class LoadAverageTest {
    @Test
    void theFirstFieldOfProcLoadavgIsTheOneMinuteAverage() {
        assertEquals(1.40, LoadAverage.parse("1.40 2.33 3.15 3/412 18412\n"));
        assertEquals(12.5, LoadAverage.parse("  12.50 8.00 4.00 9/999 1"));
        assertNull(LoadAverage.parse(""));
        assertNull(LoadAverage.parse("not a load average"));
    }

    @Test
    void linuxHasOne() {
        assumeTrue(Files.isReadable(Path.of("/proc/loadavg")), "no /proc/loadavg here");
        assertNotNull(LoadAverage.oneMinute());
    }
}
