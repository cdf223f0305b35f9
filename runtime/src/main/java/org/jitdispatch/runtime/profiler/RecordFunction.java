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
            if (a instanceof TensorImpl tensor) {
                shapes.add(tensor.sizes());
            } else if (a instanceof TensorImpl[] tensors) {
                for (TensorImpl t : tensors) {
                    shapes.add(t == null ? new long[0] : t.sizes());
                }
            } else {
                shapes.add(null); // a non-tensor argument: PyTorch prints [] for it
            }
        }
        return shapes;
    }

    /**
     * One thread's events, in the order they started, in parallel primitive arrays (no object per event,
     * so recording stays cheap at millions of events). Only the owning thread writes; readers take a
     * snapshot under the same lock.
     */
    static final class ThreadBuffer {
        private final Thread thread = Thread.currentThread();
        private String[] names = new String[1024];
        private long[] starts = new long[1024];
        private long[] ends = new long[1024];
        private int[] depths = new int[1024];
        private int[] parents = new int[1024];
        private List<long[]>[] shapes;
        private int size;
        private int[] open = new int[64];
        private int openDepth;

        synchronized int open(String name, List<long[]> inputShapes) {
            if (size == names.length) {
                grow();
            }
            int index = size++;
            names[index] = name;
            depths[index] = openDepth;
            parents[index] = openDepth == 0 ? -1 : open[openDepth - 1];
            if (!inputShapes.isEmpty()) {
                shapesArray()[index] = inputShapes;
            }
            if (openDepth == open.length) {
                open = java.util.Arrays.copyOf(open, openDepth * 2);
            }
            open[openDepth++] = index;
            starts[index] = System.nanoTime();
            return index;
        }

        synchronized void close(int token) {
            long now = System.nanoTime();
            if (token >= size) {
                return; // opened in an earlier session of this thread
            }
            ends[token] = now;
            // events close in LIFO order; an exception path may skip some, so search down the stack
            for (int d = openDepth - 1; d >= 0; d--) {
                if (open[d] == token) {
                    openDepth = d;
                    return;
                }
            }
        }

        long threadId() {
            return thread.getId();
        }

        String threadName() {
            return thread.getName();
        }

        synchronized List<ProfilerEvent> snapshot() {
            List<ProfilerEvent> out = new ArrayList<>(size);
            long now = System.nanoTime();
            for (int i = 0; i < size; i++) {
                List<long[]> s = shapes == null || shapes[i] == null ? List.of() : shapes[i];
                out.add(new ProfilerEvent(names[i], thread.getId(), thread.getName(), starts[i],
                        ends[i] == 0 ? now : ends[i], depths[i], parents[i], s));
            }
            return out;
        }

        @SuppressWarnings("unchecked")
        private List<long[]>[] shapesArray() {
            if (shapes == null) {
                shapes = new List[names.length];
            }
            return shapes;
        }

        private void grow() {
            int n = names.length * 2;
            names = java.util.Arrays.copyOf(names, n);
            starts = java.util.Arrays.copyOf(starts, n);
            ends = java.util.Arrays.copyOf(ends, n);
            depths = java.util.Arrays.copyOf(depths, n);
            parents = java.util.Arrays.copyOf(parents, n);
            if (shapes != null) {
                shapes = java.util.Arrays.copyOf(shapes, n);
            }
        }
    }
}
