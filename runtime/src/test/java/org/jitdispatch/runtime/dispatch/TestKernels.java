package org.jitdispatch.runtime.dispatch;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorFactory;
import org.jitdispatch.runtime.TensorImpl;

/** Kernels and tensors for dispatcher tests. */
final class TestKernels {
    static final TensorFactory<TensorImpl> T = TensorFactory.IMPL;
    /** {@code test::which(Tensor self) -> str}: kernels return a label saying which ran. */
    static final String WHICH = "which(Tensor self) -> str";
    static final MethodType WHICH_TYPE = MethodType.methodType(String.class, TensorImpl.class);
    /** {@code test::add(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor}. */
    static final String ADD = "add(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor";
    static final MethodType ADD_TYPE = MethodType.methodType(TensorImpl.class, TensorImpl.class, TensorImpl.class,
            Scalar.class);

    private TestKernels() {
    }

    /** A typed kernel for {@code which} that returns {@code label}. */
    static MethodHandle label(String label) {
        return MethodHandles.dropArguments(MethodHandles.constant(String.class, label), 0, TensorImpl.class);
    }

    /** A boxed kernel for {@code which} that pops its argument and pushes {@code label}. */
    static BoxedKernel boxedLabel(String label) {
        return (op, ks, stack) -> {
            stack.pop();
            stack.push(label);
        };
    }

    static MethodHandle addKernel() {
        try {
            return MethodHandles.lookup().findStatic(TestKernels.class, "cpuAdd", ADD_TYPE);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** self + alpha * other for same-shape float32 tensors. */
    static TensorImpl cpuAdd(TensorImpl self, TensorImpl other, Scalar alpha) {
        float[] a = self.toFloatArray();
        float[] b = other.toFloatArray();
        float[] out = new float[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] + (float) alpha.toDouble() * b[i];
        }
        return T.fromArray(out, self.sizes());
    }

    static TensorImpl cpu(float... values) {
        return T.fromArray(values);
    }

    static TensorImpl meta(long... sizes) {
        return T.empty(sizes, ScalarType.Float32, Device.META);
    }

    static TensorImpl lazy() {
        return new TensorImpl(org.jitdispatch.runtime.Storage.allocate(ScalarType.Float32, 1), ScalarType.Float32,
                Device.LAZY, new long[] {1}, new long[] {1}, 0);
    }

    /** Calls {@code which} through the reference typed path. */
    static String which(OperatorHandle op, TensorImpl t) {
        try {
            return (String) op.typed(WHICH_TYPE).invokeExact(t);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new AssertionError(e);
        }
    }
}
