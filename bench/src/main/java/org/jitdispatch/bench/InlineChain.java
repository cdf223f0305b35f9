package org.jitdispatch.bench;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The calls a benchmark claims are inlined into it, outermost first, as {@code Class.method} (simple or
 * qualified class names; a spun call-site class is named by its prefix, e.g.
 * {@code Site_aten__add_Tensor.call}). {@code jitdispatch inline-check} runs the benchmark with the JIT's
 * inlining decisions recorded and fails, naming the edge and HotSpot's reason, when any link is not
 * inlined into the benchmark's compiled code.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface InlineChain {
    String[] value();
}
