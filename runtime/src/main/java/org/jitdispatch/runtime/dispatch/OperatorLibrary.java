package org.jitdispatch.runtime.dispatch;

import java.util.ServiceLoader;

/**
 * A set of operator definitions and kernels that registers itself with a dispatcher, found on the class
 * path through {@link ServiceLoader} (the Java counterpart of C++ libraries whose static initialisers
 * run TORCH_LIBRARY blocks). The kernels module provides the aten library; tools such as the CLI load
 * every library with {@link #loadAll()}.
 */
public interface OperatorLibrary {
    /** Registers everything into the singleton dispatcher, once; later calls do nothing. */
    void ensureLoaded();

    /** Loads every library on the class path. */
    static void loadAll() {
        for (OperatorLibrary lib : ServiceLoader.load(OperatorLibrary.class)) {
            lib.ensureLoaded();
        }
    }
}
