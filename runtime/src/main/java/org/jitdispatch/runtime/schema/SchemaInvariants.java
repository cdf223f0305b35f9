package org.jitdispatch.runtime.schema;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The rules a schema must satisfy beyond its grammar. Most are torchgen's asserts (in
 * FunctionSchema.__post_init__, Arguments, kind() and aliased_return_names), ported with their
 * wording where they have any; the exceptions are marked. torchgen's asserts about YAML keys
 * (structured, dispatch, ...) belong to the module that reads native_functions.yaml.
 *
 * <p>Each rule throws an {@link IllegalArgumentException} with the reason;
 * {@link FunctionSchema} attaches the schema text. The order is chosen so that the first
 * complaint is the most specific one.
 *
 * <p>Deliberately not ported: c10's "Non-default positional argument follows default argument"
 * check. torchgen does not make it (and native_functions.yaml happens to satisfy it anyway).
 */
final class SchemaInvariants {

    private SchemaInvariants() {}

    static void check(FunctionSchema s) {
        argumentOrder(s);
        uniqueNames(s);
        noMutablePreSelfPositional(s);
        notBothInplaceAndOut(s);
        inplaceMutatesAndReturnsSelf(s);
        outArgumentsAreReturned(s);
        returnsNotMixedMutable(s);
        mutableReturnsAliasOutOrSelf(s);
        mutablePositionalsNotReturned(s);
        returnsAliasAtMostOneInput(s);
        tensorOptionsOnlyOnFunctional(s);
        functionalOverloadIsFunctional(s);
    }

    /**
     * Positional arguments precede keyword-only ones (that is what '*' means), and out arguments
     * come after all other keyword-only arguments (torchgen's _preparse asserts this, wordlessly).
     */
    private static void argumentOrder(FunctionSchema s) {
        Argument firstKwargOnly = null;
        Argument firstOut = null;
        for (Argument a : s.arguments()) {
            if (!a.kwargOnly()) {
                if (firstKwargOnly != null) {
                    throw violation("positional argument '" + a.name() + "' follows keyword-only argument '"
                            + firstKwargOnly.name() + "'");
                }
            } else {
                if (firstKwargOnly == null) {
                    firstKwargOnly = a;
                }
                if (a.isWrite() && firstOut == null) {
                    firstOut = a;
                } else if (!a.isWrite() && firstOut != null) {
                    throw violation("keyword-only argument '" + a.name() + "' follows out argument '" + firstOut.name()
                            + "'; out arguments (mutable keyword-only arguments) must come last");
                }
            }
        }
    }

    /** Not a torchgen assert, but duplicate names make the C++ and Python bindings ill-formed. */
    private static void uniqueNames(FunctionSchema s) {
        Set<String> seen = new HashSet<>();
        for (Argument a : s.arguments()) {
            if (!seen.add(a.name())) {
                throw violation("duplicate argument name '" + a.name() + "'");
            }
        }
        seen.clear();
        for (Return r : s.returns()) {
            if (r.name() != null && !seen.add(r.name())) {
                throw violation("duplicate return name '" + r.name() + "'");
            }
        }
    }

    /** torchgen Arguments.__post_init__. */
    private static void noMutablePreSelfPositional(FunctionSchema s) {
        for (Argument a : s.preSelfPositional()) {
            if (a.isWrite()) {
                throw violation("mutable pre_self_positional arguments are not currently supported in the schema"
                        + " (argument '" + a.name() + "' comes before self)");
            }
        }
    }

    /** torchgen kind(): {@code assert not (is_out and is_inplace)}. */
    private static void notBothInplaceAndOut(FunctionSchema s) {
        if (s.name().isInplace() && !s.outArguments().isEmpty()) {
            throw violation("an operator cannot be both inplace and out= (inplace name '" + s.name().name()
                    + "', out argument '" + s.outArguments().get(0).name() + "')");
        }
    }

    /**
     * torchgen: an inplace op has a mutable self; with an ordinary Tensor self it returns self (for
     * method chaining), otherwise (e.g. Tensor[] self) it returns nothing.
     */
    private static void inplaceMutatesAndReturnsSelf(FunctionSchema s) {
        if (!s.name().isInplace()) {
            return;
        }
        Argument self = s.selfArgument().orElse(null);
        if (self == null || !self.isWrite()) {
            throw violation("inplace operators must have a mutable self argument, e.g. Tensor(a!) self; found "
                    + (self == null ? "no self argument" : "'" + self + "'"));
        }
        if (self.type().is(BaseTy.TENSOR)) {
            if (s.returns().size() != 1 || !Objects.equals(s.returns().get(0).annotation(), self.annotation())) {
                throw violation("All inplace ops with an ordinary Tensor self argument should return self, to allow for"
                        + " method chaining (expected -> Tensor(" + self.annotation() + "))");
            }
        } else if (!s.returns().isEmpty()) {
            throw violation("inplace ops whose self is not an ordinary Tensor (here " + self.type()
                    + ") should return nothing, since you can't method-chain on them");
        }
    }

