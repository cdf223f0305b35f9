package org.jitdispatch.kernels.golden;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.lang.invoke.MethodHandle;
import org.jitdispatch.jit.spin.CallSites;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.OperatorHandle;
import org.jitdispatch.runtime.schema.Argument;
import org.jitdispatch.runtime.schema.OperatorName;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.opentest4j.AssertionFailedError;

/**
 * Every operator against the golden vectors that real PyTorch computed (src/test/resources/golden/*.json,
 * made by src/test/python/make_golden.py): one test per case, named after the op and its arguments,
 * grouped by file. A case calls its overload by name through the dispatcher's boxed path and checks the
 * result (dtype, sizes, strides, values, aliasing), the arguments an in-place or out= op writes, that
 * no other argument changed, and, for a case PyTorch rejects, the error message and that the call left
 * every tensor untouched.
 */
class GoldenVectorTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TestFactory
    Stream<DynamicContainer> pytorchGoldenVectors() throws IOException, URISyntaxException {
        URL dir = GoldenVectorTest.class.getResource("/golden");
        assertNotNull(dir, "no golden/ directory among the test resources");
        List<Path> files;
        try (Stream<Path> listing = Files.list(Path.of(dir.toURI()))) {
            // random.json holds sequences drawn from one generator, which RandomGoldenTest runs
            files = listing.filter(p -> p.toString().endsWith(".json") && !p.getFileName().toString().equals("random.json"))
                    .sorted().collect(Collectors.toList());
        }
        assertFalse(files.isEmpty(), "no golden/*.json files among the test resources");
        return files.stream().map(GoldenVectorTest::family);
    }

    private static DynamicContainer family(Path file) {
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file, e);
        }
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode c : root.get("cases")) {
            for (CallPath path : CallPath.values()) {
                tests.add(dynamicTest(c.get("name").asText() + path.suffix, () -> runNamed(c, path)));
            }
        }
        assertEquals(root.get("count").asInt() * CallPath.values().length, tests.size(), file + " lost cases");
        String name = file.getFileName().toString();
        return dynamicContainer(name.substring(0, name.length() - ".json".length()), tests.stream());
    }

    /**
     * How a case calls its operator. Every case runs both ways, so the vectors also prove that the compiled
     * call sites and the reference dispatcher agree on every operator, with PyTorch as the judge.
     */
    enum CallPath {
        /** The reference dispatcher's boxed call: {@code OperatorHandle.callBoxed}. */
        BOXED(""),
        /** The typed call through the operator's spun call site, as the generated API makes it. */
        SPUN(" [spun]");

        final String suffix;

        CallPath(String suffix) {
            this.suffix = suffix;
        }

        Object call(OperatorHandle handle, Object[] args) {
            if (this == BOXED) {
                return handle.callBoxed(args);
            }
            MethodHandle site = CallSites.of(Dispatcher.singleton()).invoker(handle, handle.signature());
            try {
                return site.invokeWithArguments(args);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable t) {
                throw new IllegalStateException(t);
            }
        }
    }

    /** Runs a case with its name at the start of any failure, since Maven's report shows no display names. */
    private static void runNamed(JsonNode c, CallPath path) {
        String name = c.get("name").asText() + path.suffix;
        try {
            run(c, path);
        } catch (AssertionFailedError e) {
            throw e.isExpectedDefined() && e.isActualDefined()
                    ? new AssertionFailedError(name + ": " + e.getMessage(), e.getExpected().getValue(), e.getActual().getValue(), e)
                    : new AssertionFailedError(name + ": " + e.getMessage(), e);
        } catch (RuntimeException | AssertionError e) {
            throw new AssertionFailedError(name + ": " + e, e);
        }
    }

    static void run(JsonNode c) {
        run(c, CallPath.BOXED);
    }

    static void run(JsonNode c, CallPath path) {
        String op = c.get("op").asText();
        AtenLibrary.load();
        OperatorHandle handle = Dispatcher.singleton().findSchema(OperatorName.parse(op))
                .orElseThrow(() -> new AssertionFailedError(op + " is not defined in ops.yaml yet"));
        List<String> names = handle.schema().arguments().stream().map(Argument::name).collect(Collectors.toList());
        JsonNode argsJson = c.get("args");
        if (names.size() != argsJson.size()) {
            fail(op + ": ops.yaml's schema has " + names.size() + " arguments, PyTorch's " + argsJson.size() + ": "
                    + handle.schema());
        }
        Object[] args = new Object[argsJson.size()];
        for (int i = 0; i < args.length; i++) {
            args[i] = GoldenValues.decode(argsJson.get(i));
        }

        Set<Integer> written = new HashSet<>();
        if (c.has("error")) {
            expectError(handle, args, c, path);
        } else {
            Object result = path.call(handle, args);
            GoldenAssert.assertResult("result", result, c.get("expected"), args, names);
            for (JsonNode m : c.path("mutated")) {
                int i = m.get("arg").asInt();
                written.add(i);
                GoldenAssert.assertTensor("argument '" + names.get(i) + "' after the call", args[i], m.get("value"));
            }
        }
        for (int i = 0; i < args.length; i++) {
            if (!written.contains(i) && GoldenAssert.tensorsIn(args[i]).length > 0) {
                GoldenAssert.assertUnchanged("argument '" + names.get(i) + "'", args[i], argsJson.get(i));
            }
        }
    }

    /** PyTorch's message exactly, or (with "match": "prefix") a message that starts with it. */
    private static void expectError(OperatorHandle handle, Object[] args, JsonNode c, CallPath path) {
        JsonNode error = c.get("error");
        String expected = error.get("message").asText();
        Object result;
        try {
            result = path.call(handle, args);
        } catch (RuntimeException e) {
            String actual = String.valueOf(e.getMessage());
            boolean prefix = "prefix".equals(c.path("match").asText());
            if (prefix ? !actual.startsWith(expected) : !actual.equals(expected)) {
                throw new AssertionFailedError("the " + e.getClass().getSimpleName() + "'s message differs from PyTorch's "
                        + error.get("type").asText() + (prefix ? " (prefix)" : "") + " ==> expected: <" + expected
                        + "> but was: <" + actual + ">", expected, actual, e);
            }
            return;
        }
        fail("PyTorch raises " + error.get("type").asText() + ": " + expected + "\nbut the call returned " + result);
    }
}
