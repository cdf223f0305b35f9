package org.jitdispatch.kernels.errors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.DeviceType;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every generated entry point, called with CPU tensors and one meta tensor in each tensor position in turn.
 * A meta tensor has no data, so a call either computes on meta (every tensor it returns is a meta tensor) or
 * refuses with a clear error, and then leaves every CPU tensor it was given as it was. A CPU result
 * computed from a meta operand, or a CPU tensor written from one, is a silent wrong result.
 */
class MixedDevicesTest {

    private static final Set<String> SIZES_ONLY = Set.of("expand_as", "view_as", "reshape_as");

    /** 2 x 2 tensors suit most operators; vectors reach the ones that take 1-D tensors (dot, mv). */
    private static final long[][] SHAPES = {ApiMethods.SQUARE, {2}};

    @TestFactory
    Stream<DynamicTest> oneMetaTensorAmongCpuTensors() {
        return Arrays.stream(SHAPES).flatMap(MixedDevicesTest::oneMetaTensorAmongCpuTensors);
    }

    private static Stream<DynamicTest> oneMetaTensorAmongCpuTensors(long[] shape) {
        String sizes = " " + Arrays.toString(shape);
        return ApiMethods.all()
                // an explicit device argument may legitimately ask for a CPU result (empty_like(meta, device=cpu))
                .filter(m -> Arrays.stream(m.getParameterTypes()).noneMatch(t -> t == Device.class))
                .flatMap(m -> {
                    List<DynamicTest> tests = new ArrayList<>();
                    Class<?>[] types = m.getParameterTypes();
                    boolean method = !Modifier.isStatic(m.getModifiers());
                    if (method && Arrays.stream(types).anyMatch(MixedDevicesTest::holdsTensors)) {
                        tests.add(DynamicTest.dynamicTest(ApiMethods.describe(m) + sizes + " on a meta receiver",
                                () -> callWithOneMeta(m, -1, shape)));
                    }
                    for (int i = 0; i < types.length; i++) {
                        if (holdsTensors(types[i]) && (method || hasAnotherTensor(types, i))) {
                            int position = i;
                            tests.add(DynamicTest.dynamicTest(ApiMethods.describe(m) + sizes + " with meta #" + i,
                                    () -> callWithOneMeta(m, position, shape)));
                        }
                    }
                    return tests.stream();
                });
    }

    private static boolean holdsTensors(Class<?> type) {
        return type == Tensor.class || type == Tensor[].class;
    }

    private static boolean hasAnotherTensor(Class<?>[] types, int except) {
        for (int i = 0; i < types.length; i++) {
            if (i != except && holdsTensors(types[i])) {
                return true;
            }
        }
        return types[except] == Tensor[].class;
    }

    /** {@code metaPosition} -1 makes the receiver the meta tensor. */
    private static void callWithOneMeta(Method m, int metaPosition, long[] shape) throws Exception {
        Object[] args = ApiMethods.sampleArguments(m, shape);
        Tensor receiver = Modifier.isStatic(m.getModifiers()) ? null
                : metaPosition == -1 ? meta(ApiMethods.sampleTensor(shape)) : ApiMethods.sampleTensor(shape);
        if (metaPosition >= 0) {
            Object arg = args[metaPosition];
            args[metaPosition] = arg instanceof Tensor[] list ? new Tensor[] {list[0], meta(list[1])} : meta((Tensor) arg);
        }
        Map<Tensor, double[]> cpuBefore = new IdentityHashMap<>();
        for (Tensor t : tensorsIn(receiver, args)) {
            if (t.device().type() == DeviceType.CPU) {
                cpuBefore.put(t, values(t));
            }
        }
        String context = ApiMethods.describe(m) + " " + Arrays.toString(shape) + (metaPosition == -1 ? " on a meta receiver" : " with meta #" + metaPosition);
        Object result;
        try {
            result = m.invoke(receiver, args);
        } catch (InvocationTargetException e) {
            Throwable t = e.getCause();
            if (!(t instanceof RuntimeException) || t instanceof NullPointerException || t instanceof ClassCastException
                    || t instanceof ArrayIndexOutOfBoundsException) {
                fail(context + " threw " + t, t);
            }
            assertFalse(t.getMessage() == null || t.getMessage().isBlank(), context + " threw " + t);
            for (Map.Entry<Tensor, double[]> cpu : cpuBefore.entrySet()) {
                assertArrayEquals(cpu.getValue(), values(cpu.getKey()), context + " failed but changed a CPU tensor");
            }
            return;
        }
        // expand_as, view_as and reshape_as read only the sizes of their argument: a view of a CPU self stays on
        // the CPU, as in PyTorch
        DeviceType expected = metaPosition >= 0 && SIZES_ONLY.contains(m.getName()) ? DeviceType.CPU : DeviceType.Meta;
        if (m.getName().equals("broadcast_tensors")) {
            // each result is a view of its own input, on that input's device, as in PyTorch
            Tensor[] inputs = (Tensor[]) args[0];
            Tensor[] outputs = (Tensor[]) result;
            for (int i = 0; i < outputs.length; i++) {
                assertEquals(inputs[i].device(), outputs[i].device(), context + " result " + i);
            }
            return;
        }
        for (Tensor out : tensorsIn(result)) {
            assertEquals(expected, out.device().type(),
                    context + " returned a " + out.device() + " tensor computed with a meta operand");
        }
    }

    private static List<Tensor> tensorsIn(Object... values) {
        List<Tensor> tensors = new ArrayList<>();
        for (Object v : values) {
            if (v instanceof Tensor t) {
                tensors.add(t);
            } else if (v instanceof Object[] list) {
                tensors.addAll(tensorsIn(list));
            }
        }
        return tensors;
    }

    private static Tensor meta(Tensor t) {
        return t.to(Device.META);
    }

    private static double[] values(Tensor t) {
        return t.toDoubleArray();
    }
}
