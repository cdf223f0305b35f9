/**
 * Generators of typed loops: each loop is written once (in ufuncs.yaml or in a generator's table of element
 * types) and emitted as one plain method per (loop, dtype, operand shape), so every dtype's code has a type
 * profile of its own and C2 sees straight-line array code it can vectorize.
 */
package org.jitdispatch.jit.gen.loops;
