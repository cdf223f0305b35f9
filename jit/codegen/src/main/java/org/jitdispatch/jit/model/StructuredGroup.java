package org.jitdispatch.jit.model;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import org.jitdispatch.runtime.schema.OperatorName;
import org.jitdispatch.runtime.schema.SchemaKind;

/**
 * A structured kernel and the functions generated from it: torchgen's {@code NativeFunctionsGroup} for
 * the structured case. The out= function is structured; the functional and (optional) inplace functions
 * have the same signature (torchgen's {@code FunctionSchema.signature()}: same base name, arguments
 * without out arguments, annotations or TensorOptions) and name the out= function as their
 * {@code structured_delegate}. The generator builds their CPU kernels, and the Meta kernels of all three,
 * from the out= function's meta and impl functions.
 *
 * @param functional the functional variant ({@code add.Tensor})
 * @param inplace the inplace variant ({@code add_.Tensor}), if the file declares one
 * @param out the structured out= variant ({@code add.out})
 */
public record StructuredGroup(NativeFunction functional, Optional<NativeFunction> inplace, NativeFunction out) {

    public StructuredGroup {
        Objects.requireNonNull(functional, "functional");
        Objects.requireNonNull(inplace, "inplace");
        Objects.requireNonNull(out, "out");
        // The loader only builds valid groups; these guard against misuse of the constructor.
        if (!out.isStructured() || out.kind() != SchemaKind.out || functional.kind() != SchemaKind.functional
                || inplace.map(f -> f.kind() != SchemaKind.inplace).orElse(false)) {
            throw new IllegalArgumentException("not a structured group: " + functional.name() + ", "
                    + inplace.map(f -> f.name() + ", ").orElse("") + out.name());
        }
    }

    /** The out= function's name, which the other members name as their structured_delegate. */
    public OperatorName name() {
        return out.name();
    }

    /** The out= function's {@code structured_inherits}: the class its meta class extends, if not the default. */
    public Optional<String> structuredInherits() {
        return out.structuredInherits();
    }

    /** The members: functional, then out, then inplace if present (torchgen's order). */
    public List<NativeFunction> functions() {
        return Stream.concat(Stream.of(functional, out), inplace.stream()).toList();
    }
}
