package org.jitdispatch.jit.yaml;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.common.Anchor;
import org.snakeyaml.engine.v2.composer.Composer;
import org.snakeyaml.engine.v2.events.AliasEvent;
import org.snakeyaml.engine.v2.events.CollectionStartEvent;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.events.MappingStartEvent;
import org.snakeyaml.engine.v2.events.ScalarEvent;
import org.snakeyaml.engine.v2.events.SequenceStartEvent;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.ReaderException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.parser.Parser;
import org.snakeyaml.engine.v2.parser.ParserImpl;
import org.snakeyaml.engine.v2.scanner.StreamReader;

/**
 * Reads a native_functions.yaml-style file (a list of mappings) into {@link YamlEntry}s that remember
 * their lines. Every problem becomes a {@link YamlException} with the file, the line and the entry it is
 * in, never a stack trace.
 *
 * <p>The files are hand-written or generated, never trusted, so reading them is bounded: a file is at most
 * {@link #MAX_CODE_POINTS} characters of UTF-8, lists and mappings nest at most {@link #MAX_DEPTH} levels
 * deep (snakeyaml's composer recurses once per level, and a deeper file would overflow the stack), at most
 * {@link #MAX_COLLECTION_ALIASES} aliases may refer to lists or mappings (a "billion laughs" document), and
 * no mapping may have a key twice. Each limit is checked as the file is read, so a file that breaks one
 * fails as soon as it does, with the line where it did.
 */
public final class YamlFile {
    /**
     * snakeyaml's default code point limit. The largest real file, PyTorch's native_functions.yaml, is
     * about 520 KB; kernels' ops.yaml is about 40 KB.
     */
    public static final int MAX_CODE_POINTS = 3 * 1024 * 1024;
    /** snakeyaml's default nesting depth limit; an ops.yaml entry needs three levels. */
    public static final int MAX_DEPTH = 50;
    /** snakeyaml's default limit of aliases to lists and mappings. */
    public static final int MAX_COLLECTION_ALIASES = 50;

    private final String name;
    private final List<YamlEntry> entries;

    private YamlFile(String name, List<YamlEntry> entries) {
        this.name = name;
        this.entries = entries;
    }

    /** Reads a file; messages name it as {@code path} is written. */
    public static YamlFile read(Path path) {
        return parse(path.toString(), readText(path));
    }

