package org.jitdispatch.kernels.backend;

import java.lang.reflect.Array;
import java.util.IdentityHashMap;
import java.util.List;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.TensorImpl;
import org.jitdispatch.runtime.schema.Argument;
import org.jitdispatch.runtime.schema.FunctionSchema;
import org.jitdispatch.runtime.schema.Return;

/**
 * One run of the CPU fallback on one operator's arguments, in the three steps of PyTorch's cpu_fallback:
 * {@link #argumentsOnCpu} before the CPU kernel runs, {@link #writeBack} and {@link #returnsOnBackend} after.
 * It remembers what the steps share: the caller's arguments, their CPU copies and the device the results go
 * to.
 */
final class FallbackCall {
    private final String opName;
    private final FunctionSchema schema;
    private final DeviceType backend;
    private final DeviceTransfer transfer;
    /** Each backend tensor's CPU copy, by identity: a tensor passed twice is copied once and stays one tensor. */
    private final IdentityHashMap<TensorImpl, TensorImpl> cpuCopies = new IdentityHashMap<>();
    private Object[] arguments;
    private Object[] cpuArguments;
    /** A Device argument of this backend (a factory that reached the fallback through BackendSelect). */
    private Device requestedDevice;
    private Device firstTensorDevice;

    FallbackCall(String opName, FunctionSchema schema, DeviceType backend, DeviceTransfer transfer) {
        this.opName = opName;
        this.schema = schema;
        this.backend = backend;
        this.transfer = transfer;
    }

    /**
     * The arguments to run the CPU kernel with: every tensor of the backend (alone, in a list, or an optional
     * one) replaced by a CPU copy, and a Device of the backend replaced by the CPU. Other values are kept.
     */
    Object[] argumentsOnCpu(Object[] args) {
        arguments = args;
        cpuArguments = args.clone();
        List<Argument> params = schema.arguments();
        for (int i = 0; i < args.length; i++) {
            Object v = args[i];
            String what = "argument '" + params.get(i).name() + "'";
            if (v instanceof Device device && device.type() == backend) {
                if (requestedDevice == null) {
                    requestedDevice = device;
                }
                cpuArguments[i] = Device.CPU;
            } else if (v instanceof TensorImpl tensor) {
                cpuArguments[i] = toCpu(tensor, what);
            } else if (v instanceof TensorImpl[] list) {
                TensorImpl[] onCpu = newListLike(list);
                for (int j = 0; j < list.length; j++) {
                    onCpu[j] = list[j] == null ? null : toCpu(list[j], what + "[" + j + "]");
                }
                cpuArguments[i] = onCpu;
            }
        }
        return cpuArguments;
    }

    /** Copies what the CPU kernel wrote into the CPU copies of written ({@code Tensor(a!)}) arguments back. */
    void writeBack() {
        List<Argument> params = schema.arguments();
        for (int i = 0; i < arguments.length; i++) {
            if (!params.get(i).isWrite()) {
                continue;
            }
            String what = "argument '" + params.get(i).name() + "'";
            if (arguments[i] instanceof TensorImpl original) {
                writeBack(original, (TensorImpl) cpuArguments[i], what);
            } else if (arguments[i] instanceof TensorImpl[] originals) {
                TensorImpl[] copies = (TensorImpl[]) cpuArguments[i];
                for (int j = 0; j < originals.length; j++) {
                    writeBack(originals[j], copies[j], what + "[" + j + "]");
                }
            }
        }
    }

    /**
     * The values to return to the caller in place of the CPU kernel's {@code cpuReturns}: a written return is
     * the caller's own argument; other tensors (and tensors in lists) are moved to the backend.
     */
    Object[] returnsOnBackend(Object[] cpuReturns) {
        List<Return> returns = schema.returns();
        Device target = requestedDevice != null ? requestedDevice : firstTensorDevice;
        Object[] out = cpuReturns.clone();
        for (int i = 0; i < out.length; i++) {
            Return r = returns.get(i);
            if (r.isWrite()) {
                out[i] = arguments[SchemaAliases.writtenArgumentOf(schema, opName, r)];
            } else if (target != null) {
                out[i] = toBackend(cpuReturns[i], target, returns.size() == 1 ? "the result" : "result " + i);
            }
        }
        return out;
    }

    private TensorImpl toCpu(TensorImpl t, String what) {
        if (t.device().type() != backend) {
            return t;
        }
        if (firstTensorDevice == null) {
            firstTensorDevice = t.device();
        }
        TensorImpl copy = cpuCopies.get(t);
        if (copy == null) {
            copy = transfer.toCpu(t, opName, what);
            cpuCopies.put(t, copy);
        }
        return copy;
    }

    private void writeBack(TensorImpl original, TensorImpl copy, String what) {
        if (original != null && copy != original) {
            transfer.copyBack(original, copy, opName, what);
        }
    }

    private Object toBackend(Object value, Device target, String what) {
        if (value instanceof TensorImpl tensor) {
            return toBackend(tensor, target, what);
        }
        if (value instanceof TensorImpl[] list) {
            TensorImpl[] moved = newListLike(list);
            for (int j = 0; j < list.length; j++) {
                moved[j] = toBackend(list[j], target, what + "[" + j + "]");
            }
            return moved;
        }
        return value;
    }

    private TensorImpl toBackend(TensorImpl t, Device target, String what) {
        return t == null || t.device().type() != DeviceType.CPU ? t : transfer.toBackend(t, target, opName, what);
    }

    /** An array of the same tensor class as {@code list}, so that typed callers get the type they expect. */
    private static TensorImpl[] newListLike(TensorImpl[] list) {
        return (TensorImpl[]) Array.newInstance(list.getClass().getComponentType(), list.length);
    }
}
