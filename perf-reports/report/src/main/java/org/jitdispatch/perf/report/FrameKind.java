package org.jitdispatch.perf.report;

/**
 * What async-profiler's frame annotation ({@code ann}) says of a frame: the suffix it appends and the
 * colour the report draws it in (async-profiler's own palette).
 */
enum FrameKind {
    INLINED("_[i]", "inlined Java", "#5fd3d3"),
    JIT_COMPILED("_[j]", "JIT-compiled Java (C2)", "#66cc66"),
    C1_COMPILED("_[1]", "C1-compiled Java", "#b8e06a"),
    INTERPRETED("_[0]", "interpreted Java", "#e0c050"),
    KERNEL("_[k]", "kernel", "#f0a050"),
    NATIVE("", "native (C/C++, the JVM)", "#f08070");

    final String suffix;
    final String description;
    final String color;

    FrameKind(String suffix, String description, String color) {
        this.suffix = suffix;
        this.description = description;
        this.color = color;
    }

    static FrameKind of(String frame) {
        for (FrameKind k : values()) {
            if (!k.suffix.isEmpty() && frame.endsWith(k.suffix)) {
                return k;
            }
        }
        return NATIVE;
    }

    /** The frame without its package: {@code org/x/Foo.bar_[i]} -> {@code Foo.bar_[i]}. */
    static String shortName(String frame) {
        int paren = frame.indexOf('(');
        String head = paren < 0 ? frame : frame.substring(0, paren);
        int slash = head.lastIndexOf('/');
        return slash < 0 ? frame : frame.substring(slash + 1);
    }
}