    /** Parses YAML text; {@code name} is used in messages. */
    public static YamlFile parse(String name, String text) {
        Node root = compose(name, text);
        if (root == null) {
            return new YamlFile(name, List.of());
        }
        if (!(root instanceof SequenceNode sequence)) {
            throw new YamlException(name, lineOf(root), "the file must be a list of entries ('- func: ...'), not a "
                    + (root instanceof MappingNode ? "mapping" : "single value"));
        }
        List<YamlEntry> entries = new ArrayList<>();
        for (Node item : sequence.getValue()) {
            if (!(item instanceof MappingNode entry)) {
                throw new YamlException(name, lineOf(item), "each entry of the list must be a mapping such as"
                        + " '- func: add.Tensor(Tensor self, Tensor other) -> Tensor'");
            }
            entries.add(new YamlEntry(name, entry, false));
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

    /** Parses YAML text whose document is one mapping; {@code name} is used in messages. */
    public static YamlEntry parseMapping(String name, String text) {
        Node root = compose(name, text);
        if (root == null) {
            throw new YamlException(name, "the file must be a mapping of keys to values (such as 'backend: Lazy'),"
                    + " not empty");
        }
        if (!(root instanceof MappingNode mapping)) {
            throw new YamlException(name, lineOf(root), "the file must be a mapping of keys to values (such as"
                    + " 'backend: Lazy'), not " + (root instanceof SequenceNode ? "a list" : "a single value"));
        }
        return new YamlEntry(name, mapping, true);
    }

    /**
     * A file's text: strict UTF-8 of at most {@link #MAX_CODE_POINTS} characters, read no further than the
     * limit. Errors name the line they were found on.
     */
    private static String readText(Path path) {
        String name = path.toString();
        if (Files.isDirectory(path)) {
            throw new YamlException(name, "is a directory, not a file");
        }
        TextReader text = new TextReader(name);
        try (InputStream in = Files.newInputStream(path)) {
            text.readAll(in);
        } catch (NoSuchFileException e) {
            throw new YamlException(name, "no such file");
        } catch (AccessDeniedException e) {
            throw new YamlException(name, "permission denied");
        } catch (IOException e) {
            throw new YamlException(name, "cannot be read: " + (e.getMessage() != null ? e.getMessage() : e.toString()));
        }
        return text.text.toString();
    }

    /**
     * Decodes strict UTF-8 itself rather than through a Reader, which reports a bad byte before handing out
     * the text in front of it: here every character before the bad byte is counted, so its line is known.
     */
    private static final class TextReader {
        private final String name;
        private final StringBuilder text = new StringBuilder();
        private int line = 1;
        private int codePoints;

        TextReader(String name) {
            this.name = name;
        }

        void readAll(InputStream stream) throws IOException {
            CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
            ByteBuffer in = ByteBuffer.allocate(8192);
            CharBuffer out = CharBuffer.allocate(8192); // 8192 bytes never decode to more chars
            boolean eof = false;
            while (!eof) {
                int n = stream.read(in.array(), in.position(), in.remaining());
                if (n < 0) {
                    eof = true;
                } else {
                    in.position(in.position() + n);
                }
                in.flip();
                CoderResult result = decoder.decode(in, out, eof);
                in.compact();
                if (eof && !result.isError()) {
                    result = decoder.flush(out);
                }
                take(out);
                if (result.isError()) {
                    throw new YamlException(name, line, "not UTF-8 text (is it a binary file?)");
                }
            }
        }

        private void take(CharBuffer out) {
            out.flip();
            for (int i = out.position(); i < out.limit(); i++) {
                char c = out.get(i);
                if (c == '\n') {
                    line++;
                }
                if (!Character.isLowSurrogate(c) && ++codePoints > MAX_CODE_POINTS) {
                    throw tooLarge(name, line);
                }
            }
            text.append(out);
            out.clear();
        }
    }

    private static YamlException tooLarge(String name, int line) {
        return new YamlException(name, line, "the file is larger than the "
                + String.format(Locale.ROOT, "%,d", MAX_CODE_POINTS) + " characters a YAML file may have");
    }

    /** Text given as a string has the same limit as a file. */
    private static void checkSize(String name, String text) {
        if (text.length() <= MAX_CODE_POINTS) {
            return; // a code point is one or two chars
        }
        int line = 1;
        int codePoints = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n') {
                line++;
            }
            if (!Character.isLowSurrogate(c) && ++codePoints > MAX_CODE_POINTS) {
                throw tooLarge(name, line);
            }
        }
    }

    /** The document's root node, or null for an empty document. */
    private static Node compose(String name, String text) {
        checkSize(name, text);
        LoadSettings settings = LoadSettings.builder()
                .setLabel(name)
                .setCodePointLimit(MAX_CODE_POINTS)
                .setMaxAliasesForCollections(MAX_COLLECTION_ALIASES)
                .setAllowDuplicateKeys(false) // the composer does not look; YamlEntry checks every mapping
                .setAllowRecursiveKeys(false)
                // The whole text in one window: with the default 1 KB one, the scanner copies the window for
                // every chunk of a long token, so that one 3 MB line takes seconds rather than milliseconds.
                .setBufferSize(text.length() + 1)
                .build();
        LimitedParser parser = new LimitedParser(name, new ParserImpl(settings, new StreamReader(settings, text)));
        try {
            return new Composer(settings, parser).getSingleNode().orElse(null);
        } catch (MarkedYamlEngineException e) {
            int line = e.getProblemMark().or(e::getContextMark).map(m -> m.getLine() + 1).orElse(parser.line);
            throw new YamlException(name, line, "invalid YAML: " + e.getProblem() + parser.inEntry());
        } catch (ReaderException e) {
            throw new YamlException(name, lineAtCodePoint(text, e.getPosition()), "invalid YAML: " + e.getMessage()
                    + String.format(Locale.ROOT, " (U+%04X)", e.getCodePoint()) + parser.inEntry());
        } catch (YamlEngineException e) {
            throw new YamlException(name, parser.line, "invalid YAML: " + e.getMessage() + parser.inEntry());
        }
    }

