package org.jitdispatch.kernels.errors;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.Stream;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.random.CPUGenerator;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.Layout;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorImpl;

/**
 * The generated API's entry points ({@code Torch.*} and {@code Tensor} methods) found by reflection, and a
 * valid-looking sample value for each parameter type, for tests that call every operator.
 */
final class ApiMethods {
    private ApiMethods() {
    }

    static Stream<Method> all() {
        return Stream.of(Torch.class, Tensor.class)
                .flatMap(c -> Arrays.stream(c.getDeclaredMethods()))
                .filter(m -> Modifier.isPublic(m.getModifiers()) && !m.isSynthetic())
                .filter(m -> !overridesTensorImpl(m))
                .filter(m -> Arrays.stream(m.getParameterTypes()).allMatch(ApiMethods::hasSample))
                .sorted(Comparator.comparing(ApiMethods::describe));
    }

    /** The storage-level view constructors Tensor overrides from TensorImpl are not operators. */
    private static boolean overridesTensorImpl(Method m) {
        try {
            TensorImpl.class.getMethod(m.getName(), m.getParameterTypes());
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    static String describe(Method m) {
        return m.getDeclaringClass().getSimpleName() + "." + m.getName() + Arrays.toString(
                Arrays.stream(m.getParameterTypes()).map(Class::getSimpleName).toArray());
    }

    private static boolean hasSample(Class<?> type) {
        return sample(type, SQUARE) != NO_SAMPLE;
    }

    private static final Object NO_SAMPLE = new Object();

    /** Sample arguments for {@code m}, its tensors 2 x 2. */
    static Object[] sampleArguments(Method m) {
        return sampleArguments(m, SQUARE);
    }

    /** Sample arguments for {@code m}, its tensors of {@code sizes}. */
    static Object[] sampleArguments(Method m, long[] sizes) {
        return Arrays.stream(m.getParameterTypes()).map(type -> sample(type, sizes)).toArray();
    }

    static final long[] SQUARE = {2, 2};

    static Tensor sampleTensor() {
        return sampleTensor(SQUARE);
    }

    /** Values 1, 2, 3, ... in a float32 tensor of {@code sizes}. */
    static Tensor sampleTensor(long[] sizes) {
        float[] values = new float[(int) Arrays.stream(sizes).reduce(1, (a, b) -> a * b)];
        for (int i = 0; i < values.length; i++) {
            values[i] = i + 1;
        }
        return Torch.tensor(values, sizes);
    }

    static Object sample(Class<?> type, long[] sizes) {
        if (type == Tensor.class) {
            return sampleTensor(sizes);
        }
        if (type == Tensor[].class) {
            return new Tensor[] {sampleTensor(sizes), sampleTensor(sizes)};
        }
        if (type == long.class) {
            return 1L;
        }
        if (type == Long.class) {
            return 1L;
        }
        if (type == long[].class) {
            return new long[] {2, 2};
        }
        if (type == double.class) {
            return 1.0;
        }
        if (type == boolean.class || type == Boolean.class) {
            return false;
        }
        if (type == Scalar.class) {
            return Scalar.of(1L);
        }
        if (type == ScalarType.class) {
            return ScalarType.Float32;
        }
        if (type == Device.class) {
            return Device.CPU;
        }
        if (type == Layout.class) {
            return Layout.values()[0];
        }
        if (type == MemoryFormat.class) {
            return MemoryFormat.values()[0];
        }
        if (type == String.class) {
            return "none";
        }
        if (type == Generator.class) {
            return new CPUGenerator(0);
        }
        return NO_SAMPLE;
    }
}
