package org.jitdispatch.perf.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code SmallOpsBenchmark}'s ops are measured against, and the targets they are held to, as data:
 * the floor of each op's kind, the plain loop of the ops that have one, and the targets per op and size.
 */
final class FloorTargets {
    /** The benchmark class whose results the floor section shows. */
    static final String BENCHMARK = "SmallOpsBenchmark";

    /** The yardsticks, in the order the tables list them. */
    static final List<String> FLOORS = List.of("floorAdd", "floorAddInto", "loopAdd", "loopAddInto", "loopSum");

    /** The real ops, in the order the tables list them: the functional ops, then the in-place and out= ones. */
    static final List<String> OPS = List.of("add", "mul", "mulByZeroDim", "sum", "mean", "empty", "view", "transpose",
            "mm2x2", "autogradStep", "addOut", "addInplace");

    /** The floor of an op that writes into a tensor it is given; every other op is held to {@code floorAdd}. */
    private static final Map<String, String> FLOOR_INTO = Map.of("addOut", "floorAddInto", "addInplace", "floorAddInto");

    /** The plain Java loop an op is also compared with, for the ops that have one. */
    private static final Map<String, String> LOOP = Map.of("add", "loopAdd", "addOut", "loopAddInto", "sum", "loopSum");

    /** What a target limits. */
    enum Measure {
        /** time per op over the floor of the op's kind */
        FLOOR,
        /** time per op over the plain loop */
        LOOP,
        /** bytes allocated per op */
        BYTES
    }

    /** Any size. */
    static final int EVERY_SIZE = 0;

    /**
     * One target: {@code op} at {@code size} elements (or {@link #EVERY_SIZE}) keeps {@code measure} at most
     * {@code limit}.
     */
    record Target(String op, int size, Measure measure, double limit) {
        boolean appliesTo(String benchmark, int elements) {
            return op.equals(benchmark) && (size == EVERY_SIZE || size == elements);
        }

        /** The target as the table shows it: {@code ≤ 2.5× floorAdd}, {@code ≤ 320 B/op}, {@code 0 B/op}. */
        String text() {
            String limitText = limit == Math.rint(limit) ? String.format(Locale.ROOT, "%.0f", limit)
                    : String.format(Locale.ROOT, "%s", limit);
            return switch (measure) {
                case FLOOR -> "≤ " + limitText + "× " + floorOf(op);
                case LOOP -> "≤ " + limitText + "× " + loopOf(op);
                case BYTES -> limit == 0 ? "0 B/op" : "≤ " + limitText + " B/op";
            };
        }
    }

    /** The targets for the whole small op. */
    static final List<Target> TARGETS = List.of(
            new Target("add", 1, Measure.FLOOR, 2.5),
            new Target("add", 1, Measure.BYTES, 320),
            new Target("mul", 1, Measure.FLOOR, 2.5),
            new Target("mul", 1, Measure.BYTES, 320),
            new Target("addOut", EVERY_SIZE, Measure.FLOOR, 3),
            new Target("addOut", EVERY_SIZE, Measure.BYTES, 0),
            new Target("addInplace", EVERY_SIZE, Measure.FLOOR, 3),
            new Target("addInplace", EVERY_SIZE, Measure.BYTES, 0),
            new Target("sum", 64, Measure.LOOP, 2),
            new Target("view", EVERY_SIZE, Measure.BYTES, 120),
            new Target("transpose", EVERY_SIZE, Measure.BYTES, 120),
            new Target("add", 4096, Measure.LOOP, 1.2),
            new Target("addOut", 4096, Measure.LOOP, 1.1));

    /**
     * B/op within this of a limit meets it: JMH's figure is whole bytes plus a share of its own bookkeeping
     * (an op that allocates nothing shows a few thousandths of a byte).
     */
    static final double BYTES_SLACK = 0.5;

    private FloorTargets() {
    }

    static String floorOf(String op) {
        return FLOOR_INTO.getOrDefault(op, "floorAdd");
    }

    /** The plain loop {@code op} is compared with, or null. */
    static String loopOf(String op) {
        return LOOP.get(op);
    }

    static List<Target> targetsFor(String op, int size) {
        return TARGETS.stream().filter(t -> t.appliesTo(op, size)).toList();
    }

    /** A target's outcome. */
    enum Verdict {
        MET("met"), MISSED("missed"), UNRELIABLE("unreliable"), NOT_MEASURED("not measured");

        final String text;

        Verdict(String text) {
            this.text = text;
        }
    }

    /**
     * The verdict on {@code target} given the op's ratio to its floor, its ratio to its loop (null when the
     * run lacks either side) and its B/op: unreliable when the number it rests on is, else met or missed by
     * the estimate itself (the ± beside it says how close a call that is).
     */
    static Verdict verdict(Target target, Estimate toFloor, Estimate toLoop, Estimate bytes) {
        Estimate e = switch (target.measure()) {
            case FLOOR -> toFloor;
            case LOOP -> toLoop;
            case BYTES -> bytes;
        };
        if (e == null || Double.isNaN(e.value())) {
            return Verdict.NOT_MEASURED;
        }
        if (e.isUnreliable()) {
            return Verdict.UNRELIABLE;
        }
        double slack = target.measure() == Measure.BYTES ? BYTES_SLACK : 0;
        return e.value() <= target.limit() + slack ? Verdict.MET : Verdict.MISSED;
    }
}
