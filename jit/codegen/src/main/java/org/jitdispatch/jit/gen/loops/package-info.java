/**
 * Generators of typed loops: each loop is written once (in ufuncs.yaml, or in {@link
 * org.jitdispatch.jit.gen.loops.ElementType}'s table of the types TensorIterator's loops compute in) and emitted
 * as plain code per dtype (one method per (loop, dtype, operand shape), one class per element type), so every
 * dtype's code has a type profile of its own and C2 sees straight-line array code it can vectorize.
 */
package org.jitdispatch.jit.gen.loops;
