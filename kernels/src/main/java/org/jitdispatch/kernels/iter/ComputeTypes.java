package org.jitdispatch.kernels.iter;

import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.ScalarType;

/**
 * TensorIterator's compute_types: the common dtype and device, the dtype and device of outputs to
 * allocate, and the dtype/device/safe-casting checks the config asks for. ATen then makes
 * common-dtype temporaries of mismatched inputs and outputs on the CPU; here the loops convert while
 * loading and storing instead, which gives the same values without the copies.
 */
final class ComputeTypes {
    /** The common dtype, or null (ATen's Undefined) when it could not be inferred. */
    final ScalarType commonDtype;
    final Device commonDevice;

    private ComputeTypes(ScalarType commonDtype, Device commonDevice) {
        this.commonDtype = commonDtype;
        this.commonDevice = commonDevice;
    }

    static ComputeTypes compute(Operand[] operands, TensorIteratorConfig config, boolean allOpsAreScalars) {
        // Review operands (1/2): common device, undefined outputs, whether dtypes differ.
        Device commonDevice = Device.CPU;
        ScalarType commonDtype = null;
        ScalarType outputDtype = null;
        boolean differentInputDtypes = false;
        boolean differentOutputDtypes = false;
        boolean undefinedOutputs = false;
        for (Operand op : operands) {
            if (op.targetDtype == null) {
                if (config.staticDtype != null) {
                    op.targetDtype = config.staticDtype;
                } else {
                    undefinedOutputs = true;
                }
                if (config.staticDevice != null) {
                    op.device = config.staticDevice;
                } else if (!config.checkAllSameDevice) {
                    throw new IllegalStateException("An output to allocate needs declareStaticDevice or checkAllSameDevice");
                }
                if (undefinedOutputs || op.device == null) {
                    continue;
                }
            }
            if (op.tensor == null) {
                continue;
            }
            if (commonDevice.type() == DeviceType.CPU && op.tensor.device().type() != DeviceType.CPU) {
                commonDevice = op.tensor.device();
            }
            if (!op.isOutput) {
                if (op.targetDtype != commonDtype) {
                    if (commonDtype == null) {
                        commonDtype = op.targetDtype;
                    } else {
                        differentInputDtypes = true;
                    }
                }
            } else if (op.targetDtype != outputDtype) {
                if (outputDtype == null) {
                    outputDtype = op.targetDtype;
                } else {
                    differentOutputDtypes = true;
                }
            }
        }

        if (differentInputDtypes && !config.promoteInputsToCommonDtype
                && (undefinedOutputs || config.enforceSafeCastingToOutput || config.castCommonDtypeToOutputs)) {
            throw new IllegalStateException("TensorIterator config: inputs of different dtypes need"
                    + " promoteInputsToCommonDtype when outputs are allocated, cast or safety-checked");
        }

        if (config.checkAllSameDtype && (differentInputDtypes || differentOutputDtypes
                || (commonDtype != outputDtype && outputDtype != null))) {
            for (Operand op : operands) {
                if (op.tensor != null && op.targetDtype != commonDtype) {
                    throw new IllegalArgumentException("Found dtype " + name(op.targetDtype) + " but expected "
                            + name(commonDtype));
                }
            }
        }

        if (!undefinedOutputs && !config.checkAllSameDevice && !config.promoteInputsToCommonDtype
                && !config.castCommonDtypeToOutputs && !config.enforceSafeCastingToOutput) {
            return new ComputeTypes(differentInputDtypes ? null : commonDtype, commonDevice);
        }

        if ((differentInputDtypes || allOpsAreScalars) && config.promoteInputsToCommonDtype) {
            ResultType state = new ResultType();
            for (Operand op : operands) {
                if (!op.isOutput) {
                    state.add(op.tensor.dtype(), op.tensor.dim(), op.wrappedNumber);
                }
            }
            commonDtype = state.result();
        }
        if (config.promoteIntegerInputsToFloat && commonDtype != null && commonDtype.isIntegral(true)) {
            commonDtype = ResultType.DEFAULT_DTYPE;
        }

        // Review operands (2/2): metadata of outputs to allocate, device and safe-casting checks.
        int maxCpuScalarsOnNonCpu = config.allowCpuScalars ? 1 : 0;
        int cpuScalarsOnNonCpu = 0;
        for (Operand op : operands) {
            boolean typeDefined = op.targetDtype != null;
            boolean deviceDefined = op.device != null;
            if (!typeDefined) {
                op.targetDtype = commonDtype;
            }
            if (!deviceDefined) {
                op.device = commonDevice;
            }
            if ((!typeDefined && !deviceDefined) || op.tensor == null) {
                continue;
            }
            if (config.checkAllSameDevice) {
                if (commonDevice.type() != DeviceType.CPU && config.allowCpuScalars && !op.isOutput
                        && op.tensor.dim() == 0 && op.tensor.device().type() == DeviceType.CPU) {
                    if (cpuScalarsOnNonCpu >= maxCpuScalarsOnNonCpu) {
                        throw new IllegalArgumentException("Trying to pass too many CPU scalars to non-CPU kernel!");
                    }
                    cpuScalarsOnNonCpu++;
                } else if (!op.device.equals(commonDevice)) {
                    throw new IllegalArgumentException("Expected all tensors to be on the same device, but found at least"
                            + " two devices, " + commonDevice + " and " + op.device + "!");
                }
            }
            if (config.enforceSafeCastingToOutput && op.isOutput && commonDtype != null
                    && op.currentDtype != commonDtype) {
                CastRules.checkSafeCast(commonDtype, op.currentDtype);
            }
        }
        return new ComputeTypes(commonDtype, commonDevice);
    }

    private static String name(ScalarType dtype) {
        return dtype == null ? "Undefined" : dtype.c10Name();
    }
}
