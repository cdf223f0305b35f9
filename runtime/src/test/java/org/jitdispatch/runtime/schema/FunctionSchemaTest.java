package org.jitdispatch.runtime.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalInt;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class FunctionSchemaTest {

    private static final Type TENSOR = new BaseType(BaseTy.TENSOR);

    private static List<String> names(List<Argument> arguments) {
        return arguments.stream().map(Argument::name).collect(Collectors.toList());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
        "myops::my_relu(Tensor self) -> Tensor",
        "_fused_dropout(Tensor self, float p, Generator? generator=None) -> (Tensor, Tensor)",
        "topk.values(Tensor self, int k, int dim=-1, bool largest=True, bool sorted=True, *, Tensor(a!) values,"
                + " Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
        "_cummax_helper(Tensor self, Tensor(a!) values, Tensor(b!) indices, int dim) -> ()",
        "unbind.int(Tensor(a -> *) self, int dim=0) -> Tensor(a)[]",
        "affine_grid_generator(Tensor theta, int[] size, bool align_corners) -> Tensor grid",
        "split_with_sizes_copy(Tensor self, int[] split_sizes, int dim=0) -> Tensor[]",
        "quantized::conv2d(Tensor qx, __torch__.torch.classes.quantized.Conv2dPackedParamsBase packed_weight,"
                + " float output_scale, int output_zero_point) -> Tensor",
        "alias(Tensor(a) self) -> Tensor(a)",
        "_foreach_add_.Scalar(Tensor(a!)[] self, Scalar scalar) -> ()",
        "f() -> ()",
        "f(*, Tensor x) -> Tensor",
    })
    void printsBackExactly(String text) {
        FunctionSchema schema = FunctionSchema.parse(text);
        assertEquals(text, schema.toString());
        assertEquals(schema, FunctionSchema.parse(schema.toString()));
    }

    @Test
    void namedTupleReturns() {
        FunctionSchema max = FunctionSchema.parse("max.dim_max(Tensor self, int dim, bool keepdim=False, *,"
                + " Tensor(a!) max, Tensor(b!) max_values) -> (Tensor(a!) values, Tensor(b!) indices)");
        assertEquals(List.of(new Return("values", TENSOR, Annotation.of("a", true)),
                new Return("indices", TENSOR, Annotation.of("b", true))), max.returns());
        assertTrue(max.returns().get(0).isWrite());
    }

    @Test
    void singleAndEmptyReturns() {
        assertEquals(List.of(), FunctionSchema.parse("f(Tensor self) -> ()").returns());
        assertEquals(List.of(Return.of(TENSOR)), FunctionSchema.parse("f(Tensor self) -> Tensor").returns());
        assertEquals(List.of(new Return("grid", TENSOR, null)), FunctionSchema.parse("f(Tensor t) -> Tensor grid").returns());
        Return view = FunctionSchema.parse("f(Tensor(a) self) -> Tensor(a)").returns().get(0);
        assertEquals(Annotation.of("a", false), view.annotation());
        assertNull(view.name());
        assertEquals(List.of(new Return(null, new ListType(TENSOR), Annotation.of("a", false))),
                FunctionSchema.parse("f(Tensor(a -> *) self) -> Tensor(a)[]").returns());
    }

    @Test
    void namespaceAndOverloadAreKept() {
        FunctionSchema add = FunctionSchema.parse("aten::add_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)");
        assertEquals(new OperatorName("aten", "add_", "Tensor"), add.name());
        assertTrue(add.name().isInplace());
    }

    @Test
    void argumentsAreSplitIntoPositionalKwargOnlyAndOut() {
        FunctionSchema schema = FunctionSchema.parse("addmm.out(Tensor self, Tensor mat1, Tensor mat2, *,"
                + " Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)");
        assertEquals(List.of("self", "mat1", "mat2", "beta", "alpha", "out"), names(schema.arguments()));
        assertEquals(List.of("self", "mat1", "mat2"), names(schema.positionalArguments()));
        assertEquals(List.of("beta", "alpha"), names(schema.kwargOnlyArguments()));
        assertEquals(List.of("out"), names(schema.outArguments()));
        assertTrue(schema.outArguments().get(0).kwargOnly());
        assertEquals("self", schema.selfArgument().orElseThrow().name());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor | functional",
        "add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!) | inplace",
        "__iand__.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!) | inplace",
        "_foreach_add_.Scalar(Tensor(a!)[] self, Scalar scalar) -> () | inplace",
        "add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!) | out",
        "_cummax_helper(Tensor self, Tensor(a!) values, Tensor(b!) indices, int dim) -> () | mutable",
        "_conv.out(Tensor self, *, Tensor(a!) out, Tensor(b!) _scratch_workspace) -> Tensor(a!) | scratch",
        // torchgen counts only mutable arguments after self; mutating self alone leaves it functional
        "set_data(Tensor(a!) self, Tensor new_data) -> () | functional",
    })
    void kindFollowsTorchgen(String schema, SchemaKind kind) {
        assertEquals(kind, FunctionSchema.parse(schema).kind());
    }

    @Test
    void isMutableMeansSomeArgumentIsWritten() {
        assertTrue(FunctionSchema.parse("set_data(Tensor(a!) self, Tensor new_data) -> ()").isMutable());
        assertTrue(FunctionSchema.parse("abs.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)").isMutable());
        assertFalse(FunctionSchema.parse("alias(Tensor(a) self) -> Tensor(a)").isMutable());
    }

    @Test
    void dispatchArgumentsAreTheTensorLikeOnesInOrder() {
        FunctionSchema schema = FunctionSchema.parse("f(Tensor[]? a, int b, Tensor? c, Tensor?[] d, Scalar e,"
                + " Tensor[] f, *, Tensor g, int[] h, Tensor(a!) out) -> Tensor(a!)");
        assertEquals(List.of("c", "d", "f", "g", "out"), names(schema.dispatchArguments()));
        assertEquals(List.of("condition", "self", "other"), names(FunctionSchema.parse(
                "where.self(Tensor condition, Tensor self, Tensor other) -> Tensor").dispatchArguments()));
        assertEquals(List.of(), names(FunctionSchema.parse(
                "scalar_tensor(Scalar s, *, ScalarType? dtype=None) -> Tensor").dispatchArguments()));
    }

    @Test
    void tensorOptionsAreRecognisedAsTorchgenGroupsThem() {
        assertTrue(FunctionSchema.parse("empty.memory_format(SymInt[] size, *, ScalarType? dtype=None,"
                + " Layout? layout=None, Device? device=None, bool? pin_memory=None,"
                + " MemoryFormat? memory_format=None) -> Tensor").hasTensorOptions());
        assertFalse(FunctionSchema.parse("f(Tensor self, *, ScalarType? dtype=None, Layout? layout=None,"
                + " bool? pin_memory=None, Device? device=None) -> Tensor").hasTensorOptions(), "order matters");
        assertFalse(FunctionSchema.parse("f(ScalarType? dtype, Layout? layout, Device? device, bool? pin_memory)"
                + " -> Tensor").hasTensorOptions(), "only keyword-only arguments count");
    }

    @Test
    void outArgumentsNeedNotBeReturned() {
        // torchgen's count assert would reject this although its message allows it; we allow it (see SchemaInvariants).
        FunctionSchema schema = FunctionSchema.parse("foo.out(Tensor self, *, Tensor(a!) out) -> ()");
        assertEquals(SchemaKind.out, schema.kind());
        assertEquals(SchemaKind.out, FunctionSchema.parse(
                "_foreach_add.List_out(Tensor[] self, Tensor[] other, *, Scalar alpha=1, Tensor(a!)[] out) -> ()").kind());
    }

    @Test
    void whitespaceIsCanonicalised() {
        assertEquals("aten::foo(Tensor(a!) self, int[2] x=[1, 2], *, Tensor(b!) out) -> Tensor(b!)",
                FunctionSchema.parse("  aten::foo ( Tensor ( a ! ) self ,int [2] x = [1, 2],* ,Tensor(b!)  out )->"
                        + "Tensor(b!)  ").toString());
        // A parenthesised single return is printed without the parentheses, as torchgen and c10 do.
        assertEquals("f(Tensor self) -> Tensor values",
                FunctionSchema.parse("f(Tensor self) -> (Tensor values)").toString());
    }

    @Test
    void equalityIsStructural() {
        String text = "f(Tensor self, int[1] dim=[-1], *, bool keepdim=False) -> Tensor";
        FunctionSchema a = FunctionSchema.parse(text);
        FunctionSchema b = FunctionSchema.parse(text.replace(", ", ",  "));
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, FunctionSchema.parse("f(Tensor self, int[1] dim=[-1], bool keepdim=False) -> Tensor"),
                "keyword-only is part of the structure");
        assertNotEquals(a, FunctionSchema.parse("f(Tensor self, int[1] dim=-1, *, bool keepdim=False) -> Tensor"),
                "the default is compared by its text");
        assertNotEquals(a, FunctionSchema.parse("g(Tensor self, int[1] dim=[-1], *, bool keepdim=False) -> Tensor"));
    }

    @Test
    void ofBuildsAndValidatesFromParts() {
        OperatorName name = OperatorName.parse("aten::abs.out");
        Argument self = Argument.of("self", TENSOR);
        Argument out = new Argument("out", TENSOR, Annotation.of("a", true), null, true);
        FunctionSchema schema = FunctionSchema.of(name, List.of(self, out),
                List.of(new Return(null, TENSOR, Annotation.of("a", true))));
        assertEquals("aten::abs.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", schema.toString());
        assertEquals(FunctionSchema.parse(schema.toString()), schema);

        SchemaParseException e = assertThrows(SchemaParseException.class,
                () -> FunctionSchema.of(name, List.of(out, self), List.of()));
        assertEquals("positional argument 'self' follows keyword-only argument 'out'"
                + " in schema: aten::abs.out(*, Tensor(a!) out, Tensor self) -> ()", e.getMessage());
        assertEquals(OptionalInt.empty(), e.offset());
    }

    @Test
    void listsAreImmutable() {
        FunctionSchema schema = FunctionSchema.parse("f(Tensor self, *, Tensor(a!) out) -> Tensor(a!)");
        assertThrows(UnsupportedOperationException.class, () -> schema.arguments().clear());
        assertThrows(UnsupportedOperationException.class, () -> schema.outArguments().clear());
        assertThrows(UnsupportedOperationException.class, () -> schema.dispatchArguments().clear());
        assertThrows(UnsupportedOperationException.class, () -> schema.returns().clear());
    }

    @Test
    void parseErrorsCarryTheirPosition() {
        SchemaParseException e = assertThrows(SchemaParseException.class,
                () -> FunctionSchema.parse("f(Tensor self, Tensr other) -> Tensor"));
        assertEquals(OptionalInt.of(15), e.offset());
        assertEquals(OptionalInt.of(16), e.column());
        assertEquals("f(Tensor self, Tensr other) -> Tensor", e.input());
        assertTrue(e.reason().startsWith("unrecognized type 'Tensr'"), e.reason());
        assertTrue(e instanceof IllegalArgumentException);
    }

    @Test
    void stringDefaultsWithEscapesRoundTrip() {
        // Verbatim from native_functions.yaml.
        String text = "_test_string_default(Tensor dummy, str a=\"\\\"'\\\\\", str b='\"\\'\\\\') -> Tensor";
        FunctionSchema schema = FunctionSchema.parse(text);
        assertEquals(text, schema.toString());
        DefaultValue a = schema.arguments().get(1).parsedDefault().orElseThrow();
        DefaultValue b = schema.arguments().get(2).parsedDefault().orElseThrow();
        assertEquals(new DefaultValue.Str("\"'\\", '"'), a);
        assertEquals(new DefaultValue.Str("\"'\\", '\''), b);
    }
}
