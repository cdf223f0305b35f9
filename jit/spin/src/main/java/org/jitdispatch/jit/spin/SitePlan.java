package org.jitdispatch.jit.spin;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.dispatch.DispatchTable;
import org.jitdispatch.runtime.dispatch.KernelFunction;

/**
 * What one spun class is made of, read from one table snapshot: the dispatch arguments, the fallthrough
 * mask, one switch case per key whose kernel is typed (in key order), and the handles handed over as
 * class data. Keys whose entry is boxed, a fallback or missing get no case: the default branch runs them
 * through the table.
 */
record SitePlan(MethodType signature, int[] dispatchArgs, long nonFallthroughKeys, List<Case> cases,
                List<MethodHandle> constants, DispatchTable table) {

    /** A switch case: the key, how its kernel is called, and its constant's index when it has one. */
    record Case(DispatchKey key, KernelCall call, int constantIndex) {
    }

    static SitePlan of(DispatchTable table, MethodType signature, int[] dispatchArgs, ClassLoader siteLoader) {
        List<Case> cases = new ArrayList<>();
        List<MethodHandle> constants = new ArrayList<>();
        long mask = table.nonFallthroughKeys();
        for (int i = 1; i < DispatchKey.NUM_RUNTIME_KEYS; i++) {
            DispatchKey key = DispatchKey.fromOrdinal(i);
            KernelFunction k = table.entry(key).kernel();
            if ((mask & key.bit()) == 0 || k == null || k.isFallthrough() || !k.hasUnboxed()) {
                continue;
            }
            KernelCall call = KernelCall.of(k, signature, siteLoader);
            int index = -1;
            if (call instanceof KernelCall.Constant constant) {
                index = constants.size();
                constants.add(constant.handle());
            }
            cases.add(new Case(key, call, index));
        }
        return new SitePlan(signature, dispatchArgs.clone(), mask, List.copyOf(cases), constants, table);
    }

    /** The class data list: the constant kernel handles, then the slow path. */
    List<MethodHandle> classData() {
        List<MethodHandle> data = new ArrayList<>(constants);
        data.add(table.invokerByKeySet(signature));
        return data;
    }
}
