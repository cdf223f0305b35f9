package org.jitdispatch.jit.model;

import java.util.Objects;

/**
 * One problem found in an ops.yaml file.
 *
 * @param file the file, named as it was given to the reader
 * @param line the 1-based line of the offending key (the entry's first line for problems of a whole
 *     entry); 0 for a problem with the file as a whole (it cannot be read, it has no entries), which then
 *     prints without a line
 * @param message what is wrong, ending with the entry it concerns, e.g.
 *     {@code ... (in entry 'func: add.Tensor(Tensor self, Tensor other) -> Tensor')}
 */
public record OpsYamlError(String file, int line, String message) {

    public OpsYamlError {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(message, "message");
    }

    /**
     * {@code FILE:LINE: message}, the form compilers use, so editors can jump to the line; {@code FILE: message}
     * for a problem with the file as a whole.
     */
    @Override
    public String toString() {
        return line > 0 ? file + ":" + line + ": " + message : file + ": " + message;
    }
}
