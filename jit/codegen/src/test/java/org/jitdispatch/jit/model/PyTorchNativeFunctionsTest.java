package org.jitdispatch.jit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.jitdispatch.runtime.schema.OperatorName;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.snakeyaml.engine.v2.api.Dump;
import org.snakeyaml.engine.v2.api.DumpSettings;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.common.FlowStyle;

/**
 * The model against real data: PyTorch 1.13.1's native_functions.yaml (the copy kept as test input in
 * the runtime module), with its dispatch tables cut down to the keys this project supports. Every
 * grouping, delegation and signature rule then runs over 2493 real entries; the only errors left are
 * those the cut itself causes, and each is a rule doing its job.
 */
class PyTorchNativeFunctionsTest {
    private static final Path NATIVE_FUNCTIONS = Path.of("../../runtime/src/test/resources/pytorch/native_functions.yaml");
    private static final Set<String> SUPPORTED = Set.of("CPU", "Meta", "Lazy", "PrivateUse1",
            "CompositeImplicitAutograd", "CompositeExplicitAutograd");
    private static final Pattern ENTRY = Pattern.compile("\\(in entry 'func: ([^(]+)\\(");

    private static List<Map<String, Object>> entries;

    @BeforeAll
    @SuppressWarnings("unchecked")
    static void readAndCutDispatchTables() throws IOException {
        String text = Files.readString(NATIVE_FUNCTIONS, StandardCharsets.UTF_8);
        entries = new ArrayList<>();
        for (Object o : (List<Object>) new Load(LoadSettings.builder().build()).loadFromString(text)) {
            Map<String, Object> e = new LinkedHashMap<>((Map<String, Object>) o);
            Object dispatch = e.get("dispatch");
            if (dispatch != null) {
                Map<String, Object> kept = new LinkedHashMap<>();
                ((Map<String, Object>) dispatch).forEach((keys, kernel) -> {
                    String ours = List.of(keys.split(",")).stream().map(String::strip).filter(SUPPORTED::contains)
                            .collect(Collectors.joining(", "));
                    if (!ours.isEmpty()) {
                        kept.put(ours, kernel);
                    }
                });
                if (kept.isEmpty()) {
                    e.remove("dispatch");
                } else {
                    e.put("dispatch", kept);
                }
            }
            entries.add(e);
        }
    }

    private static String yaml(List<Map<String, Object>> list) {
        DumpSettings settings = DumpSettings.builder().setDefaultFlowStyle(FlowStyle.BLOCK).setSplitLines(false).build();
        return new Dump(settings).dumpToString(list);
    }

    @Test
    void theOnlyErrorsAreThoseTheCutCauses() {
        assertEquals(2493, entries.size());
        OpsYamlException e = assertThrows(OpsYamlException.class,
                () -> OpsYaml.parse("native_functions.yaml", yaml(entries)));
        Map<String, String> messages = new TreeMap<>();
        for (OpsYamlError err : e.errors()) {
            Matcher m = ENTRY.matcher(err.message());
            assertTrue(m.find(), err.toString());
            messages.put(m.group(1), err.message());
        }
        Map<String, String> expected = Map.of(
                // Their only kernel was CompositeExplicitAutogradNonFunctional or CUDA: factories need one.
                "_cudnn_init_dropout_state", "expected _cudnn_init_dropout_state to have a CompositeExplicitAutograd",
                "new_empty_strided", "expected new_empty_strided to have a CompositeExplicitAutograd",
                // CompositeImplicitAutograd next to a NestedTensor kernel: alone it is the default table.
                "linear", "unnecessary dispatch table for this function",
                "matmul", "unnecessary dispatch table for this function",
                "matmul.out", "unnecessary dispatch table for this function",
                "reshape_as", "unnecessary dispatch table for this function",
                "_test_autograd_multiple_dispatch.ntonly", "unexpected name for singleton CompositeImplicitAutograd",
                // PyTorch combines CPU with CompositeImplicitAutograd here; our rule does not allow it.
                "native_channel_shuffle", "CompositeImplicitAutograd cannot be combined with other dispatch keys",
                "mish_backward", "CompositeImplicitAutograd cannot be combined with other dispatch keys");
        assertEquals(new TreeMap<>(expected).keySet(), messages.keySet());
        expected.forEach((op, start) -> assertTrue(messages.get(op).startsWith(start), messages.get(op)));
    }

    @Test
    void withoutThoseEntriesItLoadsWithEveryStructuredGroup() {
        Set<String> cut = Set.of("_cudnn_init_dropout_state", "new_empty_strided", "linear", "matmul", "matmul.out",
                "reshape_as", "_test_autograd_multiple_dispatch.ntonly", "native_channel_shuffle", "mish_backward");
        List<Map<String, Object>> kept = entries.stream()
                .filter(e -> !cut.contains(((String) e.get("func")).substring(0, ((String) e.get("func")).indexOf('('))))
                .toList();

        OpsYaml ops = OpsYaml.parse("native_functions.yaml", yaml(kept));

        assertEquals(2484, ops.functions().size());
        assertEquals(270, ops.structuredGroups().size(), "one per structured entry");
        assertEquals(110, ops.structuredGroups().stream().filter(g -> g.inplace().isPresent()).count());
        assertEquals(155, ops.structuredGroups().stream()
                .filter(g -> g.structuredInherits().equals(Optional.of("TensorIteratorBase"))).count());
        assertEquals(801, ops.ignoredKeys().size());

        StructuredGroup add = ops.structuredGroup(OperatorName.parse("add_.Tensor")).orElseThrow();
        assertEquals("add.Tensor", add.functional().name().toString());
        assertEquals("add.out", add.out().name().toString());
    }
}
