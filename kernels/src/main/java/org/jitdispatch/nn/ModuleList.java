package org.jitdispatch.nn;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import org.jitdispatch.Tensor;

/**
 * Modules held in a list and registered as children "0", "1", ... ({@code torch.nn.ModuleList}), so their
 * parameters are the list's; the list itself is not called.
 */
public final class ModuleList<M extends Module> extends Module implements Iterable<M> {
    private final List<M> modules = new ArrayList<>();

    /** Appends {@code module} and returns it. */
    public M append(M module) {
        modules.add(registerModule(Integer.toString(modules.size()), module));
        return module;
    }

    public M get(int i) {
        return modules.get(i);
    }

    public int size() {
        return modules.size();
    }

    @Override
    public Iterator<M> iterator() {
        return Collections.unmodifiableList(modules).iterator();
    }

    /** PyTorch's ModuleList has no forward: its modules are called by whoever holds it. */
    @Override
    public Tensor forward(Tensor input) {
        throw new UnsupportedOperationException("Module [ModuleList] is missing the required \"forward\" function");
    }
}
