package org.jitdispatch.runtime.profiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class KeyAveragesTest {
    /** matmul (10us) calls mm (6us) on thread 1; thread 2 runs mm (4us) on its own. */
    private static final List<ProfilerEvent> EVENTS = List.of(
            new ProfilerEvent("aten::matmul", 1, "main", 0, 10_000, 0, -1, List.of(new long[] {2, 3}, new long[] {3, 4})),
            new ProfilerEvent("aten::mm", 1, "main", 2_000, 8_000, 1, 0, List.of(new long[] {2, 3}, new long[] {3, 4})),
            new ProfilerEvent("aten::mm", 2, "worker", 0, 4_000, 0, -1, List.of(new long[] {5, 5}, new long[] {5, 5})));

    @Test
    void selfTimeExcludesChildrenOnTheSameThread() {
        KeyAverages k = KeyAverages.of(EVENTS, false);
        KeyAverages.Row matmul = k.rows().get(0);
        KeyAverages.Row mm = k.rows().get(1);
        assertEquals(10_000, matmul.totalNs());
        assertEquals(4_000, matmul.selfNs());
        assertEquals(2, mm.count());
        assertEquals(10_000, mm.totalNs());
        assertEquals(10_000, mm.selfNs());
        assertEquals(14_000, k.selfTimeTotalNs());
    }

    @Test
    void tableHasPyTorchsColumnsAndFooter() {
        String table = KeyAverages.of(EVENTS, false).table("self_cpu_time_total", 10);
        String rule = "----------------  ------------  ------------  ------------  ------------  ------------  ------------  \n";
        assertEquals(rule
                + "            Name    Self CPU %      Self CPU   CPU total %     CPU total  CPU time avg    # of Calls  \n"
                + rule
                + "        aten::mm        71.43%      10.000us        71.43%      10.000us       5.000us             2  \n"
                + "    aten::matmul        28.57%       4.000us        71.43%      10.000us      10.000us             1  \n"
                + rule
                + "Self CPU time total: 14.000us\n", table);
    }

    @Test
    void groupingByInputShapeSplitsRowsAndAddsTheColumn() {
        KeyAverages k = KeyAverages.of(EVENTS, true);
        assertEquals(3, k.rows().size());
        String table = k.table("count", 1);
        String[] lines = table.split("\n");
        assertEquals(6, lines.length, table);
        assertEquals(true, lines[1].endsWith("Input Shapes  "), lines[1]);
        assertEquals(true, lines[3].contains("[[2, 3], [3, 4]]"), lines[3]);
    }

    @Test
    void timesUseMillisecondsAndSecondsWhenLarge() {
        assertEquals("1.500ms", KeyAverages.time(1_500_000));
        assertEquals("2.000s", KeyAverages.time(2_000_000_000L));
        assertEquals("0.250us", KeyAverages.time(250));
        assertThrows(IllegalArgumentException.class, () -> KeyAverages.of(EVENTS, false).table("flops", 3));
    }
}
