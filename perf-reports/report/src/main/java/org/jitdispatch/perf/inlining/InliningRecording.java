package org.jitdispatch.perf.inlining;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedObject;
import jdk.jfr.consumer.RecordingFile;

/**
 * The JIT's inlining decisions read from a JFR recording (events jdk.CompilerInlining and
 * jdk.Compilation), grouped by compilation.
 */
public final class InliningRecording {
    /** A finished compilation: its id, the compiled method, the tier and whether it is an OSR compile. */
    public record Compilation(int id, String method, int level, boolean osr, boolean succeeded) {
    }

    /** The JFR settings that turn both events on (both are off in JDK's default settings). */
    public static final String SETTINGS = """
            <?xml version="1.0" encoding="UTF-8"?>
            <configuration version="2.0" label="jitdispatch inlining">
              <event name="jdk.CompilerInlining"><setting name="enabled">true</setting></event>
              <event name="jdk.Compilation">
                <setting name="enabled">true</setting>
                <setting name="threshold">0 ms</setting>
              </event>
            </configuration>
            """;

    /** {@code /0x} (or {@code .0x}) before a hidden class's address, as {@code Class.getName()} spells it. */
    private static final Pattern HIDDEN_SUFFIX = Pattern.compile("[/.]0x(?=[0-9a-fA-F]+$)");

    private final Map<Integer, List<InlineEdge>> edges;
    private final Map<Integer, Compilation> compilations;

    private InliningRecording(Map<Integer, List<InlineEdge>> edges, Map<Integer, Compilation> compilations) {
        this.edges = edges;
        this.compilations = compilations;
    }

    /** A recording from already decoded events (tests, or events gathered another way). */
    public static InliningRecording of(List<InlineEdge> edgeList, List<Compilation> compilationList) {
        Map<Integer, List<InlineEdge>> edges = new LinkedHashMap<>();
        for (InlineEdge e : edgeList) {
            edges.computeIfAbsent(e.compileId(), k -> new ArrayList<>()).add(e);
        }
        Map<Integer, Compilation> compilations = new LinkedHashMap<>();
        for (Compilation c : compilationList) {
            compilations.put(c.id(), c);
        }
        return new InliningRecording(edges, compilations);
    }

    public static InliningRecording read(Path jfr) throws IOException {
        Map<Integer, List<InlineEdge>> edges = new LinkedHashMap<>();
        Map<Integer, Compilation> compilations = new LinkedHashMap<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(jfr)) {
            String type = e.getEventType().getName();
            if (type.equals("jdk.CompilerInlining")) {
                InlineEdge edge = edge(e);
                edges.computeIfAbsent(edge.compileId(), k -> new ArrayList<>()).add(edge);
            } else if (type.equals("jdk.Compilation")) {
                RecordedMethod m = e.getValue("method");
                int id = e.getInt("compileId");
                // the JDK spells the field "succeded"; accept the corrected spelling too
                boolean ok = e.hasField("succeded") ? e.getBoolean("succeded") : e.getBoolean("succeeded");
                compilations.put(id, new Compilation(id, className(m.getType().getName()) + "." + m.getName(),
                        e.getInt("compileLevel"), e.getBoolean("isOsr"), ok));
            }
        }
        return new InliningRecording(edges, compilations);
    }

    private static InlineEdge edge(RecordedEvent e) {
        RecordedMethod caller = e.getValue("caller");
        RecordedObject callee = e.getValue("callee");
        return new InlineEdge(e.getInt("compileId"), className(caller.getType().getName()), caller.getName(),
                className(callee.getString("type")), callee.getString("name"), e.getBoolean("succeeded"),
                e.getString("message"), e.getInt("bci"));
    }

    /**
     * One spelling for every class name: dots, and a hidden class as {@code Name+0x...}. A callee's hidden
     * class is {@code Name+0x...} in every recording; a caller's is {@code Name+0x.../<id>} in JDK 17's
     * recordings and {@code Name/0x...} (as {@link Class#getName()} spells it) in JDK 25's, which JDK 17's
     * reader returns as {@code Name.0x...}.
     */
    static String className(String raw) {
        String name = HIDDEN_SUFFIX.matcher(raw).replaceFirst("+0x").replace('/', '.');
        int hidden = name.indexOf("+0x");
        if (hidden >= 0) {
            int end = hidden + 3;
            while (end < name.length() && Character.digit(name.charAt(end), 16) >= 0) {
                end++;
            }
            name = name.substring(0, end);
        }
        return name;
    }

    /** The inlining decisions of one compilation, in the order the compiler made them. */
    public List<InlineEdge> edges(int compileId) {
        return edges.getOrDefault(compileId, List.of());
    }

    /** C2 (tier 4), non-OSR compilations of a method, oldest first; the last one is the code that ran last. */
    public List<Compilation> c2CompilationsOf(String cls, String method) {
        List<Compilation> out = new ArrayList<>();
        for (Compilation c : compilations.values()) {
            int dot = c.method().lastIndexOf('.');
            if (c.level() == 4 && !c.osr() && c.succeeded()
                    && c.method().substring(dot + 1).equals(method)
                    && InlineEdge.classMatches(c.method().substring(0, dot), cls)) {
                out.add(c);
            }
        }
        return out;
    }
}
