package org.jitdispatch.jit.yaml;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * Reads a native_functions.yaml-style file (a list of mappings) into {@link YamlEntry}s that remember
 * their lines. Syntax errors become {@link YamlException}s with the file and line, never a stack trace.
 */
public final class YamlFile {
    private final String name;
    private final List<YamlEntry> entries;

    private YamlFile(String name, List<YamlEntry> entries) {
        this.name = name;
        this.entries = entries;
    }

    public static YamlFile read(Path path) {
        return parse(path.toString(), readText(path));
    }

    /** Parses YAML text; {@code name} is used in messages. */
    public static YamlFile parse(String name, String text) {
        Node root = compose(name, text);
        if (root == null) {
            return new YamlFile(name, List.of());
        }
        if (!(root instanceof SequenceNode)) {
            throw new YamlException(name, lineOf(root), "the file must be a list of entries ('- func: ...'), not a "
                    + (root instanceof MappingNode ? "mapping" : "single value"));
        }
        List<YamlEntry> entries = new ArrayList<>();
        for (Node item : ((SequenceNode) root).getValue()) {
            if (!(item instanceof MappingNode)) {
                throw new YamlException(name, lineOf(item), "each entry of the list must be a mapping such as"
                        + " '- func: add.Tensor(Tensor self, Tensor other) -> Tensor'");
            }
            entries.add(new YamlEntry(name, (MappingNode) item, false));
        }
        return new YamlFile(name, List.copyOf(entries));
    }

    /**
     * Reads a file whose document is one mapping (a backend YAML, say) as a {@link YamlEntry} whose errors
     * name the file and line only.
     */
    public static YamlEntry readMapping(Path path) {
        return parseMapping(path.toString(), readText(path));
    }

    private static String readText(Path path) {
        try {
            return Files.readString(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new YamlException(path.toString(), 0, "cannot read the file: " + e);
        }
    }

    /** Parses YAML text whose document is one mapping; {@code name} is used in messages. */
    public static YamlEntry parseMapping(String name, String text) {
        Node root = compose(name, text);
        if (!(root instanceof MappingNode)) {
            throw new YamlException(name, root == null ? 1 : lineOf(root), "the file must be a mapping of keys to"
                    + " values (such as 'backend: Lazy'), not " + (root == null ? "empty"
                    : root instanceof SequenceNode ? "a list" : "a single value"));
        }
        return new YamlEntry(name, (MappingNode) root, true);
    }

    /** The document's root node, or null for an empty document. */
    private static Node compose(String name, String text) {
        try (Reader r = new StringReader(text)) {
            return new Compose(LoadSettings.builder().setLabel(name).build()).composeReader(r).orElse(null);
        } catch (MarkedYamlEngineException e) {
            int line = e.getProblemMark().map(m -> m.getLine() + 1).orElse(0);
            throw new YamlException(name, line, "invalid YAML: " + e.getProblem());
        } catch (YamlEngineException e) {
            throw new YamlException(name, 0, "invalid YAML: " + e.getMessage());
        } catch (IOException e) {
            throw new YamlException(name, 0, "cannot read the text: " + e);
        }
    }

    public String name() {
        return name;
    }

    public List<YamlEntry> entries() {
        return entries;
    }

    /** 1-based line where a node starts. */
    static int lineOf(Node n) {
        return n.getStartMark().map(Mark::getLine).orElse(-1) + 1;
    }
}
