package org.jitdispatch.jit.check;

import java.util.ArrayList;
import java.util.List;
import org.jitdispatch.jit.yaml.YamlEntry;
import org.jitdispatch.jit.yaml.YamlFile;
import org.jitdispatch.runtime.schema.FunctionSchema;
import org.jitdispatch.runtime.schema.SchemaParseException;

/**
 * Parses every {@code func:} of a native_functions.yaml-style file and checks that each schema prints
 * back to exactly its text: {@code check-yaml --schemas-only}.
 */
public final class SchemaFileCheck {
    /** The outcome: counts and one {@code FILE:LINE: message} per failure. */
    public record Result(int parsed, int roundTripped, List<String> failures) {
        public boolean ok() {
            return failures.isEmpty();
        }

        public String summary() {
            return parsed + " schemas parsed, " + roundTripped + " round-trip";
        }
    }

    private SchemaFileCheck() {
    }

    public static Result check(YamlFile file) {
        int parsed = 0;
        int roundTripped = 0;
        List<String> failures = new ArrayList<>();
        for (YamlEntry e : file.entries()) {
            if (!e.has("func")) {
                failures.add(file.name() + ":" + e.line() + ": entry has no 'func:' key");
                continue;
            }
            String text;
            try {
                text = e.scalar("func").orElseThrow();
            } catch (RuntimeException ex) {
                failures.add(ex.getMessage());
                continue;
            }
            FunctionSchema schema;
            try {
                schema = FunctionSchema.parse(text);
            } catch (SchemaParseException ex) {
                failures.add(file.name() + ":" + e.lineOf("func") + ": " + ex.getMessage());
                continue;
            }
            parsed++;
            String printed = schema.toString();
            if (printed.equals(text)) {
                roundTripped++;
            } else {
                failures.add(file.name() + ":" + e.lineOf("func") + ": schema does not round-trip: '" + text
                        + "' prints as '" + printed + "'");
            }
        }
        return new Result(parsed, roundTripped, List.copyOf(failures));
    }
}
