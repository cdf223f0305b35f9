package org.jitdispatch.jit.yaml;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.snakeyaml.engine.v2.common.ScalarStyle;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * One item of a native_functions.yaml-style list: a mapping whose keys keep their line numbers, so that
 * every error can name {@code file:line} and the entry.
 */
public final class YamlEntry {
    private final String file;
    private final int line;
    private final Map<String, Node> values;
    private final Map<String, Integer> keyLines;
    /** Whether this mapping is a whole document rather than one entry of a list (errors then name no entry). */
    private final boolean document;

    YamlEntry(String file, MappingNode node, boolean document) {
        this.file = file;
        this.document = document;
        this.line = YamlFile.lineOf(node);
        Map<String, Node> v = new LinkedHashMap<>();
        Map<String, Integer> l = new LinkedHashMap<>();
        int problemLine = 0;
        String problem = null;
        for (NodeTuple t : node.getValue()) {
            int keyLine = YamlFile.lineOf(t.getKeyNode());
            if (!(t.getKeyNode() instanceof ScalarNode keyNode)) {
                if (problem == null) {
                    problemLine = keyLine;
                    problem = "keys of an entry must be plain strings";
                }
                continue;
            }
            String key = keyNode.getValue();
            if (v.containsKey(key)) {
                if (problem == null) {
                    problemLine = keyLine;
                    problem = "duplicate key '" + key + "' (first at line " + l.get(key) + ")";
                }
                continue;
            }
            v.put(key, t.getValueNode());
            l.put(key, keyLine);
        }
        this.values = Collections.unmodifiableMap(v);
        this.keyLines = Collections.unmodifiableMap(l);
        // thrown once the entry is known, so that the message names it by its (first) func:
        if (problem != null) {
            throw errorAt(problemLine, problem);
        }
        Set<Node> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        values.forEach((key, value) -> checkDuplicateKeys(key, value, seen));
    }

    /**
     * No mapping nested anywhere in the entry has a key twice (snakeyaml's allowDuplicateKeys=false, which
     * its composer does not check). Aliases may share nodes and even make cycles: each is checked once.
     */
    private void checkDuplicateKeys(String key, Node node, Set<Node> seen) {
        if (!seen.add(node)) {
            return;
        }
        if (node instanceof SequenceNode s) {
            s.getValue().forEach(item -> checkDuplicateKeys(key, item, seen));
        } else if (node instanceof MappingNode m) {
            Map<String, Integer> first = new LinkedHashMap<>();
            for (NodeTuple t : m.getValue()) {
                if (t.getKeyNode() instanceof ScalarNode k) {
                    Integer earlier = first.putIfAbsent(k.getValue(), YamlFile.lineOf(k));
                    if (earlier != null) {
                        throw errorAt(YamlFile.lineOf(k), "duplicate key '" + k.getValue() + "' in '" + key
                                + "' (first at line " + earlier + ")");
                    }
                }
                checkDuplicateKeys(key, t.getKeyNode(), seen);
                checkDuplicateKeys(key, t.getValueNode(), seen);
            }
        }
    }

    public String file() {
        return file;
    }

    /** 1-based line where the entry starts. */
    public int line() {
        return line;
    }

    /** Keys in file order. */
    public List<String> keys() {
        return new ArrayList<>(values.keySet());
    }

    public boolean has(String key) {
        return values.containsKey(key);
    }

    /** 1-based line of a key (the entry's line when the key is absent). */
    public int lineOf(String key) {
        return keyLines.getOrDefault(key, line);
    }

    public Optional<Node> node(String key) {
        return Optional.ofNullable(values.get(key));
    }

    /** A scalar's text; an error naming the key when the value is a list or mapping. */
    public Optional<String> scalar(String key) {
        Node n = values.get(key);
        if (n == null) {
            return Optional.empty();
        }
        if (!(n instanceof ScalarNode scalar)) {
            throw error(key, "'" + key + "' must be a single value, not a " + kindOf(n));
        }
        return Optional.of(scalar.getValue());
    }

    /**
     * A YAML boolean: an unquoted {@code True}, {@code False}, {@code true} or {@code false}. Anything
     * else (a quoted string, {@code yes}, {@code 1}, ...) is an error naming the key, so that a typo
     * never silently reads as false.
     */
    public Optional<Boolean> bool(String key) {
        Node n = values.get(key);
        if (n == null) {
            return Optional.empty();
        }
        if (n instanceof ScalarNode s && s.getScalarStyle() == ScalarStyle.PLAIN) {
            switch (s.getValue()) {
                case "True":
                case "true":
                    return Optional.of(true);
                case "False":
                case "false":
                    return Optional.of(false);
                default:
                    break;
            }
        }
        String found = n instanceof ScalarNode s
                ? (s.getScalarStyle() == ScalarStyle.PLAIN ? "'" : "the string '") + s.getValue() + "'"
                : "a " + kindOf(n);
        throw error(key, "'" + key + "' must be a YAML boolean (True or False), not " + found);
    }

