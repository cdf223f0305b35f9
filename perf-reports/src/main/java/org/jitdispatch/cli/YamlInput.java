package org.jitdispatch.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Parse;
import org.snakeyaml.engine.v2.common.Anchor;
import org.snakeyaml.engine.v2.events.AliasEvent;
import org.snakeyaml.engine.v2.events.CollectionStartEvent;
import org.snakeyaml.engine.v2.events.Event;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;

/**
 * A YAML file's text, read within limits before the ops.yaml model parses it, so that hostile or broken
 * input fails fast with {@code FILE:LINE: message}: a file that is not UTF-8, one too large, one nested
 * too deeply (snakeyaml's composer recurses once per level and would overflow the stack), or one with too
 * many aliases (a "billion laughs" document). The checks walk the parser's events, which need no recursion.
 */
final class YamlInput {
    /**
     * snakeyaml-engine's own default limit; checked while reading because the parser, given one long
     * line, takes many seconds to reach it. The largest real file, kernels' ops.yaml, is about 40 KB.
     */
    static final int MAX_CODE_POINTS = 3 * 1024 * 1024;
    /** snakeyaml's LoaderOptions default nesting depth limit; ops.yaml entries need three levels. */
    static final int MAX_DEPTH = 50;
    /** snakeyaml's default limit of aliases to collections. */
    static final int MAX_COLLECTION_ALIASES = 50;

    private YamlInput() {
    }

    /** The text of {@code file}, checked as described above. */
    static String read(Path file) throws BadInputException {
        InputFiles.requireReadableFile(file);
        String text = readText(file);
        checkStructure(file.toString(), text);
        return text;
    }

    /** Strict UTF-8, at most {@link #MAX_CODE_POINTS}; errors name the line they were found on. */
    private static String readText(Path file) throws BadInputException {
        StringBuilder text = new StringBuilder();
        int line = 1;
        int codePoints = 0;
        try (Reader in = new BufferedReader(new InputStreamReader(Files.newInputStream(file),
                StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)))) {
            char[] buf = new char[8192];
            for (int n; (n = in.read(buf)) > 0; ) {
                for (int i = 0; i < n; i++) {
                    char c = buf[i];
                    if (c == '\n') {
                        line++;
                    }
                    if (!Character.isLowSurrogate(c) && ++codePoints > MAX_CODE_POINTS) {
                        throw new BadInputException(file + ":" + line + ": the file is larger than the "
                                + String.format(Locale.ROOT, "%,d", MAX_CODE_POINTS) + " characters a YAML file may have");
                    }
                }
                text.append(buf, 0, n);
            }
        } catch (CharacterCodingException e) {
            // the reader hands out every character before the bad byte first, so line is where it is
            throw new BadInputException(file + ":" + line + ": not UTF-8 text (is it a binary file?)");
        } catch (IOException e) {
            throw new BadInputException(file + ": cannot be read: " + FailureMessage.of(e));
        }
        return text.toString();
    }

    private static void checkStructure(String name, String text) throws BadInputException {
        LoadSettings settings = LoadSettings.builder().setLabel(name).setCodePointLimit(MAX_CODE_POINTS + 1).build();
        int depth = 0;
        int aliases = 0;
        Set<Anchor> collectionAnchors = new HashSet<>();
        try {
            for (Event e : new Parse(settings).parseString(text)) {
                if (e instanceof CollectionStartEvent start) {
                    start.getAnchor().ifPresent(collectionAnchors::add);
                    if (++depth > MAX_DEPTH) {
                        throw new BadInputException(name + ":" + line(e) + ": nested more than " + MAX_DEPTH
                                + " levels deep");
                    }
                } else if (e.getEventId() == Event.ID.SequenceEnd || e.getEventId() == Event.ID.MappingEnd) {
                    depth--;
                } else if (e instanceof AliasEvent alias && collectionAnchors.contains(alias.getAlias())
                        && ++aliases > MAX_COLLECTION_ALIASES) {
                    throw new BadInputException(name + ":" + line(e) + ": more than " + MAX_COLLECTION_ALIASES
                            + " aliases of lists or mappings");
                }
            }
        } catch (MarkedYamlEngineException e) {
            int line = e.getProblemMark().or(e::getContextMark).map(m -> m.getLine() + 1).orElse(1);
            throw new BadInputException(name + ":" + line + ": invalid YAML: " + e.getProblem());
        } catch (YamlEngineException e) {
            throw new BadInputException(name + ":1: invalid YAML: " + e.getMessage());
        }
    }

    private static int line(Event e) {
        return e.getStartMark().map(Mark::getLine).orElse(0) + 1;
    }
}
