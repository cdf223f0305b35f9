package org.jitdispatch.jit.model;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.jitdispatch.runtime.schema.Argument;
import org.jitdispatch.runtime.schema.BaseTy;
import org.jitdispatch.runtime.schema.FunctionSchema;
import org.jitdispatch.runtime.schema.OptionalType;
import org.jitdispatch.runtime.schema.Return;
import org.jitdispatch.runtime.schema.Type;

/**
 * torchgen's {@code FunctionSchema.signature()}: what the functional, inplace, out= and mutable variants
 * of one function have in common, used as the key that groups them (torchgen's
 * {@code pre_group_native_functions}). From the schema it
 * <ul>
 *   <li>keeps the namespace and the base name, dropping the overload name and the inplace marker;
 *   <li>drops out arguments and the TensorOptions group ({@code dtype, layout, device, pin_memory}, so a
 *       factory function pairs with its out= variant), and the alias annotations of the rest;
 *   <li>turns the returns into their bare types, followed by the types of mutated inputs that are not
 *       already returned ({@code self}, then out arguments, then later positional arguments).
 * </ul>
 * Defaults are kept ({@code strip_default=False}). torchgen's special case for {@code bernoulli.p} is
 * not ported.
 */
record Signature(String namespace, String baseName, List<Argument> arguments, List<Type> returns) {

    Signature {
        arguments = List.copyOf(arguments);
        returns = List.copyOf(returns);
    }

    static Signature of(FunctionSchema func) {
        List<Argument> arguments = new ArrayList<>();
        func.positionalArguments().forEach(a -> arguments.add(stripped(a)));
        List<Argument> kwargOnly = func.kwargOnlyArguments();
        int options = tensorOptionsStart(kwargOnly);
        for (int i = 0; i < kwargOnly.size(); i++) {
            if (options < 0 || i < options || i >= options + TENSOR_OPTIONS.length) {
                arguments.add(stripped(kwargOnly.get(i)));
            }
        }

        List<Type> returns = new ArrayList<>();
        func.returns().forEach(r -> returns.add(r.type()));
        List<Argument> mutated = new ArrayList<>();
        func.selfArgument().ifPresent(mutated::add);
        mutated.addAll(func.outArguments());
        mutated.addAll(postSelfPositional(func));
        for (Argument a : mutated) {
            if (a.isWrite() && func.returns().stream().map(Return::annotation).noneMatch(a.annotation()::equals)) {
                returns.add(a.type());
            }
        }
        return new Signature(func.name().namespace(), func.name().baseName(), arguments, returns);
    }

    private static Argument stripped(Argument a) {
        return new Argument(a.name(), a.type(), null, a.defaultValue(), a.kwargOnly());
    }

    private static List<Argument> postSelfPositional(FunctionSchema func) {
        List<Argument> positional = func.positionalArguments();
        int self = func.selfArgument().map(positional::indexOf).orElse(-1);
        return positional.subList(self + 1, positional.size());
    }

    private record OptionSlot(String name, BaseTy type) {
        boolean matches(Argument a) {
            Type t = a.type() instanceof OptionalType o ? o.elem() : a.type();
            return a.name().equals(name) && t.is(type);
        }
    }

    /** torchgen's TensorOptions predicates, in order: the name and the (possibly optional) type. */
    private static final OptionSlot[] TENSOR_OPTIONS = {
        new OptionSlot("dtype", BaseTy.SCALAR_TYPE),
        new OptionSlot("layout", BaseTy.LAYOUT),
        new OptionSlot("device", BaseTy.DEVICE),
        new OptionSlot("pin_memory", BaseTy.BOOL),
    };

    /** Index of the first of the four consecutive TensorOptions arguments, or -1 (torchgen's _preparse). */
    private static int tensorOptionsStart(List<Argument> kwargOnly) {
        outer:
        for (int start = 0; start + TENSOR_OPTIONS.length <= kwargOnly.size(); start++) {
            for (int i = 0; i < TENSOR_OPTIONS.length; i++) {
                if (!TENSOR_OPTIONS[i].matches(kwargOnly.get(start + i))) {
                    continue outer;
                }
            }
            return start;
        }
        return -1;
    }

    /** Schema-like text for messages, e.g. {@code add(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor}. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(namespace.isEmpty() ? baseName : namespace + "::" + baseName).append('(');
        boolean marked = false;
        for (int i = 0; i < arguments.size(); i++) {
            Argument a = arguments.get(i);
            s.append(i == 0 ? "" : ", ");
            if (a.kwargOnly() && !marked) {
                s.append("*, ");
                marked = true;
            }
            s.append(a);
        }
        s.append(") -> ");
        String types = returns.stream().map(Type::toString).collect(Collectors.joining(", "));
        return s.append(returns.size() == 1 ? types : "(" + types + ")").toString();
    }
}
