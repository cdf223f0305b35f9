package org.jitdispatch.runtime.schema;

import java.util.Objects;

/**
 * A TorchBind custom class, {@code __torch__.torch.classes.<className>} (torchgen's
 * {@code CustomClassType}); {@code className} is the dotted remainder, usually
 * {@code namespace.Name}.
 */
public record ClassType(String className) implements Type {

    /** The prefix every custom class type carries in schemas. */
    public static final String PREFIX = "__torch__.torch.classes.";

    public ClassType {
        Objects.requireNonNull(className, "className");
        for (String part : className.split("\\.", -1)) {
            if (!Identifiers.isIdentifier(part)) {
                throw new IllegalArgumentException("invalid custom class name '" + className
                        + "': expected dot-separated identifiers after " + PREFIX);
            }
        }
    }

    @Override
    public boolean isTensorLike() {
        return false;
    }

    @Override
    public String toString() {
        return PREFIX + className;
    }
}
