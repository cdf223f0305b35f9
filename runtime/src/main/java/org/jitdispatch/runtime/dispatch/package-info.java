/**
 * The operator registry and the reference dispatcher (c10's {@code Dispatcher} and {@code OperatorEntry}).
 *
 * <p>Operators are defined by schema and kernels registered per dispatch key through {@link
 * org.jitdispatch.runtime.dispatch.Library} (TORCH_LIBRARY / TORCH_LIBRARY_IMPL); every change recomputes
 * the affected operators' immutable {@link org.jitdispatch.runtime.dispatch.DispatchTable}s under one lock and
 * tells the {@link org.jitdispatch.runtime.dispatch.DispatcherListener}s (the spinner among them). Dispatch
 * keys, their priority, alias keys and fallthrough follow c10: {@link org.jitdispatch.runtime.dispatch.DispatchKey},
 * {@link org.jitdispatch.runtime.dispatch.DispatchKeySet}, the per-thread include/exclude sets of {@link
 * org.jitdispatch.runtime.dispatch.LocalDispatchKeySet} and their guards.
 *
 * <p>Calls never lock: {@link org.jitdispatch.runtime.dispatch.OperatorHandle} reads the operator's table
 * once and runs the kernel of the call's highest key, typed or boxed ({@code Boxing},
 * {@link org.jitdispatch.runtime.dispatch.Stack}). This table
 * lookup is the reference: the spun call sites of {@code org.jitdispatch.jit.spin} are tested against it,
 * it is the boxed path, and it is the baseline the benchmarks compare with.
 */
package org.jitdispatch.runtime.dispatch;
