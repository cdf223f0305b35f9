package org.jitdispatch.jit.gen.api;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import java.util.ArrayList;
import java.util.List;
import org.jitdispatch.runtime.schema.Argument;
import org.jitdispatch.runtime.schema.FunctionSchema;
import org.jitdispatch.runtime.schema.SchemaKind;

/**
 * The Java signature of one API entry point of an operator, as ATen's C++ API lays it out: the function
 * form takes the arguments in schema order, except that out= functions take their out tensors first
 * (so that defaulted arguments can still be left off the end, like {@code at::add_out(out, self, other)});
 * the method form drops {@code self}. Overloads leave off trailing defaulted arguments.
 */
public final class ApiSignature {
    /** One Java parameter: the schema argument it carries and its Java type and name. */
    public record Param(Argument argument, TypeName type, String name) {
        public ParameterSpec spec() {
            return ParameterSpec.builder(type, name).build();
        }
    }

    private final FunctionSchema schema;
    private final List<Param> params;
    /** The receiver of the method form (the argument named self, wherever it is); null for functions. */
    private final Argument self;

    private ApiSignature(FunctionSchema schema, List<Param> params, Argument self) {
        this.schema = schema;
        this.params = params;
        this.self = self;
    }

    /** The full function form (every argument, out tensors first for out= functions). */
    public static ApiSignature function(FunctionSchema schema) {
        return new ApiSignature(schema, apiOrder(schema, null), null);
    }

    /**
     * The full method form: the argument named self is the receiver, wherever it is in the schema (as in
     * torchgen: {@code where.self(Tensor condition, Tensor self, Tensor other)} is {@code x.where(condition, other)}).
     */
    public static ApiSignature method(FunctionSchema schema) {
        Argument self = schema.arguments().stream().filter(a -> a.name().equals("self")).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("method variant of " + schema
                        + " needs a 'self' argument"));
        return new ApiSignature(schema, apiOrder(schema, self), self);
    }

    private static List<Param> apiOrder(FunctionSchema schema, Argument dropSelf) {
        List<Argument> ordered = new ArrayList<>();
        boolean out = schema.kind() == SchemaKind.out;
        if (out) {
            ordered.addAll(schema.outArguments());
        }
        for (Argument a : schema.arguments()) {
            if (!(out && schema.outArguments().contains(a))) {
                ordered.add(a);
            }
        }
        List<Param> params = new ArrayList<>();
        for (Argument a : ordered) {
            if (a == dropSelf) {
                continue;
            }
            params.add(new Param(a, ApiTypes.of(a.type()), JavaNames.param(a.name())));
        }
        return params;
    }

    public FunctionSchema schema() {
        return schema;
    }

    public List<Param> params() {
        return params;
    }

    public TypeName returnType() {
        return ApiTypes.returnType(schema.returns());
    }

    /**
     * How many leading parameters each overload takes, longest first: the full list, then one fewer for
     * every trailing defaulted argument.
     */
    public List<Integer> overloadArities() {
        List<Integer> arities = new ArrayList<>();
        int n = params.size();
        arities.add(n);
        while (n > 0 && params.get(n - 1).argument().hasDefault()) {
            n--;
            arities.add(n);
        }
        return arities;
    }

    /** Java erasure key of the overload taking the first {@code arity} parameters (for clash detection). */
    public String erasureKey(String methodName, int arity) {
        StringBuilder sb = new StringBuilder(methodName).append('(');
        for (int i = 0; i < arity; i++) {
            sb.append(params.get(i).type()).append(',');
        }
        return sb.append(')').toString();
    }

    /**
     * The arguments of a dispatcher call in schema order, with the receiver as {@code this} for methods and
     * the defaults filled in for parameters beyond {@code arity}.
     */
    public CodeBlock schemaOrderArguments(int arity) {
        List<CodeBlock> args = new ArrayList<>();
        for (Argument a : schema.arguments()) {
            if (a == self) {
                args.add(CodeBlock.of("this"));
                continue;
            }
            int i = indexOf(a);
            args.add(i < arity ? CodeBlock.of("$N", params.get(i).name()) : ApiTypes.defaultValue(a));
        }
        return CodeBlock.join(args, ", ");
    }

    private int indexOf(Argument a) {
        for (int i = 0; i < params.size(); i++) {
            if (params.get(i).argument() == a) {
                return i;
            }
        }
        throw new IllegalStateException(a + " is not a parameter");
    }
}
