package org.jitdispatch.jit.typed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorFactory;
import org.jitdispatch.runtime.TensorImpl;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.Library;
import org.jitdispatch.runtime.dispatch.NotImplementedError;
import org.junit.jupiter.api.Test;

class TypedOperatorsTest {
    public interface MyOps {
        @Op("myops::scale(Tensor x, float f) -> Tensor")
        TensorImpl scale(TensorImpl x, double f);

        @Op("myops::count(Tensor[] xs) -> int")
        long count(TensorImpl[] xs);
    }

    public interface Broken {
        TensorImpl noSchema(TensorImpl x);
    }

    public interface WrongTypes {
        @Op("myops::scale2(Tensor x, float f) -> Tensor")
        TensorImpl scale2(TensorImpl x, float f);
    }

    public static TensorImpl scaleCpu(TensorImpl x, double f) {
        float[] v = x.toFloatArray();
        for (int i = 0; i < v.length; i++) {
            v[i] *= (float) f;
        }
        return TensorFactory.IMPL.fromArray(v, x.sizes());
    }

    public static long countAny(TensorImpl[] xs) {
        return xs.length;
    }

    @Test
    void interfaceMethodsCallTheirOperatorsThroughTheDispatcher() throws Exception {
        Dispatcher d = Dispatcher.create();
        TypedOperators.define(d, MyOps.class);
        Library cpu = d.libraryImpl("myops", DispatchKey.CPU);
        cpu.impl("scale", MethodHandles.lookup().findStatic(getClass(), "scaleCpu",
                MethodType.methodType(TensorImpl.class, TensorImpl.class, double.class)));
        d.libraryImpl("myops", DispatchKey.CompositeExplicitAutograd).impl("count",
                MethodHandles.lookup().findStatic(getClass(), "countAny", MethodType.methodType(long.class, TensorImpl[].class)));
        MyOps ops = TypedOperators.implement(d, MyOps.class);
        TensorImpl y = ops.scale(TensorFactory.IMPL.fromArray(new float[] {1, 2}), 3.0);
        assertArrayEquals(new float[] {3, 6}, y.toFloatArray());
        assertEquals(2L, ops.count(new TensorImpl[] {y, y}));
        TensorImpl meta = TensorFactory.IMPL.empty(new long[] {2}, ScalarType.Float32, Device.META);
        NotImplementedError e = assertThrows(NotImplementedError.class, () -> ops.scale(meta, 1.0));
        assertTrue(e.getMessage().startsWith("Could not run 'myops::scale' with arguments from the 'Meta' backend."));
        // a kernel registered later is seen by the same implementation object
        d.libraryImpl("myops", DispatchKey.Meta).impl("scale", MethodHandles.dropArguments(
                MethodHandles.identity(TensorImpl.class), 1, double.class));
        assertEquals(meta, ops.scale(meta, 1.0));
    }

    @Test
    void badInterfacesAreRejectedWithTheMethodNamed() {
        Dispatcher d = Dispatcher.create();
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> TypedOperators.define(d, Broken.class));
        assertEquals(Broken.class.getName() + ".noSchema has no @Op schema", none.getMessage());
        IllegalArgumentException types = assertThrows(IllegalArgumentException.class,
                () -> TypedOperators.define(d, WrongTypes.class));
        assertTrue(types.getMessage().contains("parameter 1 ('f' of schema type float) must be double, not float"),
                types.getMessage());
        IllegalStateException undefined = assertThrows(IllegalStateException.class,
                () -> TypedOperators.implement(Dispatcher.create(), MyOps.class));
        assertTrue(undefined.getMessage().endsWith("which is not defined in this dispatcher; call TypedOperators.define first"));
    }
}
