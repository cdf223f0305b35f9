package org.jitdispatch.perf.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A CPU profile as a call tree built from collapsed stacks. The JMH harness frames above the benchmark
 * stub ({@code ..._jmhStub}) are the same in every benchmark and are dropped, so the benchmark's own
 * frames start at the second level; stacks of other threads (JIT compiler, GC) are kept whole. Hidden
 * classes (spun call sites, lambda forms) lose the address in their names: it changes from run to run,
 * and without it the same frames line up across runs for the differential view.
 */
public final class StackProfile {
    /** One frame of the tree: its name (with async-profiler's {@code _[x]} annotation) and samples below it. */
    public static final class Frame {
        private final String name;
        private long total;
        private long self;
        private final Map<String, Frame> children = new LinkedHashMap<>();

        Frame(String name) {
            this.name = name;
        }

        public String name() {
            return name;
        }

        /** Samples in this frame and everything it called. */
        public long total() {
            return total;
        }

        /** Samples in this frame itself. */
        public long self() {
            return self;
        }

        public Collection<Frame> children() {
            return children.values();
        }

        public Frame child(String childName) {
            return children.get(childName);
        }
    }

    private static final String STUB_MARKER = "_jmhStub";
    /** The address async-profiler prints in a hidden class's name ({@code Site_aten__add_Tensor.0x00007f...}). */
    private static final Pattern HIDDEN_CLASS_ADDRESS = Pattern.compile("\\.0x[0-9a-fA-F]+(?=\\.)");

    private final Frame root = new Frame("all");

    private StackProfile() {
    }

    public static StackProfile read(Path collapsed) throws IOException {
        return parse(Files.readAllLines(collapsed));
    }

    public static StackProfile parse(List<String> lines) {
        StackProfile p = new StackProfile();
        for (String line : lines) {
            int sp = line.lastIndexOf(' ');
            if (sp <= 0) {
                continue;
            }
            long count = Long.parseLong(line.substring(sp + 1).trim());
            p.add(benchmarkPart(HIDDEN_CLASS_ADDRESS.matcher(line.substring(0, sp)).replaceAll("").split(";")), count);
        }
        return p;
    }

    /** The frames from the benchmark stub down, or the whole stack when it has no stub. */
    private static List<String> benchmarkPart(String[] frames) {
        for (int i = 0; i < frames.length; i++) {
            if (frames[i].contains(STUB_MARKER)) {
                return List.of(frames).subList(i, frames.length);
            }
        }
        return List.of(frames);
    }

    private void add(List<String> frames, long count) {
        Frame f = root;
        f.total += count;
        for (String name : frames) {
            f = f.children.computeIfAbsent(name, Frame::new);
            f.total += count;
        }
        f.self += count;
    }

    public Frame root() {
        return root;
    }

    public long totalSamples() {
        return root.total;
    }

    /** The deepest stack, in frames below the root. */
    public int depth() {
        return depth(root) - 1;
    }

    private static int depth(Frame f) {
        int d = 0;
        for (Frame c : f.children()) {
            d = Math.max(d, depth(c));
        }
        return d + 1;
    }

    /** Share of all samples spent in each frame itself, summed over every place the frame occurs. */
    public Map<String, Double> selfShareByFrame() {
        Map<String, Double> out = new HashMap<>();
        if (root.total == 0) {
            return out;
        }
        List<Frame> todo = new ArrayList<>(root.children());
        while (!todo.isEmpty()) {
            Frame f = todo.remove(todo.size() - 1);
            if (f.self > 0) {
                out.merge(f.name, (double) f.self / root.total, Double::sum);
            }
            todo.addAll(f.children());
        }
        return out;
    }

    /** Share of all samples under the frame at {@code path} (names from the root's child down), 0 if absent. */
    public double totalShare(List<String> path) {
        if (root.total == 0) {
            return 0;
        }
        Frame f = root;
        for (String name : path) {
            f = f.child(name);
            if (f == null) {
                return 0;
            }
        }
        return (double) f.total / root.total;
    }
}
