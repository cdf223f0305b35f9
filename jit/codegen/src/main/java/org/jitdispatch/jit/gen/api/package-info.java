/**
 * Calling conventions and names (torchgen's {@code api/} package): how a schema becomes a Java signature
 * for the public API ({@link org.jitdispatch.jit.gen.api.ApiSignature}, {@link org.jitdispatch.jit.gen.api.ApiTypes})
 * and for the dispatcher ({@link org.jitdispatch.jit.gen.api.DispatcherSignature}), how a method handle is
 * invoked ({@link org.jitdispatch.jit.gen.api.HandleCalls}), the names of every emitted class, field and
 * method ({@link org.jitdispatch.jit.gen.api.JavaNames}, which takes the names the run time shares from
 * {@code org.jitdispatch.jit.spin.EmittedNames}), and which wrapper each dispatch key registers for each
 * operator ({@link org.jitdispatch.jit.gen.api.KernelPlan}). Nothing here writes a file.
 */
package org.jitdispatch.jit.gen.api;
