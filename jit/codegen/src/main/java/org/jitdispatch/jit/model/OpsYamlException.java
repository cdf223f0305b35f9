package org.jitdispatch.jit.model;

import java.util.List;
import java.util.stream.Collectors;

/**
 * An ops.yaml file that is not valid. It holds every problem found in the file, not only the first, so
 * that one run of the checker reports everything there is to fix; {@link #getMessage()} has one
 * {@code FILE:LINE: message} per line, in line order.
 */
public final class OpsYamlException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient List<OpsYamlError> errors;

    public OpsYamlException(List<OpsYamlError> errors) {
        super(errors.stream().map(OpsYamlError::toString).collect(Collectors.joining("\n")));
        if (errors.isEmpty()) {
            throw new IllegalArgumentException("an OpsYamlException needs at least one error");
        }
        this.errors = List.copyOf(errors);
    }

    /** The problems, in line order (never empty). */
    public List<OpsYamlError> errors() {
        return errors;
    }
}