    /** A sequence of scalars, or a single scalar taken as a one-element list. */
    public Optional<List<String>> scalarList(String key) {
        Node n = values.get(key);
        if (n == null) {
            return Optional.empty();
        }
        if (n instanceof ScalarNode scalar) {
            return Optional.of(List.of(scalar.getValue()));
        }
        if (!(n instanceof SequenceNode sequence)) {
            throw error(key, "'" + key + "' must be a list, not a " + kindOf(n));
        }
        List<String> out = new ArrayList<>();
        for (Node item : sequence.getValue()) {
            if (!(item instanceof ScalarNode scalarItem)) {
                throw error(key, "items of '" + key + "' must be single values, not a " + kindOf(item));
            }
            out.add(scalarItem.getValue());
        }
        return Optional.of(out);
    }

    /** One item of a list, with its line. */
    public record ListItem(String value, int line) {
    }

    /**
     * A YAML list of single values, each with its line; an empty value ({@code key:} alone) is an empty
     * list. Unlike {@link #scalarList}, a single value is an error: in files users write by hand, such as
     * a backend YAML, {@code supported: add} is more likely a mistake than a list of one.
     */
    public Optional<List<ListItem>> strictList(String key) {
        Node n = values.get(key);
        if (n == null) {
            return Optional.empty();
        }
        if (n instanceof ScalarNode s && s.getScalarStyle() == ScalarStyle.PLAIN && s.getValue().isEmpty()) {
            return Optional.of(List.of());
        }
        if (!(n instanceof SequenceNode sequence)) {
            String found = n instanceof ScalarNode s ? "the single value '" + s.getValue() + "'" : "a " + kindOf(n);
            throw error(key, "'" + key + "' must be a list (such as [add.Tensor, mm]), not " + found);
        }
        List<ListItem> out = new ArrayList<>();
        for (Node item : sequence.getValue()) {
            if (!(item instanceof ScalarNode scalarItem)) {
                throw errorAt(YamlFile.lineOf(item), "items of '" + key + "' must be single values, not a " + kindOf(item));
            }
            out.add(new ListItem(scalarItem.getValue(), YamlFile.lineOf(item)));
        }
        return Optional.of(List.copyOf(out));
    }

    /** A mapping of scalars to scalars, with each key's line. */
    public Optional<Map<String, String>> scalarMap(String key) {
        Node n = values.get(key);
        if (n == null) {
            return Optional.empty();
        }
        if (!(n instanceof MappingNode mapping)) {
            throw error(key, "'" + key + "' must be a mapping, not a " + kindOf(n));
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (NodeTuple t : mapping.getValue()) {
            if (!(t.getKeyNode() instanceof ScalarNode keyNode) || !(t.getValueNode() instanceof ScalarNode valueNode)) {
                throw error(key, "'" + key + "' must map single values to single values");
            }
            String k = keyNode.getValue();
            if (out.containsKey(k)) {
                throw errorAt(YamlFile.lineOf(t.getKeyNode()), "duplicate key '" + k + "' in '" + key + "'");
            }
            out.put(k, valueNode.getValue());
        }
        return Optional.of(out);
    }

    /** One key/value pair of a nested mapping, with the line of its key. */
    public record MapItem(String key, String value, int line) {
    }

    /**
     * Like {@link #scalarMap}, but keeps each key's line, so that an error about one item of a nested
     * mapping (such as one line of a {@code dispatch:} table) can point at that item.
     */
    public Optional<List<MapItem>> scalarMapItems(String key) {
        Optional<Map<String, String>> checked = scalarMap(key); // shape and duplicate-key errors
        if (checked.isEmpty()) {
            return Optional.empty();
        }
        List<MapItem> out = new ArrayList<>();
        for (NodeTuple t : ((MappingNode) values.get(key)).getValue()) {
            out.add(new MapItem(((ScalarNode) t.getKeyNode()).getValue(), ((ScalarNode) t.getValueNode()).getValue(),
                    YamlFile.lineOf(t.getKeyNode())));
        }
        return Optional.of(List.copyOf(out));
    }

    /** How errors name this entry: its {@code func:} text, or its line when it has none. */
    public String describe() {
        Node f = values.get("func");
        return f instanceof ScalarNode s ? "in entry 'func: " + s.getValue() + "'" : "in the entry at line " + line;
    }

    /** An error at the key's line that names the entry. */
    public YamlException error(String key, String message) {
        return errorAt(lineOf(key), message);
    }

    /** An error at a given line (such as a {@link MapItem}'s) that names the entry. */
    public YamlException errorAt(int line, String message) {
        return new YamlException(file, line, document ? message : message + " (" + describe() + ")");
    }

    private static String kindOf(Node n) {
        return n instanceof SequenceNode ? "list" : n instanceof MappingNode ? "mapping" : "value";
    }
}
