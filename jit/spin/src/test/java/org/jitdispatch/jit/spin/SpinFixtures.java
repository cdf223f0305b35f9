package org.jitdispatch.jit.spin;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorFactory;
import org.jitdispatch.runtime.TensorImpl;
import org.jitdispatch.runtime.dispatch.BoxedKernel;
import org.jitdispatch.runtime.dispatch.DispatchKeySet;

/** Tensors and kernels for call-site tests; kernels return labels so a test can see which one ran. */
public final class SpinFixtures {
    static final TensorFactory<TensorImpl> T = TensorFactory.IMPL;
    static final String WHICH = "which(Tensor self, Tensor? other, Tensor[] more, int n, float x) -> str";
    static final MethodType WHICH_TYPE = MethodType.methodType(String.class, TensorImpl.class, TensorImpl.class,
            TensorImpl[].class, long.class, double.class);

    private SpinFixtures() {
    }

    /** A public static kernel, so the spun class calls it with invokestatic. */
    public static String cpuKernel(TensorImpl self, TensorImpl other, TensorImpl[] more, long n, double x) {
        return "cpu:" + n + ":" + x;
    }

    /** A kernel that takes the key set, as redispatching kernels do. */
    public static String keySetKernel(DispatchKeySet ks, TensorImpl self, TensorImpl other, TensorImpl[] more, long n,
                                      double x) {
        return "ks:" + ks.highestPriorityKey();
    }

    static MethodHandle staticKernel() {
        try {
            return MethodHandles.publicLookup().findStatic(SpinFixtures.class, "cpuKernel", WHICH_TYPE);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    static MethodHandle keySetKernel() {
        try {
            return MethodHandles.publicLookup().findStatic(SpinFixtures.class, "keySetKernel",
                    WHICH_TYPE.insertParameterTypes(0, DispatchKeySet.class));
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** An adapted (non-direct) handle, so the spun class calls it as a constant. */
    static MethodHandle label(String label) {
        return MethodHandles.dropArguments(MethodHandles.constant(String.class, label), 0, WHICH_TYPE.parameterList());
    }

    static BoxedKernel boxedLabel(String label) {
        return (op, ks, stack) -> {
            stack.popN(5);
            stack.push(label + ":" + ks.highestPriorityKey());
        };
    }

    static TensorImpl cpu() {
        return T.fromArray(new float[] {1});
    }

    static TensorImpl meta() {
        return T.empty(new long[] {1}, ScalarType.Float32, Device.META);
    }

    static TensorImpl lazy() {
        return new TensorImpl(Storage.allocate(ScalarType.Float32, 1), ScalarType.Float32, Device.LAZY,
                new long[] {1}, new long[] {1}, 0);
    }

    static Object call(MethodHandle h, TensorImpl self, TensorImpl other, TensorImpl[] more) {
        try {
            return (String) h.invokeExact(self, other, more, 3L, 0.5);
        } catch (Throwable t) {
            return t.getClass().getSimpleName() + ": " + t.getMessage();
        }
    }
}
