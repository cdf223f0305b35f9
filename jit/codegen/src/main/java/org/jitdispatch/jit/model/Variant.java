package org.jitdispatch.jit.model;

/**
 * The values of an entry's {@code variants:} key (torchgen's {@code Variant}): whether the operator is
 * exposed as a static function, as a method on {@code Tensor}, or both. The constants keep torchgen's
 * (and the YAML's) lowercase spelling, as {@link org.jitdispatch.runtime.schema.SchemaKind} does.
 */
public enum Variant {
    /** A static function of the generated API: {@code Ops.add(self, other)}. */
    function,
    /** A method called on the operator's {@code Tensor self} argument: {@code self.add(other)}. */
    method
}
