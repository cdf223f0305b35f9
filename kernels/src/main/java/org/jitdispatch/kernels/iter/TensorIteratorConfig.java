package org.jitdispatch.kernels.iter;

import java.util.ArrayList;
import java.util.List;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorFactory;
import org.jitdispatch.runtime.TensorImpl;

/**
 * What a TensorIterator iterates and how it treats dtypes, devices and shapes (ATen's
 * TensorIteratorConfig, same flags and defaults). Outputs come first, then inputs. Reductions are not
 * supported.
 */
public final class TensorIteratorConfig {
    final List<TensorImpl> tensors = new ArrayList<>(4);
    final List<Boolean> wrapped = new ArrayList<>(4);
    int numOutputs;
    int numInputs;

    boolean checkMemOverlap = true;
    boolean checkAllSameDtype = true;
    boolean checkAllSameDevice = true;
    boolean enforceSafeCastingToOutput;
    boolean promoteInputsToCommonDtype;
    boolean promoteIntegerInputsToFloat;
    boolean castCommonDtypeToOutputs;
    boolean allowCpuScalars;
    boolean resizeOutputs = true;
    ScalarType staticDtype;
    Device staticDevice;

    /** Adds an output; null means "allocate it" (the functional signature). Outputs precede inputs. */
    public TensorIteratorConfig addOutput(TensorImpl output) {
        if (numInputs != 0) {
            throw new IllegalStateException("Keep in mind that you have to add all outputs first before adding any input.");
        }
        tensors.add(output);
        wrapped.add(Boolean.FALSE);
        numOutputs++;
        return this;
    }

    /** Adds an input tensor (a wrapped number if the tensor says it is one). */
    public TensorIteratorConfig addInput(TensorImpl input) {
        return addInput(input, input != null && input.isWrappedNumber());
    }

    /**
     * Adds a Scalar input as a wrapped number: a 0-dim CPU tensor of the scalar's type (Int64, Float64 or
     * Bool) that takes part in type promotion with the lowest priority, as a Python number does.
     */
    public TensorIteratorConfig addInputScalar(Scalar value) {
        return addInput(TensorFactory.IMPL.scalarTensor(value, value.type()), true);
    }

    /**
     * Adds a 0-dim tensor that stands for a Python number (c10's is_wrapped_number) even if it is not
     * marked as one.
     */
    public TensorIteratorConfig addWrappedNumberInput(TensorImpl zeroDim) {
        if (zeroDim.dim() != 0) {
            throw new IllegalArgumentException("A wrapped number is a 0-dim tensor, got one of sizes "
                    + java.util.Arrays.toString(zeroDim.sizes()));
        }
        return addInput(zeroDim, true);
    }

    private TensorIteratorConfig addInput(TensorImpl input, boolean wrappedNumber) {
        if (input == null) {
            throw new IllegalArgumentException("Found undefined input tensor!");
        }
        tensors.add(input);
        wrapped.add(wrappedNumber);
        numInputs++;
        return this;
    }

    /**
     * Reject an output that writes one memory location through several elements (an expanded tensor) and
     * an input that partly overlaps an output (ATen's set_check_mem_overlap). Default true.
     */
    public TensorIteratorConfig checkMemOverlap(boolean value) {
        checkMemOverlap = value;
        return this;
    }

    /** Require every operand to have the same dtype ("Found dtype Long but expected Float"). Default true. */
    public TensorIteratorConfig checkAllSameDtype(boolean value) {
        checkAllSameDtype = value;
        return this;
    }

    /** Require every operand to be on one device (CPU scalars aside, see allowCpuScalars). Default true. */
    public TensorIteratorConfig checkAllSameDevice(boolean value) {
        checkAllSameDevice = value;
        return this;
    }

    /** Reject outputs the common dtype cannot be cast to ({@link CastRules#canCast}). Default false. */
    public TensorIteratorConfig enforceSafeCastingToOutput(boolean value) {
        enforceSafeCastingToOutput = value;
        return this;
    }

    /** Compute the common dtype by type promotion; the loops read inputs as it. Turns checkAllSameDtype off. */
    public TensorIteratorConfig promoteInputsToCommonDtype(boolean value) {
        promoteInputsToCommonDtype = value;
        if (value) {
            checkAllSameDtype = false;
        }
        return this;
    }

    /** An integral or bool common dtype becomes the default dtype (true division). Needs promoteInputsToCommonDtype. */
    public TensorIteratorConfig promoteIntegerInputsToFloat(boolean value) {
        if (value && !promoteInputsToCommonDtype) {
            throw new IllegalStateException("promote_integer_inputs_to_float requires promote_inputs_to_common_dtype");
        }
        promoteIntegerInputsToFloat = value;
        return this;
    }

    /** Outputs of another dtype receive the common-dtype result converted. Turns checkAllSameDtype off. */
    public TensorIteratorConfig castCommonDtypeToOutputs(boolean value) {
        castCommonDtypeToOutputs = value;
        if (value) {
            checkAllSameDtype = false;
        }
        return this;
    }

    /** Allow one 0-dim CPU input with tensors on another device. Default false. */
    public TensorIteratorConfig allowCpuScalars(boolean value) {
        allowCpuScalars = value;
        return this;
    }

    /** Resize out= tensors of the wrong shape (with the deprecation warning). Default true. */
    public TensorIteratorConfig resizeOutputs(boolean value) {
        resizeOutputs = value;
        return this;
    }

    /** Outputs to allocate get this dtype instead of the common one. Needs checkAllSameDtype(false). */
    public TensorIteratorConfig declareStaticDtype(ScalarType dtype) {
        if (checkAllSameDtype) {
            throw new IllegalStateException("check_all_same_dtype(false) must be called before declare_static_dtype(...)");
        }
        staticDtype = dtype;
        return this;
    }

    /** Outputs to allocate go on this device instead of the common one. */
    public TensorIteratorConfig declareStaticDevice(Device device) {
        staticDevice = device;
        return this;
    }
}
