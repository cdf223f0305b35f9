package org.jitdispatch.runtime;

/**
 * Element types a tensor can hold. The set is PyTorch's, restricted to the types the kernel library
 * implements; {@link #c10Name()} is the name PyTorch uses in error messages ("Float", "Long").
 */
public enum ScalarType {
    Bool("Bool", "torch.bool", 1, Category.BOOLEAN),
    Int32("Int", "torch.int32", 4, Category.INTEGRAL),
    Int64("Long", "torch.int64", 8, Category.INTEGRAL),
    Float32("Float", "torch.float32", 4, Category.FLOATING),
    Float64("Double", "torch.float64", 8, Category.FLOATING);

    /** Type-promotion categories, ordered: bool &lt; integer &lt; floating (PyTorch's result_type). */
    public enum Category { BOOLEAN, INTEGRAL, FLOATING }

    private final String c10Name;
    private final String pythonName;
    private final int itemSize;
    private final Category category;

    ScalarType(String c10Name, String pythonName, int itemSize, Category category) {
        this.c10Name = c10Name;
        this.pythonName = pythonName;
        this.itemSize = itemSize;
        this.category = category;
    }

    /** The name c10 prints, e.g. {@code Float} for float32. */
    public String c10Name() {
        return c10Name;
    }

    /** The name Python prints, e.g. {@code torch.float32}. */
    public String pythonName() {
        return pythonName;
    }

    /** Bytes per element. */
    public int itemSize() {
        return itemSize;
    }

    public Category category() {
        return category;
    }

    public boolean isFloatingPoint() {
        return category == Category.FLOATING;
    }

    public boolean isIntegral(boolean includeBool) {
        return category == Category.INTEGRAL || (includeBool && category == Category.BOOLEAN);
    }

    /** Looks a type up by its c10 name ("Float") or its Java name ("Float32"). */
    public static ScalarType fromName(String name) {
        for (ScalarType t : values()) {
            if (t.c10Name.equals(name) || t.name().equals(name) || t.pythonName.equals(name)) {
                return t;
            }
        }
        throw new IllegalArgumentException("Unknown scalar type '" + name + "'");
    }
}
