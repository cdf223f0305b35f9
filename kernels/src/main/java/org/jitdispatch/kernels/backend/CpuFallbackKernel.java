package org.jitdispatch.kernels.backend;

import org.jitdispatch.autograd.NoGrad;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.dispatch.BoxedKernel;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.dispatch.DispatchKeySet;
import org.jitdispatch.runtime.dispatch.NotImplementedError;
import org.jitdispatch.runtime.dispatch.OperatorHandle;
import org.jitdispatch.runtime.dispatch.Stack;
import org.jitdispatch.runtime.schema.FunctionSchema;
import org.jitdispatch.runtime.schema.Return;

/**
 * The boxed kernel {@link CpuFallback#register} installs as one backend's fallback: it decides whether an
 * operator may fall back (not a view, not in error mode, not while the fallback is moving tensors), counts
 * it, and runs it on the CPU with a {@link FallbackCall}.
 *
 * <p>The fallback runs below autograd, as in PyTorch, where the autograd kernel above it has already
 * recorded the operator: its copies and the CPU kernel record no history of their own.
 */
final class CpuFallbackKernel implements BoxedKernel {
    /** c10's cpu_fallback redispatches with exactly the CPU key. */
    private static final DispatchKeySet CPU_ONLY = DispatchKeySet.of(DispatchKey.CPU);

    private final DispatchKey backendKey;
    private final DeviceType backend;
    private final DeviceTransfer transfer;

    CpuFallbackKernel(DispatchKey backendKey, DeviceType backend, DeviceTransfer transfer) {
        this.backendKey = backendKey;
        this.backend = backend;
        this.transfer = transfer;
    }

    @Override
    public void call(OperatorHandle op, DispatchKeySet keySet, Stack stack) {
        String opName = op.name().toString();
        DeviceTransfer.refuseReentry(opName, backendKey);
        FunctionSchema schema = op.schema();
        refuseViews(schema, opName);
        if (CpuFallback.mode() == FallbackMode.ERROR) {
            throw new NotImplementedError("'" + opName + "' has no " + backendKey + " kernel and would run on the CPU"
                    + " through the CPU fallback, which is in error mode (FallbackMode.ERROR, -D"
                    + FallbackMode.PROPERTY + "=error). Implement '" + opName + "' in the " + backendKey
                    + " backend (list it under `supported:` in the backend YAML), or allow CPU fallbacks with"
                    + " CpuFallback.setMode(FallbackMode.ALLOW).");
        }
        CpuFallback.COUNTERS.increment(opName);
        try (NoGrad noGrad = NoGrad.enter()) {
            FallbackCall call = new FallbackCall(opName, schema, backend, transfer);
            Object[] cpuArguments = call.argumentsOnCpu(stack.popN(schema.arguments().size()));
            for (Object v : cpuArguments) {
                stack.push(v);
            }
            op.redispatchBoxed(CPU_ONLY, stack);
            Object[] cpuReturns = stack.popN(schema.returns().size());
            call.writeBack();
            for (Object v : call.returnsOnBackend(cpuReturns)) {
                stack.push(v);
            }
        }
    }

    /**
     * PyTorch's Note [CPU Fallback Does Not Handle View Operators]: a view shares its input's storage, which
     * a result computed on the CPU cannot do. PyTorch warns and copies; a silent copy breaks every later
     * in-place write through the view, so here it is an error, raised before anything is moved.
     */
    private void refuseViews(FunctionSchema schema, String opName) {
        Return view = SchemaAliases.viewReturn(schema);
        if (view != null) {
            throw new NotImplementedError("'" + opName + "' is a view operator (it returns " + view + ", sharing the"
                    + " storage of an input) and has no " + backendKey + " kernel. The CPU fallback cannot run view"
                    + " operators: a result computed on the CPU cannot share the storage of a "
                    + backend.lowerName() + " tensor, so it would be a silent copy. Implement '" + opName + "' in the "
                    + backendKey + " backend (list it under `supported:` in the backend YAML).");
        }
    }
}
