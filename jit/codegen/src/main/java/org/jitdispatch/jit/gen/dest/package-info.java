/**
 * One generator per kind of output file (torchgen's {@code dest/} package): the API
 * ({@link org.jitdispatch.jit.gen.dest.ApiGen}: Torch and Tensor), the operator handles
 * ({@link org.jitdispatch.jit.gen.dest.OpsGen}: Ops), the kernel declarations
 * ({@link org.jitdispatch.jit.gen.dest.DeclarationsGen}: the {@code *Declarations} interfaces and Kernels),
 * the per-key registrations ({@link org.jitdispatch.jit.gen.dest.WrapperGen}: RegisterCPU, RegisterMeta, ...,
 * and {@link org.jitdispatch.jit.gen.dest.RegisterAtenGen}), autograd
 * ({@link org.jitdispatch.jit.gen.dest.AutogradGen}), and an external backend's stubs
 * ({@link org.jitdispatch.jit.gen.dest.BackendStubsGen}, checked by
 * {@link org.jitdispatch.jit.gen.dest.ImplementationCheck}). Each takes the signatures and names of
 * {@link org.jitdispatch.jit.gen.api} and returns JavaPoet files; the drivers in {@link org.jitdispatch.jit.gen}
 * write them.
 */
package org.jitdispatch.jit.gen.dest;
