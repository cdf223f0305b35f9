/**
 * The call-site spinner, the run-time half of jit: for every operator, {@link
 * org.jitdispatch.jit.spin.CallSites} keeps a {@code MutableCallSite} whose target is a hidden class spun
 * with ASM ({@code SitePlan} decides, {@code SiteClassWriter}
 * writes, one method per bytecode shape) from the operator's current dispatch table: key extraction from
 * the schema's dispatch arguments, the thread's include/exclude sets, and a switch on the highest key
 * whose cases call each kernel as a constant. A registration re-spins that operator's site only.
 *
 * <p>{@link org.jitdispatch.jit.spin.EmittedNames} is the one home of the emitted names ({@code Site_} classes,
 * {@code Register<Key>} classes, {@code wrapper_<Key>_<op>} methods, the generated packages), shared with
 * the build-time generator, the command line and the benchmarks; {@link org.jitdispatch.jit.spin.InliningHints}
 * keeps the standalone compiled code of those classes small so that callers inline them;
 * {@code -Djitdispatch.dump=DIR} writes every spun class ({@code SpinDump}).
 */
package org.jitdispatch.jit.spin;
