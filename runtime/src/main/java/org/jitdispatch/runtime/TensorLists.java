package org.jitdispatch.runtime;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code Tensor.tolist()}: a 0-dim tensor's value, else a list per row down to the elements, which are
 * {@code Double} for floating dtypes, {@code Long} for integer ones and {@code Boolean} for bool, as PyTorch
 * gives Python's float, int and bool.
 */
final class TensorLists {
    private TensorLists() {
    }

    /** The values of {@code t}, which has a storage, as nested lists. */
    static Object of(TensorImpl t) {
        if (t.dim() == 0) {
            return element(t, t.storageOffset());
        }
        return rows(t, 0, t.storageOffset());
    }

    private static List<Object> rows(TensorImpl t, int d, long offset) {
        int length = (int) t.size(d);
        long stride = t.stride(d);
        boolean last = d == t.dim() - 1;
        List<Object> list = new ArrayList<>(length);
        for (int i = 0; i < length; i++) {
            long at = offset + i * stride;
            list.add(last ? element(t, at) : rows(t, d + 1, at));
        }
        return list;
    }

    private static Object element(TensorImpl t, long at) {
        ScalarType dtype = t.dtype();
        if (dtype == ScalarType.Bool) {
            return t.storage().getBoolean(at);
        }
        if (dtype.isFloatingPoint()) {
            return t.storage().getDouble(at);
        }
        return t.storage().getLong(at);
    }
}
