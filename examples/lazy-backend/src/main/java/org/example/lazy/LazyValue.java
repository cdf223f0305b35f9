package org.example.lazy;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.BackendData;
import org.jitdispatch.runtime.TensorImpl;

/**
 * One value of the lazy graph: what a lazy tensor holds (its {@code backendData}) instead of a storage.
 * Values are immutable: an in-place operation on a lazy tensor gives the tensor a new value, and every
 * value computes its CPU data at most once, the first time something reads it.
 */
abstract class LazyValue implements BackendData {
    private final int id = LazyGraph.nextId();
    private Tensor computed;

    /** The values this one is computed from. */
    abstract List<LazyValue> inputs();

    /** One line of the graph listing, e.g. {@code aten::mm(%1, %2)}. */
    abstract String describe();

    /** Computes the CPU data; called once. */
    protected abstract Tensor computeOnCpu();

    final int id() {
        return id;
    }

    /**
     * The value's data as a CPU tensor, computed (with its inputs) on first use. Inputs are computed first,
     * in an order found without recursion, so a graph thousands of operators deep (a long training loop
     * read once at the end) needs no deep stack.
     */
    final Tensor cpu() {
        if (computed == null) {
            for (LazyValue v : uncomputedInExecutionOrder()) {
                v.computed = v.computeOnCpu();
                LazyGraph.countExecution();
            }
        }
        return computed;
    }

    /** This value and every uncomputed value it depends on, each after its inputs. */
    private List<LazyValue> uncomputedInExecutionOrder() {
        List<LazyValue> order = new ArrayList<>();
        Set<LazyValue> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<LazyValue> stack = new ArrayDeque<>();
        Deque<Boolean> inputsDone = new ArrayDeque<>();
        stack.push(this);
        inputsDone.push(false);
        while (!stack.isEmpty()) {
            LazyValue v = stack.pop();
            if (inputsDone.pop()) {
                order.add(v);
                continue;
            }
            if (v.computed != null || !seen.add(v)) {
                continue;
            }
            stack.push(v);
            inputsDone.push(true);
            for (LazyValue in : v.inputs()) {
                if (in.computed == null && !seen.contains(in)) {
                    stack.push(in);
                    inputsDone.push(false);
                }
            }
        }
        return order;
    }

    final boolean isComputed() {
        return computed != null;
    }

    @Override
    public final TensorImpl readOnCpu(TensorImpl tensor) {
        return cpu();
    }

    @Override
    public final Object viewOf(TensorImpl base, TensorImpl view) {
        return new ViewValue((Tensor) base, this, view.sizes(), view.strides(), view.storageOffset());
    }

    /** The value a lazy tensor holds; an error naming the tensor when it holds none. */
    static LazyValue of(TensorImpl lazyTensor) {
        if (lazyTensor.backendData() instanceof LazyValue v) {
            return v;
        }
        throw new IllegalStateException("a " + lazyTensor.device() + " tensor of sizes " + Arrays.toString(lazyTensor.sizes())
                + " has no lazy value: it was not made by the lazy backend");
    }
}
