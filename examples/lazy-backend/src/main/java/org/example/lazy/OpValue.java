package org.example.lazy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.dispatch.OperatorHandle;

/**
 * The result of an aten operator on lazy values: computed by calling the same operator through the
 * dispatcher on the inputs' CPU data. Arguments are kept as the kernel received them, with each lazy
 * tensor replaced by its value ({@code Tensor[]} lists by {@code Object[]}) and the lazy device standing
 * for the CPU.
 */
final class OpValue extends LazyValue {
    private final OperatorHandle op;
    private final Object[] args;
    private final long[] sizes;
    private final long[] strides;

    OpValue(OperatorHandle op, Object[] args, long[] sizes, long[] strides) {
        this.op = op;
        this.args = args;
        this.sizes = sizes.clone();
        this.strides = strides.clone();
    }

    @Override
    List<LazyValue> inputs() {
        List<LazyValue> in = new ArrayList<>();
        collect(args, in);
        return in;
    }

    private static void collect(Object[] values, List<LazyValue> into) {
        for (Object v : values) {
            if (v instanceof LazyValue lv) {
                into.add(lv);
            } else if (v instanceof Object[] list) {
                collect(list, into);
            }
        }
    }

    @Override
    String describe() {
        List<String> shown = new ArrayList<>();
        for (Object a : args) {
            shown.add(show(a));
        }
        return op.name() + "(" + String.join(", ", shown) + ")";
    }

    private static String show(Object a) {
        if (a instanceof LazyValue lv) {
            return "%" + lv.id();
        }
        if (a instanceof Object[] list) {
            List<String> items = new ArrayList<>();
            for (Object o : list) {
                items.add(show(o));
            }
            return "[" + String.join(", ", items) + "]";
        }
        if (a instanceof long[] ints) {
            return Arrays.toString(ints);
        }
        return String.valueOf(a);
    }

    @Override
    protected Tensor computeOnCpu() {
        Object[] cpuArgs = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            cpuArgs[i] = onCpu(args[i]);
        }
        Tensor result = (Tensor) op.callBoxed(cpuArgs);
        if (!Arrays.equals(result.sizes(), sizes)) {
            throw new IllegalStateException(op.name() + " computed sizes " + Arrays.toString(result.sizes())
                    + " on the CPU, but its meta function declared " + Arrays.toString(sizes));
        }
        if (result.numel() > 1 && !Arrays.equals(result.strides(), strides)) {
            // views of this value index it with the declared strides
            Tensor declared = Tensor.FACTORY.emptyStrided(sizes, strides, result.dtype(), Device.CPU);
            result = declared.copy_(result);
        }
        return result;
    }

    private static Object onCpu(Object a) {
        if (a instanceof LazyValue lv) {
            return lv.cpu();
        }
        if (a instanceof Object[] list) {
            Tensor[] tensors = new Tensor[list.length];
            for (int i = 0; i < list.length; i++) {
                tensors[i] = (Tensor) onCpu(list[i]);
            }
            return tensors;
        }
        if (a instanceof Device d && d.equals(Device.LAZY)) {
            return Device.CPU;
        }
        return a;
    }
}
