package org.jitdispatch;

/**
 * A linear-algebra routine's refusal of its input's values rather than its shape or dtype (PyTorch's
 * {@code torch.linalg.LinAlgError}): a singular matrix to invert or solve with, a matrix that is not
 * positive-definite to factor. Its message is PyTorch's, with the batch element in a batch.
 */
public final class LinAlgError extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public LinAlgError(String message) {
        super(message);
    }
}
