package org.jitdispatch.runtime.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class OperatorNameTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', nullValues = "-", value = {
        "aten::add.Tensor | aten   | add      | Tensor",
        "add.Tensor       | ''     | add      | Tensor",
        "add              | ''     | add      | ''",
        "add_             | ''     | add_     | ''",
        "__iand__.Scalar  | ''     | __iand__ | Scalar",
        "myops::my_op     | myops  | my_op    | ''",
        "_foreach_add_.List | ''   | _foreach_add_ | List",
    })
    void parsesComponentsAndPrintsBackTheSameForm(String text, String namespace, String name, String overload) {
        OperatorName parsed = OperatorName.parse(text);
        assertEquals(new OperatorName(namespace, name, overload), parsed);
        assertEquals(text, parsed.toString());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        // name     | inplace | dunder | baseName
        "add        | false   | false  | add",
        "add_       | true    | false  | add",
        "_foreach_add_ | true | false  | _foreach_add",
        "__and__    | false   | true   | __and__",
        "__iand__   | true    | true   | __and__",
        "__iadd__   | true    | true   | __add__",
        "__ilshift__ | true   | true   | __lshift__",
        // not an augmented assignment, so not inplace (and it does not end in '_' as an ordinary name would)
        "__iinvert__ | false  | true   | __iinvert__",
        // torchgen's dunder pattern is __[^_]+__, so this is an ordinary name with a trailing '_'
        "__foo_bar__ | true   | false  | __foo_bar_",
        // torchgen checks for the _out suffix before stripping the inplace '_'
        "foo_out_   | true    | false  | foo_out",
        // torchgen would reject a non-inplace dunder starting with 'i'; we do not (TorchScript has aten::__is__)
        "__is__     | false   | true   | __is__",
    })
    void derivesInplaceAndDunderLikeTorchgen(String name, boolean inplace, boolean dunder, String baseName) {
        OperatorName parsed = OperatorName.parse(name);
        assertEquals(inplace, parsed.isInplace(), "isInplace");
        assertEquals(dunder, parsed.isDunder(), "isDunder");
        assertEquals(baseName, parsed.baseName(), "baseName");
    }

    @Test
    void qualifiedNameHasTheNamespaceButNotTheOverload() {
        assertEquals("aten::add_", OperatorName.parse("aten::add_.Tensor").qualifiedName());
        assertEquals("add_", OperatorName.parse("add_.Tensor").qualifiedName());
    }

    @Test
    void withNamespaceAndWithOverloadNameReplaceOneComponent() {
        OperatorName add = OperatorName.parse("add.Tensor");
        assertEquals("aten::add.Tensor", add.withNamespace("aten").toString());
        assertEquals("add.Tensor", add.withNamespace("aten").withNamespace("").toString());
        assertEquals("add.out", add.withOverloadName("out").toString());
        assertEquals("add", add.withOverloadName("").toString());
    }

    @Test
    void outSuffixIsReservedWithTorchgensMessage() {
        SchemaParseException e = assertThrows(SchemaParseException.class, () -> OperatorName.parse("aten::add_out.Tensor"));
        assertEquals("_out suffix is reserved and not permitted for operator names; did you mean to specify an out"
                + " overload name instead? (at column 1) in schema: aten::add_out.Tensor", e.getMessage());
        // An out *overload* is of course fine.
        assertEquals("out", OperatorName.parse("add.out").overloadName());
    }

    @Test
    void constructorValidatesLikeTheParser() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> new OperatorName("", "mul_out", ""));
        assertTrue(e.getMessage().startsWith("_out suffix is reserved"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new OperatorName("a-ten", "add", ""));
        assertThrows(IllegalArgumentException.class, () -> new OperatorName("", "", ""));
        assertThrows(IllegalArgumentException.class, () -> new OperatorName("", "add", "Tensor.Scalar"));
        assertThrows(NullPointerException.class, () -> new OperatorName(null, "add", ""));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "aten::", "add.", "add.Tensor.Scalar", "1add", "aten:add", " add", "add ", "_"})
    void rejectsMalformedNames(String text) {
        SchemaParseException e = assertThrows(SchemaParseException.class, () -> OperatorName.parse(text));
        assertTrue(e.column().isPresent(), "a name error points at a column: " + e.getMessage());
    }

    @Test
    void malformedNameMessagesSayWhatIsWrong() {
        assertEquals("expected an overload name after '.' but found end of input (at column 5) in schema: add.",
                assertThrows(SchemaParseException.class, () -> OperatorName.parse("add.")).getMessage());
        assertEquals("unexpected text after the operator name: '.Scalar' (at column 11) in schema: add.Tensor.Scalar",
                assertThrows(SchemaParseException.class, () -> OperatorName.parse("add.Tensor.Scalar")).getMessage());
    }

    @Test
    void plainNamesAreNotInplaceOrDunder() {
        OperatorName conv = OperatorName.parse("aten::convolution");
        assertFalse(conv.isInplace());
        assertFalse(conv.isDunder());
    }
}
