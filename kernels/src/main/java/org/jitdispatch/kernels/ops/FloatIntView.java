package org.jitdispatch.kernels.ops;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;

/**
 * The bits of float array elements read and written as ints through {@code sun.misc.Unsafe}'s {@code getInt} and
 * {@code putInt} (reached through method handles), which C2 on JDK 17 vectorizes in a loop where it vectorizes
 * neither {@code Float.floatToRawIntBits} nor {@code Float.intBitsToFloat}. For the float32 math of the JDKs before
 * 21 ({@link FloatExponential}, {@link FloatLog}), on their own per-thread scratch arrays only.
 *
 * <p>{@link #get} and {@link #put} do not check their index: a caller checks once, before its loop, that every
 * index it passes lies within the array ({@link #checkLength}).
 */
final class FloatIntView {
    /** Whether the int view is reachable (before JDK 21 only: later JDKs vectorize the plain forms). */
    static final boolean AVAILABLE;
    private static final MethodHandle GET_INT;
    private static final MethodHandle PUT_INT;
    private static final long FLOAT_BASE;

    static {
        MethodHandle get = null;
        MethodHandle put = null;
        long base = 0;
        boolean available = false;
        if (Runtime.version().feature() < 21) {
            try {
                Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
                Field field = unsafeClass.getDeclaredField("theUnsafe");
                field.setAccessible(true);
                Object unsafe = field.get(null);
                MethodHandles.Lookup lookup = MethodHandles.lookup();
                get = lookup.findVirtual(unsafeClass, "getInt", MethodType.methodType(int.class, Object.class, long.class))
                        .bindTo(unsafe);
                put = lookup.findVirtual(unsafeClass, "putInt",
                        MethodType.methodType(void.class, Object.class, long.class, int.class)).bindTo(unsafe);
                base = (int) lookup.findVirtual(unsafeClass, "arrayBaseOffset",
                        MethodType.methodType(int.class, Class.class)).bindTo(unsafe).invoke(float[].class);
                int scale = (int) lookup.findVirtual(unsafeClass, "arrayIndexScale",
                        MethodType.methodType(int.class, Class.class)).bindTo(unsafe).invoke(float[].class);
                available = scale == Float.BYTES;
            } catch (Throwable e) {
                available = false; // not reachable (a JVM without it): the callers compute one element at a time
            }
        }
        GET_INT = get;
        PUT_INT = put;
        FLOAT_BASE = base;
        AVAILABLE = available;
    }

    private FloatIntView() {
    }

    /** Throws unless indices {@code [0, count)} lie within every array given. */
    static void checkLength(int count, float[]... arrays) {
        for (float[] a : arrays) {
            if (count < 0 || count > a.length) {
                throw new IndexOutOfBoundsException(count + " elements of an array of " + a.length);
            }
        }
    }

    /** The bits of {@code a[i]}, unchecked. */
    static int get(float[] a, int i) {
        try {
            return (int) GET_INT.invokeExact((Object) a, FLOAT_BASE + (long) i * Float.BYTES);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e); // getInt throws nothing else
        }
    }

    /** Sets the bits of {@code a[i]}, unchecked. */
    static void put(float[] a, int i, int bits) {
        try {
            PUT_INT.invokeExact((Object) a, FLOAT_BASE + (long) i * Float.BYTES, bits);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e); // putInt throws nothing else
        }
    }
}
