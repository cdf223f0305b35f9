package org.jitdispatch.jit.model;

import java.util.Objects;

/**
 * A key of PyTorch's native_functions.yaml format that this project recognises but does not use (such
 * as {@code python_module} or {@code device_guard}). Such keys are accepted so that entries can be
 * copied from PyTorch unchanged; the notes let a checker say which of them had no effect.
 *
 * @param location the line of the key
 * @param key the key as written
 */
public record IgnoredKey(Location location, String key) {

    public IgnoredKey {
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(key, "key");
    }

    /** {@code FILE:LINE: note: key 'x' is recognised and ignored}. */
    @Override
    public String toString() {
        return location + ": note: key '" + key + "' is recognised and ignored";
    }
}
