package org.jitdispatch.kernels.structured;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Where kernels send user-facing warnings (c10's TORCH_WARN), e.g. the deprecation warning for resizing
 * a non-empty out= tensor. Like c10's warning handler the handler is per thread, so a test capturing
 * warnings sees only what its own thread emitted. The default handler logs through
 * {@link System.Logger} at level WARNING.
 */
public final class Warnings {
    /** Receives warning messages. */
    @FunctionalInterface
    public interface Handler {
        void warn(String message);
    }

    private static final System.Logger LOGGER = System.getLogger("org.jitdispatch.kernels");

    /** Logs at WARNING, the way PyTorch surfaces TORCH_WARN as a Python UserWarning. */
    public static final Handler LOGGING = message -> LOGGER.log(System.Logger.Level.WARNING, message);

    private static final ThreadLocal<Handler> HANDLER = ThreadLocal.withInitial(() -> LOGGING);

    private Warnings() {
    }

    /** Emits a warning through this thread's handler. */
    public static void warn(String message) {
        HANDLER.get().warn(message);
    }

    /** Installs {@code handler} for the current thread and returns the one it replaces. */
    public static Handler setHandler(Handler handler) {
        Handler previous = HANDLER.get();
        HANDLER.set(Objects.requireNonNull(handler, "handler"));
        return previous;
    }

    /**
     * Runs {@code action} with a handler that records every warning, restores the previous handler, and
     * returns the recorded messages in order. Exceptions from the action propagate after the restore.
     */
    public static List<String> capture(Runnable action) {
        List<String> seen = new ArrayList<>();
        Handler previous = setHandler(seen::add);
        try {
            action.run();
        } finally {
            setHandler(previous);
        }
        return seen;
    }
}
