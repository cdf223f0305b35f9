package org.jitdispatch.runtime.dispatch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The argument stack of boxed calls (c10's torch::jit::Stack): a call pushes its arguments in schema
 * order, the kernel pops them and pushes its returns. Values are the same Java objects the unboxed
 * calling convention uses, boxed: a Tensor (null for None), Long for int, Double for float, Boolean,
 * String, Scalar, arrays for lists. See {@link JavaSignatures}.
 */
public final class Stack {
    private final ArrayList<Object> values;

    public Stack() {
        values = new ArrayList<>();
    }

    public static Stack of(Object... values) {
        Stack s = new Stack();
        s.values.addAll(Arrays.asList(values));
        return s;
    }

    public void push(Object value) {
        values.add(value);
    }

    public Object pop() {
        if (values.isEmpty()) {
            throw new IllegalStateException("pop from an empty stack");
        }
        return values.remove(values.size() - 1);
    }

    /** Removes the top {@code n} values and returns them bottom-first (argument order). */
    public Object[] popN(int n) {
        if (n > values.size()) {
            throw new IllegalStateException("cannot pop " + n + " values from a stack of " + values.size());
        }
        int from = values.size() - n;
        Object[] out = values.subList(from, values.size()).toArray();
        values.subList(from, values.size()).clear();
        return out;
    }

    /** The value {@code i} places below the top (0 is the top). */
    public Object peek(int fromTop) {
        return values.get(values.size() - 1 - fromTop);
    }

    /** The value at absolute position {@code i} from the bottom. */
    public Object get(int i) {
        return values.get(i);
    }

    public int size() {
        return values.size();
    }

    public boolean isEmpty() {
        return values.isEmpty();
    }

    public List<Object> asList() {
        return java.util.Collections.unmodifiableList(values);
    }

    @Override
    public String toString() {
        return "Stack" + values;
    }
}
