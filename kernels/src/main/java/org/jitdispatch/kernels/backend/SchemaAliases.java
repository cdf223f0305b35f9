package org.jitdispatch.kernels.backend;

import java.util.List;
import org.jitdispatch.runtime.schema.Argument;
import org.jitdispatch.runtime.schema.FunctionSchema;
import org.jitdispatch.runtime.schema.Return;

/**
 * What a schema's alias annotations tell the {@link CpuFallback}: a return annotated {@code Tensor(a!)} is an
 * input the operator wrote (in-place and out= operators), to be handed back as the caller's own tensor; a
 * return annotated {@code Tensor(a)} is a view of an input, which a copy made on the CPU cannot be.
 */
final class SchemaAliases {
    private SchemaAliases() {
    }

    /** The first return that is a view of an input ({@code Tensor(a)}), or null when the operator makes none. */
    static Return viewReturn(FunctionSchema schema) {
        for (Return r : schema.returns()) {
            if (r.annotation() != null && !r.isWrite()) {
                return r;
            }
        }
        return null;
    }

    /**
     * The position of the written argument that a written return ({@code Tensor(a!)}) hands back: the argument
     * with the same alias set. A schema without one is inconsistent, as PyTorch's cpu_fallback reports.
     */
    static int writtenArgumentOf(FunctionSchema schema, String opName, Return written) {
        List<Argument> args = schema.arguments();
        for (int i = 0; i < args.size(); i++) {
            Argument a = args.get(i);
            if (a.isWrite() && a.annotation().aliasSet().equals(written.annotation().aliasSet())) {
                return i;
            }
        }
        throw new IllegalStateException("The operator " + opName + " appears to have invalid alias information:"
                + " its return " + written + " is written, but no argument is written with the same alias set");
    }
}
