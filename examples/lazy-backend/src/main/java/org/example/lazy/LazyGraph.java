package org.example.lazy;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.OperatorHandle;

/**
 * Builds the lazy graph: {@link #record} turns an operator call on lazy tensors into a new lazy tensor
 * without computing anything. The result's sizes, dtype and strides come from the operator's Meta kernel
 * (the structured meta function), run on meta tensors that stand in for the lazy arguments; this is why
 * lazy tensors need meta functions. Also counts executions and prints graphs.
 */
public final class LazyGraph {
    private static final AtomicInteger IDS = new AtomicInteger();
    private static final AtomicLong EXECUTIONS = new AtomicLong();
    private static final Map<String, OperatorHandle> HANDLES = new ConcurrentHashMap<>();

    private LazyGraph() {
    }

    static int nextId() {
        return IDS.incrementAndGet();
    }

    static void countExecution() {
        EXECUTIONS.incrementAndGet();
    }

    /** How many graph values have been computed on the CPU so far (in this JVM). */
    public static long executions() {
        return EXECUTIONS.get();
    }

    /** Whether the lazy tensor's value has been computed. */
    public static boolean isComputed(Tensor lazy) {
        return LazyValue.of(lazy).isComputed();
    }

    /**
     * A lazy tensor for {@code op} applied to {@code args} (the operator's arguments in schema order, as
     * the kernel received them).
     */
    static Tensor record(String op, Object... args) {
        OperatorHandle handle = HANDLES.computeIfAbsent(op, n -> Dispatcher.singleton().findSchemaOrThrow(n));
        Object[] metaArgs = new Object[args.length];
        Object[] graphArgs = new Object[args.length];
        for (int i = 0; i < args.length; i++) {
            metaArgs[i] = toMeta(args[i]);
            graphArgs[i] = toGraph(args[i]);
        }
        Tensor meta = (Tensor) handle.callBoxed(metaArgs);
        return lazyTensor(meta, new OpValue(handle, graphArgs, meta.sizes(), meta.strides()));
    }

    /** A lazy tensor with the geometry of {@code like} holding {@code value}. */
    static Tensor lazyTensor(Tensor like, LazyValue value) {
        Tensor t = new Tensor(null, like.dtype(), Device.LAZY, like.sizes(), like.strides(), like.storageOffset());
        t.setBackendData(value);
        return t;
    }

    static boolean isLazy(Tensor t) {
        return t.device().type() == DeviceType.Lazy;
    }

    private static Object toMeta(Object a) {
        if (a instanceof Tensor t) {
            Tensor m = new Tensor(null, t.dtype(), Device.META, t.sizes(), t.strides(), t.storageOffset());
            m.setWrappedNumber(t.isWrappedNumber());
            return m;
        }
        if (a instanceof Tensor[] list) {
            Tensor[] out = new Tensor[list.length];
            for (int i = 0; i < list.length; i++) {
                out[i] = list[i] == null ? null : (Tensor) toMeta(list[i]);
            }
            return out;
        }
        if (a instanceof Device d && d.type() == DeviceType.Lazy) {
            return Device.META;
        }
        return a;
    }

    private static Object toGraph(Object a) {
        if (a instanceof Tensor t) {
            // a CPU operand (a wrapped number, say) is captured as it is now
            return isLazy(t) ? LazyValue.of(t) : new DataValue(t.clone());
        }
        if (a instanceof Tensor[] list) {
            Object[] out = new Object[list.length];
            for (int i = 0; i < list.length; i++) {
                out[i] = list[i] == null ? null : toGraph(list[i]);
            }
            return out;
        }
        if (a instanceof long[] ints) {
            return ints.clone();
        }
        return a;
    }

    /**
     * The graph behind some lazy tensors, one value per line in execution order, e.g.
     * <pre>
     * %1 = device_data(Float32[4, 3])
     * %3 = aten::mm(%1, %2)
     * </pre>
     * with a {@code computed} mark on values already computed.
     */
    public static String toText(Tensor... outputs) {
        Map<Integer, LazyValue> order = new LinkedHashMap<>();
        for (Tensor t : outputs) {
            visit(LazyValue.of(t), order);
        }
        StringBuilder sb = new StringBuilder();
        for (LazyValue v : order.values()) {
            sb.append('%').append(v.id()).append(" = ").append(v.describe());
            if (v.isComputed()) {
                sb.append("  # computed");
            }
            sb.append('\n');
        }
        List<String> roots = new ArrayList<>();
        for (Tensor t : outputs) {
            roots.add("%" + LazyValue.of(t).id() + " " + t.dtype() + Arrays.toString(t.sizes()));
        }
        return sb.append("outputs: ").append(String.join(", ", roots)).append('\n').toString();
    }

    /** Depth-first, inputs before users, without recursion (graphs of long training loops are deep). */
    private static void visit(LazyValue root, Map<Integer, LazyValue> order) {
        Deque<LazyValue> stack = new ArrayDeque<>();
        Deque<Boolean> expanded = new ArrayDeque<>();
        stack.push(root);
        expanded.push(false);
        while (!stack.isEmpty()) {
            LazyValue v = stack.pop();
            boolean done = expanded.pop();
            if (order.containsKey(v.id())) {
                continue;
            }
            if (done) {
                order.put(v.id(), v);
                continue;
            }
            stack.push(v);
            expanded.push(true);
            List<LazyValue> in = v.inputs();
            for (int i = in.size() - 1; i >= 0; i--) {
                if (!order.containsKey(in.get(i).id())) {
                    stack.push(in.get(i));
                    expanded.push(false);
                }
            }
        }
    }
}
