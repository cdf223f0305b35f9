package org.jitdispatch.kernels.structured;

import org.jitdispatch.runtime.ScalarType;

/**
 * How c10 prints a dtype held as a {@code caffe2::TypeMeta} (TensorOptions::dtype()), which is what
 * torchgen's resize_out and check_inplace messages print: the C++ type name as GCC spells it
 * ({@code float}, {@code long int}), not the ScalarType name ({@code Float}, {@code Long}). Names taken
 * from the type-name strings in Debian's libc10.so 1.13 (built with GCC).
 */
public final class TypeMetaNames {
    private TypeMetaNames() {
    }

    public static String of(ScalarType dtype) {
        switch (dtype) {
            case Bool: return "bool";
            case UInt8: return "unsigned char";
            case Int8: return "signed char";
            case Int16: return "short int";
            case Int32: return "int";
            case Int64: return "long int";
            case Float32: return "float";
            case Float64: return "double";
            case Float16: return "c10::Half";
            case BFloat16: return "c10::BFloat16";
            default: throw new IllegalArgumentException("no TypeMeta name for " + dtype);
        }
    }
}
