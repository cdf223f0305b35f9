package org.jitdispatch.runtime.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/** Every schema in PyTorch 1.13.1's native_functions.yaml parses and prints back unchanged. */
class NativeFunctionsRoundTripTest {

    private static final String RESOURCE = "/pytorch/native_functions.yaml";
    private static final int FUNC_ENTRIES = 2493;

    private static List<String> funcs;

    @BeforeAll
    static void readYaml() throws IOException {
        try (InputStream in = NativeFunctionsRoundTripTest.class.getResourceAsStream(RESOURCE)) {
            assertNotNull(in, "missing test resource " + RESOURCE);
            // The file is ~0.5 MB; raise the default 3 MB code point cap anyway so growth cannot break the test.
            LoadSettings settings = LoadSettings.builder().setCodePointLimit(16 * 1024 * 1024).build();
            Object document = new Load(settings).loadFromInputStream(in);
            funcs = new ArrayList<>();
            for (Object entry : (List<?>) document) {
                Object func = ((Map<?, ?>) entry).get("func");
                assertTrue(func instanceof String, "entry without a string func: " + entry);
                funcs.add((String) func);
            }
        }
    }

    @Test
    void readsEveryFuncEntry() {
        assertEquals(FUNC_ENTRIES, funcs.size());
    }

    @Test
    void everySchemaParsesAndPrintsBackExactly() {
        List<String> failures = new ArrayList<>();
        for (String func : funcs) {
            try {
                FunctionSchema schema = FunctionSchema.parse(func);
                String printed = schema.toString();
                if (!printed.equals(func)) {
                    failures.add("printed differently:\n  in:  " + func + "\n  out: " + printed);
                } else if (!FunctionSchema.parse(printed).equals(schema)) {
                    failures.add("reparse is not equal: " + func);
                }
            } catch (SchemaParseException e) {
                failures.add("rejected: " + e.getMessage());
            }
        }
        assertTrue(failures.isEmpty(),
                failures.size() + " of " + funcs.size() + " schemas failed:\n" + String.join("\n", failures));
    }

    /**
     * Sanity checks on the classification, so that a parser putting arguments in the wrong bucket
     * cannot pass. The expected numbers were computed with torchgen 1.13.1's own model.py over the
     * same file (kind(), arguments.flat_positional / flat_kwarg_only / out, tensor_options, and
     * c10's four tensor-like types for the dispatch arguments).
     */
    @Test
    void classificationMatchesTorchgen() {
        Map<SchemaKind, Integer> kinds = new EnumMap<>(SchemaKind.class);
        int positional = 0;
        int kwargOnly = 0;
        int out = 0;
        int dispatch = 0;
        int tensorOptions = 0;
        int mutable = 0;
        for (String func : funcs) {
            FunctionSchema schema = FunctionSchema.parse(func);
            kinds.merge(schema.kind(), 1, Integer::sum);
            positional += schema.positionalArguments().size();
            kwargOnly += schema.kwargOnlyArguments().size();
            out += schema.outArguments().size();
            dispatch += schema.dispatchArguments().size();
            tensorOptions += schema.hasTensorOptions() ? 1 : 0;
            mutable += schema.isMutable() ? 1 : 0;
        }
        assertEquals(Map.of(SchemaKind.functional, 1518, SchemaKind.out, 662, SchemaKind.inplace, 309,
                SchemaKind.mutable, 4), kinds);
        assertEquals(6960, positional, "positional arguments");
        assertEquals(866, kwargOnly, "keyword-only (non-out) arguments");
        assertEquals(741, out, "out arguments");
        assertEquals(4675, dispatch, "dispatch arguments");
        assertEquals(93, tensorOptions, "schemas with TensorOptions");
        assertEquals(978, mutable, "schemas that mutate an argument");
    }
}
