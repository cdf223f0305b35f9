/**
 * ATen's TensorIterator: the structured meta object of elementwise and reduction kernels. The meta function
 * builds it with a preset ({@link org.jitdispatch.kernels.iter.TensorIterator}, configured by {@link
 * org.jitdispatch.kernels.iter.TensorIteratorConfig}), which broadcasts the operands ({@link
 * org.jitdispatch.kernels.iter.Broadcast}), promotes their types ({@link org.jitdispatch.kernels.iter.ResultType},
 * {@link org.jitdispatch.kernels.iter.CastRules}), chooses the output's strides and coalesces dimensions
 * ({@code DimensionOrder}, {@code Coalescing});
 * the impl then runs over typed strided runs, one cursor per dtype family ({@link
 * org.jitdispatch.kernels.iter.FloatLoop}, {@link org.jitdispatch.kernels.iter.DoubleLoop}, {@link
 * org.jitdispatch.kernels.iter.LongLoop}, {@link org.jitdispatch.kernels.iter.BooleanLoop}), so that each
 * inner loop is plain array code with a type profile of its own.
 */
package org.jitdispatch.kernels.iter;
