package org.jitdispatch.runtime.profiler;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * A profiling session over operator calls (PyTorch's torch.profiler at the level of aten ops):
 *
 * <pre>{@code
 * try (Profiler prof = Profiler.start(ProfilerOptions.defaults())) {
 *     model.forward(x);
 *     prof.stop();
 *     System.out.println(prof.keyAverages().table("self_cpu_time_total", 10));
 *     prof.exportChromeTrace(Path.of("trace.json"));
 * }
 * }</pre>
 *
 * Only one session is active at a time. Starting and stopping a session re-spins every compiled call
 * site (through the listeners), so that sites carry profiler code only while a session is active.
 */
public final class Profiler implements AutoCloseable {
    private static volatile Profiler active;
    private static final List<Consumer<Boolean>> LISTENERS = new CopyOnWriteArrayList<>();

    private final ProfilerOptions options;
    private final List<RecordFunction.ThreadBuffer> buffers = new CopyOnWriteArrayList<>();
    private final ThreadLocal<RecordFunction.ThreadBuffer> buffer = ThreadLocal.withInitial(this::newBuffer);
    private List<ProfilerEvent> stoppedEvents;

    private Profiler(ProfilerOptions options) {
        this.options = options;
    }

    /** Starts the session; everything called from now until {@link #stop()} or {@link #close()} is recorded. */
    public static Profiler start(ProfilerOptions options) {
        Profiler p = new Profiler(options);
        synchronized (Profiler.class) {
            if (active != null) {
                throw new IllegalStateException("A profiler is already running; stop it before starting another");
            }
            active = p;
        }
        LISTENERS.forEach(l -> l.accept(true));
        return p;
    }

    /** The active session, or null. */
    public static Profiler active() {
        return active;
    }

    public static boolean isActive() {
        return active != null;
    }

    /**
     * Tells {@code listener} of every start ({@code true}) and stop ({@code false}); compiled call sites
     * re-spin with or without profiler code.
     */
    public static void addListener(Consumer<Boolean> listener) {
        LISTENERS.add(listener);
    }

    public ProfilerOptions options() {
        return options;
    }

    /** Ends recording; the events stay readable. Stopping twice is harmless. */
    public void stop() {
        synchronized (Profiler.class) {
            if (active != this) {
                return;
            }
            stoppedEvents = collect();
            active = null;
        }
        LISTENERS.forEach(l -> l.accept(false));
    }

    @Override
    public void close() {
        stop();
    }

    /** Every recorded event of every thread, each thread's in the order its events started. */
    public List<ProfilerEvent> events() {
        synchronized (Profiler.class) {
            return stoppedEvents != null ? stoppedEvents : collect();
        }
    }

    /** Statistics per operator name (PyTorch's key_averages()). */
    public KeyAverages keyAverages() {
        return KeyAverages.of(events(), false);
    }

    /** Statistics per operator name and input shapes (key_averages(group_by_input_shape=True)). */
    public KeyAverages keyAverages(boolean groupByInputShape) {
        return KeyAverages.of(events(), groupByInputShape);
    }

    /**
     * Writes the events as Chrome trace JSON: complete ("ph": "X") events with microsecond timestamps,
     * one track per thread, loadable in Perfetto and chrome://tracing.
     */
    public void exportChromeTrace(Path path) throws IOException {
        List<ProfilerEvent> events = events();
        long origin = events.stream().mapToLong(ProfilerEvent::startNs).min().orElse(0);
        try (JsonGenerator g = new JsonFactory().createGenerator(path.toFile(), JsonEncoding.UTF8)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeArrayFieldStart("traceEvents");
            for (ProfilerEvent e : events) {
                g.writeStartObject();
                g.writeStringField("ph", "X");
                g.writeStringField("cat", "cpu_op");
                g.writeStringField("name", e.name());
                g.writeNumberField("pid", ProcessHandle.current().pid());
                g.writeNumberField("tid", e.threadId());
                g.writeNumberField("ts", (e.startNs() - origin) / 1000.0);
                g.writeNumberField("dur", e.durationNs() / 1000.0);
                if (!e.inputShapes().isEmpty()) {
                    g.writeObjectFieldStart("args");
                    g.writeStringField("Input Dims", KeyAverages.formatShapes(e.inputShapes()));
                    g.writeEndObject();
                }
                g.writeEndObject();
            }
            for (RecordFunction.ThreadBuffer b : buffers) {
                // thread names as metadata events, so each track is labelled
                g.writeStartObject();
                g.writeStringField("ph", "M");
                g.writeStringField("name", "thread_name");
                g.writeNumberField("pid", ProcessHandle.current().pid());
                g.writeNumberField("tid", b.threadId());
                g.writeObjectFieldStart("args");
                g.writeStringField("name", b.threadName());
                g.writeEndObject();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeStringField("displayTimeUnit", "ms");
            g.writeEndObject();
        }
    }

    RecordFunction.ThreadBuffer bufferOfCurrentThread() {
        return buffer.get();
    }

    private RecordFunction.ThreadBuffer newBuffer() {
        RecordFunction.ThreadBuffer b = new RecordFunction.ThreadBuffer();
        buffers.add(b);
        return b;
    }

    private List<ProfilerEvent> collect() {
        List<ProfilerEvent> out = new ArrayList<>();
        for (RecordFunction.ThreadBuffer b : buffers) {
            out.addAll(b.snapshot());
        }
        return out;
    }
}
