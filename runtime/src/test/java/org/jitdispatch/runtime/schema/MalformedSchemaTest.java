package org.jitdispatch.runtime.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Each schema in schema/malformed-schemas.txt is rejected with exactly the message recorded there. */
class MalformedSchemaTest {

    private static final String RESOURCE = "/schema/malformed-schemas.txt";

    record Case(String description, String schema, String message) {
        @Override
        public String toString() {
            return description;
        }
    }

    static List<Case> cases() {
        try (InputStream in = MalformedSchemaTest.class.getResourceAsStream(RESOURCE)) {
            assertNotNull(in, "missing test resource " + RESOURCE);
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            List<Case> cases = new ArrayList<>();
            List<String> block = new ArrayList<>();
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (line.isEmpty()) {
                    addCase(block, cases);
                    block.clear();
                } else {
                    block.add(line);
                }
            }
            addCase(block, cases);
            return cases;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void addCase(List<String> block, List<Case> cases) {
        StringBuilder description = new StringBuilder();
        String schema = null;
        String message = null;
        for (String line : block) {
            if (line.startsWith("#")) {
                description.append(description.length() == 0 ? "" : " ").append(line.substring(1).trim());
            } else if (line.startsWith("schema:")) {
                schema = value(line, "schema:");
            } else if (line.startsWith("message:")) {
                message = value(line, "message:");
            } else {
                throw new IllegalStateException("unexpected line in " + RESOURCE + ": " + line);
            }
        }
        if (schema == null && message == null) {
            return; // a comment-only block
        }
        if (schema == null || message == null) {
            throw new IllegalStateException("incomplete case in " + RESOURCE + ": " + block);
        }
        cases.add(new Case(description.length() > 0 ? description.toString() : schema, schema, message));
    }

    private static String value(String line, String key) {
        String rest = line.substring(key.length());
        return rest.startsWith(" ") ? rest.substring(1) : rest;
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("cases")
    void isRejectedWithTheRecordedMessage(Case c) {
        SchemaParseException e = assertThrows(SchemaParseException.class, () -> FunctionSchema.parse(c.schema()),
                () -> "accepted: " + c.schema());
        assertEquals(c.message(), e.getMessage());
        assertEquals(c.schema(), e.input());
        assertTrue(e.getMessage().startsWith(e.reason()), "the message starts with the reason");
    }

    @Test
    void corpusIsReadInFull() {
        List<Case> cases = cases();
        assertTrue(cases.size() >= 70, "only " + cases.size() + " cases read from " + RESOURCE);
        assertEquals(cases.size(), cases.stream().map(Case::schema).distinct().count(), "duplicate schemas in corpus");
    }
}
