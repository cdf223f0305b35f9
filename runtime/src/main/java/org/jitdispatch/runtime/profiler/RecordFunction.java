package org.jitdispatch.runtime.profiler;

import java.util.ArrayList;
import java.util.List;
import org.jitdispatch.runtime.TensorImpl;

/**
 * The hooks compiled call sites run around an operator call while a profiler is active (c10's
 * RecordFunction, but at the dispatcher's call level rather than as a dispatch key). Each thread records
 * into its own buffer, so threads never contend; nesting is tracked per thread.
 */
public final class RecordFunction {
    private RecordFunction() {
    }

    /**
     * Starts an event for {@code name}; {@code args} are the call's arguments (their tensor sizes are kept
     * when the session records shapes). Returns a token for {@link #exit}, or -1 when no session is active.
     */
    public static int enter(String name, Object[] args) {
        Profiler session = Profiler.active();
        if (session == null) {
            return -1;
        }
        ThreadBuffer buffer = session.bufferOfCurrentThread();
        List<long[]> shapes = session.options().recordShapes() ? shapesOf(args) : List.of();
        return buffer.open(name, shapes);
    }

    /** Ends the event that {@link #enter} opened (a token of -1 is ignored). */
    public static void exit(int token) {
        if (token < 0) {
            return;
        }
        Profiler session = Profiler.active();
        if (session != null) {
            session.bufferOfCurrentThread().close(token);
        }
    }

    private static List<long[]> shapesOf(Object[] args) {
        List<long[]> shapes = new ArrayList<>();
        if (args == null) {
            return shapes;
        }
        for (Object a : args) {
            if (a instanceof TensorImpl) {
                shapes.add(((TensorImpl) a).sizes());
            } else if (a instanceof TensorImpl[]) {
                for (TensorImpl t : (TensorImpl[]) a) {
                    shapes.add(t == null ? new long[0] : t.sizes());
                }
            } else {
                shapes.add(null); // a non-tensor argument: PyTorch prints [] for it
            }
        }
        return shapes;
    }

    /** One thread's events, in the order they started. */
    static final class ThreadBuffer {
        private final Thread thread = Thread.currentThread();
        private final List<MutableEvent> events = new ArrayList<>();
        private final List<Integer> open = new ArrayList<>();

        synchronized int open(String name, List<long[]> shapes) {
            int parent = open.isEmpty() ? -1 : open.get(open.size() - 1);
            MutableEvent e = new MutableEvent(name, System.nanoTime(), open.size(), parent, shapes);
            events.add(e);
            open.add(events.size() - 1);
            return events.size() - 1;
        }

        synchronized void close(int token) {
            if (token >= events.size()) {
                return; // opened in an earlier session of this thread
            }
            events.get(token).endNs = System.nanoTime();
            open.remove(Integer.valueOf(token));
        }

        long threadId() {
            return thread.getId();
        }

        String threadName() {
            return thread.getName();
        }

        synchronized List<ProfilerEvent> snapshot() {
            List<ProfilerEvent> out = new ArrayList<>(events.size());
            long now = System.nanoTime();
            for (MutableEvent e : events) {
                out.add(new ProfilerEvent(e.name, thread.getId(), thread.getName(), e.startNs,
                        e.endNs == 0 ? now : e.endNs, e.depth, e.parent, e.shapes));
            }
            return out;
        }
    }

    private static final class MutableEvent {
        final String name;
        final long startNs;
        final int depth;
        final int parent;
        final List<long[]> shapes;
        long endNs;

        MutableEvent(String name, long startNs, int depth, int parent, List<long[]> shapes) {
            this.name = name;
            this.startNs = startNs;
            this.depth = depth;
            this.parent = parent;
            this.shapes = shapes;
        }
    }
}
