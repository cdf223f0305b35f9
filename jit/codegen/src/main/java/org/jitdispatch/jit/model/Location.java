package org.jitdispatch.jit.model;

import java.util.Objects;

/**
 * Where something was declared: a file (named as it was given to the reader) and a 1-based line.
 * torchgen's {@code Location}; prints as {@code file:line}, the form every message starts with.
 */
public record Location(String file, int line) {

    public Location {
        Objects.requireNonNull(file, "file");
    }

    @Override
    public String toString() {
        return file + ":" + line;
    }
}
