package org.jitdispatch.runtime;

/**
 * Element types a tensor can hold. The set is PyTorch's real types (no complex or quantized types);
 * {@link #c10Name()} is the name PyTorch uses in error messages ("Float", "Long").
 *
 * <p>Storage arrays: {@code boolean[]} for Bool, {@code byte[]} for UInt8 (read as unsigned) and Int8,
 * {@code short[]} for Int16 and for the bits of Float16 and BFloat16, then {@code int[]}, {@code long[]},
 * {@code float[]} and {@code double[]}.
 */
public enum ScalarType {
    Bool("Bool", "torch.bool", 1, Category.BOOLEAN),
    UInt8("Byte", "torch.uint8", 1, Category.INTEGRAL),
    Int8("Char", "torch.int8", 1, Category.INTEGRAL),
    Int16("Short", "torch.int16", 2, Category.INTEGRAL),
    Int32("Int", "torch.int32", 4, Category.INTEGRAL),
    Int64("Long", "torch.int64", 8, Category.INTEGRAL),
    /** IEEE 754 binary16, stored as its bits in a {@code short[]}; computed in float32 (see {@link Half}). */
    Float16("Half", "torch.float16", 2, Category.FLOATING),
    /** The upper half of a float32, stored as its bits in a {@code short[]}; computed in float32 (see {@link BFloat16}). */
    BFloat16("BFloat16", "torch.bfloat16", 2, Category.FLOATING),
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

    /** Float16 and BFloat16: floating types narrower than float32, which kernels compute in float32. */
    public boolean isReducedFloatingPoint() {
        return this == Float16 || this == BFloat16;
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
