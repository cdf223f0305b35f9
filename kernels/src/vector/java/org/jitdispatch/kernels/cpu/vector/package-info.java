/**
 * The Vector API kernels ({@code jdk.incubator.vector}) behind {@link org.jitdispatch.kernels.cpu.VectorKernels}.
 *
 * <p>This source set (kernels' {@code src/vector/java}) is compiled apart from {@code src/main/java}, with
 * {@code --add-modules jdk.incubator.vector}, into the same jar: the rest of the kernels cannot name these
 * classes or the incubator module by mistake (they would not compile), and {@code VectorKernels} loads them by
 * name only when the JVM has the module and {@code -Djitdispatch.cpu.capability} does not turn them off, so the
 * library never loads them without the module. Every class here has a scalar counterpart that stays the
 * fallback.
 */
package org.jitdispatch.kernels.cpu.vector;