    /** The 1-based line of the code point at {@code index}. */
    private static int lineAtCodePoint(String text, int index) {
        int line = 1;
        int codePoints = 0;
        for (int i = 0; i < text.length() && codePoints < index; i++) {
            char c = text.charAt(i);
            if (c == '\n') {
                line++;
            }
            if (!Character.isLowSurrogate(c)) {
                codePoints++;
            }
        }
        return line;
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

    /**
     * The parser the composer reads, checking the nesting depth and the aliases as events arrive, before the
     * composer recurses into them. It also follows which entry of a list of entries it is in, for messages.
     */
    private static final class LimitedParser implements Parser {
        private final String name;
        private final Parser inner;
        private final Set<Anchor> collectionAnchors = new HashSet<>();
        private int depth;
        private int aliases;
        /** The line of the last event, for errors snakeyaml reports without one. */
        int line = 1;

        private boolean rootIsList;
        /** Whether the events are inside an entry: a mapping that is an item of the root list. */
        private boolean inEntry;
        private int entryLine;
        private int entryChildren;
        private String entryKey;
        private String entryFunc;

        LimitedParser(String name, Parser inner) {
            this.name = name;
            this.inner = inner;
        }

        @Override
        public boolean checkEvent(Event.ID choice) {
            return inner.checkEvent(choice);
        }

        @Override
        public Event peekEvent() {
            return inner.peekEvent();
        }

        @Override
        public boolean hasNext() {
            return inner.hasNext();
        }

        @Override
        public Event next() {
            Event e = inner.next();
            e.getStartMark().ifPresent(m -> line = m.getLine() + 1);
            if (e instanceof CollectionStartEvent start) {
                entryChild(null);
                start.getAnchor().ifPresent(collectionAnchors::add);
                if (++depth > MAX_DEPTH) {
                    throw new YamlException(name, line, "lists and mappings are nested more than " + MAX_DEPTH
                            + " levels deep" + inEntry());
                }
                if (depth == 1) {
                    rootIsList = e instanceof SequenceStartEvent;
                } else if (depth == 2 && rootIsList && e instanceof MappingStartEvent) {
                    inEntry = true;
                    entryLine = line;
                    entryChildren = 0;
                    entryKey = null;
                    entryFunc = null;
                }
            } else if (e.getEventId() == Event.ID.SequenceEnd || e.getEventId() == Event.ID.MappingEnd) {
                if (--depth == 1) {
                    inEntry = false;
                }
            } else if (e instanceof AliasEvent alias) {
                entryChild(null);
                if (collectionAnchors.contains(alias.getAlias()) && ++aliases > MAX_COLLECTION_ALIASES) {
                    throw new YamlException(name, line, "more than " + MAX_COLLECTION_ALIASES + " aliases (*"
                            + alias.getAlias().getValue() + ") of lists or mappings" + inEntry());
                }
            } else if (e instanceof ScalarEvent scalar) {
                entryChild(scalar.getValue());
                scalar.getAnchor().ifPresent(collectionAnchors::remove);
            }
            return e;
        }

        /** Follows the keys and values of the current entry, to find its func: text. */
        private void entryChild(String scalar) {
            if (!inEntry || depth != 2) {
                return;
            }
            if (entryChildren++ % 2 == 0) {
                entryKey = scalar;
            } else if ("func".equals(entryKey) && scalar != null && entryFunc == null) {
                entryFunc = scalar;
            }
        }

        /** How errors name the entry being read, as {@link YamlEntry#describe()} does; empty outside entries. */
        String inEntry() {
            if (!inEntry) {
                return "";
            }
            return entryFunc != null ? " (in entry 'func: " + entryFunc + "')" : " (in the entry at line " + entryLine + ")";
        }
    }
}
