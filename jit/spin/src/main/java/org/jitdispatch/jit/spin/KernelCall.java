package org.jitdispatch.jit.spin;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandleInfo;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Modifier;
import org.jitdispatch.runtime.dispatch.KernelFunction;

/**
 * How a spun call site calls one kernel: {@code invokestatic} of the kernel's method when the kernel is
 * a public static method the site's class loader can see (the generated wrappers are), otherwise
 * {@code invokeExact} on the kernel's handle held in a {@code static final} field. Both are constants to
 * HotSpot and inline; the first also reads plainly in PrintInlining and flame graphs.
 */
sealed interface KernelCall permits KernelCall.Static, KernelCall.Constant {
    /** {@code invokestatic owner.name(descriptor)}; {@code takesKeySet} when its first parameter is a DispatchKeySet. */
    record Static(Class<?> owner, String name, MethodType type, boolean takesKeySet) implements KernelCall {
    }

    /** {@code invokeExact} on a handle of type {@code (long keySet, P...) -> R}. */
    record Constant(MethodHandle handle) implements KernelCall {
    }

    static KernelCall of(KernelFunction kernel, MethodType signature, ClassLoader siteLoader) {
        MethodHandle mh = kernel.unboxed();
        try {
            MethodHandleInfo info = MethodHandles.publicLookup().revealDirect(mh);
            Class<?> owner = info.getDeclaringClass();
            if (info.getReferenceKind() == MethodHandleInfo.REF_invokeStatic
                    && Modifier.isPublic(info.getModifiers()) && Modifier.isPublic(owner.getModifiers())
                    && info.getMethodType().equals(mh.type()) && visible(owner, siteLoader)) {
                return new Static(owner, info.getName(), info.getMethodType(), kernel.takesKeySet());
            }
        } catch (IllegalArgumentException | SecurityException notDirect) {
            // an adapted or bound handle: call it as a constant
        }
        return new Constant(kernel.unboxedWithRawKeySet().asType(signature.insertParameterTypes(0, long.class)));
    }

    static boolean visible(Class<?> c, ClassLoader loader) {
        Class<?> base = c;
        while (base.isArray()) {
            base = base.getComponentType();
        }
        if (base.isPrimitive()) {
            return true;
        }
        try {
            return Class.forName(base.getName(), false, loader) == base;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }
}
