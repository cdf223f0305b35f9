/**
 * The build-time generator's drivers (torchgen's {@code gen.py}): {@link org.jitdispatch.jit.gen.GenerateMain}
 * turns a validated ops.yaml (and its derivatives and ufuncs) into Java sources,
 * {@link org.jitdispatch.jit.gen.BackendStubsMain} does the same for an external backend's YAML, and
 * {@link org.jitdispatch.jit.gen.GeneratedSources} writes only the files whose content changed. What a
 * generated name or signature is lives in {@link org.jitdispatch.jit.gen.api}; what each output file holds
 * lives in {@link org.jitdispatch.jit.gen.dest}, one generator per kind of file; typed loops live in
 * {@link org.jitdispatch.jit.gen.loops}.
 */
package org.jitdispatch.jit.gen;
