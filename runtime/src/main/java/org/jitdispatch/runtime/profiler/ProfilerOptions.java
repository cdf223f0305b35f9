package org.jitdispatch.runtime.profiler;

/**
 * What a profiling session records: every operator call with its start, end, thread and nesting, and,
 * with {@link #recordShapes}, the sizes of its tensor arguments (PyTorch's record_shapes).
 */
public record ProfilerOptions(boolean recordShapes) {
    public static ProfilerOptions defaults() {
        return new ProfilerOptions(false);
    }

    public ProfilerOptions withRecordShapes(boolean value) {
        return new ProfilerOptions(value);
    }
}
