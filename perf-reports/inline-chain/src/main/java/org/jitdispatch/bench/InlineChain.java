package org.jitdispatch.bench;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The calls a JMH benchmark method claims are inlined into it, outermost first, as {@code Class.method}
 * (simple or qualified class names; a hidden or spun class is named by its prefix, e.g.
 * {@code Site_aten__add_Tensor.call}). {@code jitdispatch inline-check --bench-jar JAR} reads the claims of
 * every benchmark in the jar from this annotation, runs each benchmark with the JIT's inlining decisions
 * recorded, and fails, naming the edge and HotSpot's reason, when any link is not inlined into the
 * benchmark's compiled code.
 *
 * <p>A link can name a jitdispatch operator instead of spelling out the generated names:
 * <ul>
 *   <li>{@code Site(aten::add.Tensor).call}: method {@code call} of the operator's spun call-site class,
 *       {@code Site_aten__add_Tensor.call};</li>
 *   <li>{@code Register(CPU).wrapper(aten::add.Tensor)}: the operator's kernel wrapper for a dispatch key,
 *       {@code RegisterCPU.wrapper_CPU_add_Tensor}.</li>
 * </ul>
 * The check expands these with the names the generator and the spinner emit
 * ({@code org.jitdispatch.jit.spin.EmittedNames}), so a claim follows a renaming; any other link is taken
 * as written.
 *
 * <p>This annotation is the whole of the {@code org.jitdispatch:jitdispatch-inline-chain} artifact, which
 * has no dependencies: any JMH project can use it.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface InlineChain {
    /** The claimed chain, outermost call first. */
    String[] value();

    /**
     * Whether the chain is claimed to be inlined (the default). {@code false} declares a negative control:
     * a chain that must come out <em>not</em> inlined (a method too big to inline, one excluded with
     * {@code -XX:CompileCommand=dontinline}, a megamorphic call), so that a check that wrongly reports
     * everything as inlined fails instead of passing.
     */
    boolean inlined() default true;
}
