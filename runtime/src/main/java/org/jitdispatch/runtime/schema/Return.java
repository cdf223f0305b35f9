package org.jitdispatch.runtime.schema;

/**
 * One value an operator returns: torchgen's {@code Return}. {@code name} is null for unnamed
 * returns; named ones ({@code (Tensor values, Tensor indices)}) become named-tuple fields.
 */
public record Return(String name, Type type, Annotation annotation) {

    public Return {
        if (name != null) {
            Identifiers.require(name, "return name");
        }
        AnnotatedType.validate(type, annotation);
    }

    /** An unnamed, unannotated return. */
    public static Return of(Type type) {
        return new Return(null, type, null);
    }

    /** Whether this return is a mutated input ({@code Tensor(a!)}). */
    public boolean isWrite() {
        return annotation != null && annotation.isWrite();
    }

    @Override
    public String toString() {
        String type = new AnnotatedType(this.type, annotation).toString();
        return name == null ? type : type + " " + name;
    }
}