    /**
     * torchgen: the i-th out argument corresponds to the i-th return; ops with non-Tensor (e.g.
     * Tensor[]) out arguments return nothing; and otherwise there are as many returns as
     * (non-scratch) out arguments.
     *
     * <p>Deviation: torchgen's count check also rejects returning nothing from an op with plain
     * Tensor out arguments, although its message says "or no return at all". We allow that, as the
     * message (and c10) do.
     */
    private static void outArgumentsAreReturned(FunctionSchema s) {
        List<Argument> out = s.outArguments();
        List<Return> returns = s.returns();
        for (int i = 0; i < Math.min(out.size(), returns.size()); i++) {
            if (!Objects.equals(out.get(i).annotation(), returns.get(i).annotation())) {
                throw violation("Out arguments must have matching return Tensor; furthermore, the ith-argument needs to"
                        + " correspond to the ith return (out argument " + i + " is '" + out.get(i) + "' but "
                        + describe(returns.get(i), i) + ")");
            }
        }
        if (out.isEmpty() || returns.isEmpty()) {
            return;
        }
        if (out.stream().anyMatch(a -> !a.type().is(BaseTy.TENSOR))) {
            throw violation("out= ops that accept tensor lists as out arguments are expected to have no return type"
                    + " (since you can't do method chaining on them)");
        }
        long returned = out.stream().filter(a -> !a.name().startsWith("_scratch_")).count();
        if (returned != returns.size()) {
            throw violation("Must return as many arguments as there are out arguments, or no return at all ("
                    + count(returned, "out argument") + ", " + count(returns.size(), "return") + ")");
        }
    }

    /** torchgen: no "-> (Tensor(a!), Tensor)". */
    private static void returnsNotMixedMutable(FunctionSchema s) {
        boolean anyMutable = s.returns().stream().anyMatch(Return::isWrite);
        boolean anyImmutable = s.returns().stream().anyMatch(r -> !r.isWrite());
        if (anyMutable && anyImmutable) {
            throw violation("Operators must have either only mutable returns, or only immutable returns");
        }
    }

    /** torchgen: a mutable return is an out argument or self coming back (see its Note [is_out_fn]). */
    private static void mutableReturnsAliasOutOrSelf(FunctionSchema s) {
        List<Annotation> outAndSelf =
                s.outArguments().stream().map(Argument::annotation).collect(Collectors.toCollection(ArrayList::new));
        s.selfArgument().ifPresent(self -> outAndSelf.add(self.annotation()));
        for (int i = 0; i < s.returns().size(); i++) {
            Return r = s.returns().get(i);
            if (r.isWrite() && !outAndSelf.contains(r.annotation())) {
                throw violation("All mutable returns must be aliased either to a keyword argument, or to \"self\"."
                        + " Did you forget to mark an out argument as keyword-only? (" + describe(r, i) + ")");
            }
        }
    }

    /**
     * torchgen: mutable positional arguments other than self are not returned, which keeps such
     * ops groupable with their functional and out= counterparts.
     */
    private static void mutablePositionalsNotReturned(FunctionSchema s) {
        for (Argument a : s.postSelfPositional()) {
            if (a.isWrite() && s.returns().stream().anyMatch(r -> a.annotation().equals(r.annotation()))) {
                throw violation("If you have a schema with mutable positional args, we expect them to not be returned"
                        + " (argument '" + a.name() + "' is returned)");
            }
        }
    }

    /** torchgen aliased_return_names(): each return is at most one input coming back. */
    private static void returnsAliasAtMostOneInput(FunctionSchema s) {
        for (int i = 0; i < s.returns().size(); i++) {
            Return r = s.returns().get(i);
            if (r.annotation() == null) {
                continue;
            }
            List<String> aliased = s.arguments().stream()
                    .filter(a -> r.annotation().equals(a.annotation()))
                    .map(Argument::name)
                    .collect(Collectors.toList());
            if (aliased.size() > 1) {
                throw violation("Found a return (" + r + " at index " + i + ") that aliases multiple inputs ("
                        + String.join(", ", aliased) + ")");
            }
        }
    }

    /** torchgen: TensorOptions arguments are only for factory functions. */
    private static void tensorOptionsOnlyOnFunctional(FunctionSchema s) {
        if (s.hasTensorOptions() && s.kind() != SchemaKind.functional) {
            throw violation("Found an operator that is not functional, but has tensor options arguments."
                    + " This is not allowed - tensor options arguments are only allowed for factory functions.");
        }
    }

    /** torchgen: "functional" in an overload name is reserved for functional variants. */
    private static void functionalOverloadIsFunctional(FunctionSchema s) {
        if (s.name().overloadName().contains("functional") && s.kind() != SchemaKind.functional) {
            throw violation("Found an operator that is not functional, but its overload contains the string"
                    + " 'functional'. This is a special keyword in the codegen, please use a different overload name.");
        }
    }

    private static String describe(Return r, int index) {
        return "return " + index + " is '" + r + "'";
    }

    private static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private static IllegalArgumentException violation(String reason) {
        return new IllegalArgumentException(reason);
    }
}
