package org.jitdispatch.jit.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The additions the ops.yaml model needs: strict booleans, nested mappings with lines, plain reasons. */
class YamlEntryTest {

    private static YamlEntry entry(String text) {
        return YamlFile.parse("f.yaml", text).entries().get(0);
    }

    @Test
    void booleansAreUnquotedTrueOrFalse() {
        YamlEntry e = entry("- func: f() -> ()\n  a: True\n  b: false\n  c: true\n  d: False\n");
        assertEquals(Optional.of(true), e.bool("a"));
        assertEquals(Optional.of(false), e.bool("b"));
        assertEquals(Optional.of(true), e.bool("c"));
        assertEquals(Optional.of(false), e.bool("d"));
        assertEquals(Optional.empty(), e.bool("missing"));
    }

    @Test
    void anythingElseIsAnErrorNamingTheKey() {
        YamlEntry e = entry("- func: f() -> ()\n  yes_: yes\n  quoted: \"True\"\n  list: [True]\n  one: 1\n");
        assertEquals("f.yaml:2: 'yes_' must be a YAML boolean (True or False), not 'yes' (in entry 'func: f() -> ()')",
                assertThrows(YamlException.class, () -> e.bool("yes_")).getMessage());
        assertEquals("'quoted' must be a YAML boolean (True or False), not the string 'True' (in entry 'func: f() -> ()')",
                assertThrows(YamlException.class, () -> e.bool("quoted")).reason());
        assertEquals(4, assertThrows(YamlException.class, () -> e.bool("list")).line());
        assertThrows(YamlException.class, () -> e.bool("one"));
    }

    @Test
    void mapItemsKeepTheirLines() {
        YamlEntry e = entry("- func: f() -> ()\n  dispatch:\n    CPU, Meta: f\n\n    Lazy: Lazy::f\n");
        assertEquals(Optional.of(List.of(new YamlEntry.MapItem("CPU, Meta", "f", 3),
                new YamlEntry.MapItem("Lazy", "Lazy::f", 5))), e.scalarMapItems("dispatch"));
        assertEquals(Optional.empty(), e.scalarMapItems("missing"));
    }

    @Test
    void duplicateKeysInANestedMappingPointAtTheDuplicate() {
        YamlException ex = assertThrows(YamlException.class,
                () -> entry("- func: f() -> ()\n  dispatch:\n    CPU: f\n    CPU: g\n"));
        assertEquals("f.yaml:4: duplicate key 'CPU' in 'dispatch' (first at line 3) (in entry 'func: f() -> ()')",
                ex.getMessage());
    }

    @Test
    void errorAtNamesTheEntry() {
        YamlException ex = entry("- func: f() -> ()\n").errorAt(7, "problem");
        assertEquals(7, ex.line());
        assertEquals("problem (in entry 'func: f() -> ()')", ex.reason());
        assertEquals("f.yaml:7: problem (in entry 'func: f() -> ()')", ex.getMessage());
    }
}
