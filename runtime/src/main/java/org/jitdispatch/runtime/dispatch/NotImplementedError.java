package org.jitdispatch.runtime.dispatch;

/** No kernel for the dispatch key a call resolved to (c10::NotImplementedError). */
public final class NotImplementedError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public NotImplementedError(String message) {
        super(message);
    }
}
