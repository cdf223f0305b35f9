package org.jitdispatch.kernels.iter;

import java.util.Arrays;
import org.jitdispatch.kernels.structured.StructuredMeta;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorFactory;
import org.jitdispatch.runtime.TensorGeometry;
import org.jitdispatch.runtime.TensorImpl;

/**
 * The build half of TensorIterator (ATen's TensorIteratorBase::build): broadcasting, type promotion,
 * device checks, the layout of outputs to allocate, and the iteration geometry the loops in
 * {@link TensorIterator} walk. It is a {@link StructuredMeta}, so an elementwise structured kernel's meta
 * builds the iterator and outputs are declared through the structured mode (functional, inplace, out).
 *
 * <p>After {@link #build}, the iteration has {@link #ndim()} dimensions with dimension 0 moving fastest
 * (the reverse of a tensor's order, as in ATen), already permuted to follow the inputs' layout and
 * coalesced.
 */
public abstract class TensorIteratorBase extends StructuredMeta {
    private static final long[] NO_DIMS = new long[0];

    Operand[] operands;
    int numOutputs;
    private long[] shape = NO_DIMS;
    private int[] perm;
    private boolean isMeta;
    private boolean allOpsSameShape;
    private boolean allOpsAreScalars;
    private ScalarType commonDtype;
    private Device commonDevice = Device.CPU;

    TensorIteratorBase(Mode mode, TensorFactory<? extends TensorImpl> factory, TensorImpl[] outputs) {
        super(mode, factory, outputs);
    }

    // ---- presets (ATen's build_borrowing_*_op); out is maybeGetOutput(0): null when it is to be allocated ----

    /** build_borrowing_binary_op: promote inputs to their common dtype, cast it to the output, safely. */
    public final void buildBinaryOp(TensorImpl out, TensorImpl a, TensorImpl b) {
        build(binaryOpConfig().addOutput(out).addInput(a).addInput(b));
    }

    /** buildBinaryOp with a Scalar second operand (a wrapped number, as {@code add(Tensor, Scalar)} makes). */
    public final void buildBinaryOp(TensorImpl out, TensorImpl a, Scalar b) {
        build(binaryOpConfig().addOutput(out).addInput(a).addInputScalar(b));
    }

    /** build_borrowing_binary_float_op: like buildBinaryOp, but an integral or bool common dtype becomes float32. */
    public final void buildBinaryFloatOp(TensorImpl out, TensorImpl a, TensorImpl b) {
        build(binaryOpConfig().promoteIntegerInputsToFloat(true).addOutput(out).addInput(a).addInput(b));
    }

    public final void buildBinaryFloatOp(TensorImpl out, TensorImpl a, Scalar b) {
        build(binaryOpConfig().promoteIntegerInputsToFloat(true).addOutput(out).addInput(a).addInputScalar(b));
    }

    /**
     * build_borrowing_comparison_op: inputs promoted to their common dtype; an output to allocate is
     * bool, an existing non-bool output receives the result cast (0 or 1).
     */
    public final void buildComparisonOp(TensorImpl out, TensorImpl a, TensorImpl b) {
        build(comparisonOpConfig(out).addOutput(out).addInput(a).addInput(b));
    }

    public final void buildComparisonOp(TensorImpl out, TensorImpl a, Scalar b) {
        build(comparisonOpConfig(out).addOutput(out).addInput(a).addInputScalar(b));
    }

    /** build_borrowing_unary_op: output and input must have the same dtype. */
    public final void buildUnaryOp(TensorImpl out, TensorImpl a) {
        build(new TensorIteratorConfig().castCommonDtypeToOutputs(false).enforceSafeCastingToOutput(false)
                .checkAllSameDtype(true).addOutput(out).addInput(a));
    }

    /** build_borrowing_unary_force_boolean_op: a bool output whatever the input's dtype (signbit, isposinf...). */
    public final void buildUnaryForceBooleanOp(TensorImpl out, TensorImpl a) {
        build(new TensorIteratorConfig().checkAllSameDtype(false).declareStaticDtype(ScalarType.Bool)
                .declareStaticDevice(a.device()).addOutput(out).addInput(a));
    }

    /** build_borrowing_unary_float_op: integral and bool inputs compute in float32 (sin, exp, sqrt...). */
    public final void buildUnaryFloatOp(TensorImpl out, TensorImpl a) {
        build(new TensorIteratorConfig().promoteInputsToCommonDtype(true).castCommonDtypeToOutputs(true)
                .enforceSafeCastingToOutput(true).promoteIntegerInputsToFloat(true).addOutput(out).addInput(a));
    }

    /** build_ternary_op: three inputs promoted to their common dtype, cast safely to the output. */
    public final void buildTernaryOp(TensorImpl out, TensorImpl a, TensorImpl b, TensorImpl c) {
        build(new TensorIteratorConfig().promoteInputsToCommonDtype(true).castCommonDtypeToOutputs(true)
                .enforceSafeCastingToOutput(true).addOutput(out).addInput(a).addInput(b).addInput(c));
    }

    /**
     * nullary_op: only an existing output (fill_, random_...), never resized. Without the memory-overlap
     * check, as ATen's fill_ builds it: filling an expanded tensor is allowed.
     */
    public final void buildNullaryOp(TensorImpl out) {
        if (out == null) {
            throw new IllegalArgumentException("A nullary op writes an existing tensor; got none");
        }
        build(new TensorIteratorConfig().checkMemOverlap(false).checkAllSameDtype(false).resizeOutputs(false)
                .addOutput(out));
    }

    private static TensorIteratorConfig binaryOpConfig() {
        return new TensorIteratorConfig().allowCpuScalars(true).promoteInputsToCommonDtype(true)
                .castCommonDtypeToOutputs(true).enforceSafeCastingToOutput(true);
    }

    private static TensorIteratorConfig comparisonOpConfig(TensorImpl out) {
        TensorIteratorConfig config = new TensorIteratorConfig().allowCpuScalars(true).promoteInputsToCommonDtype(true);
        if (out == null) {
            config.declareStaticDtype(ScalarType.Bool);
        } else if (out.dtype() != ScalarType.Bool) {
            config.castCommonDtypeToOutputs(true);
        }
        return config;
    }

    // ---- build ----

    /** Builds the iterator once, declaring its outputs through this structured kernel's mode. */
    public final void build(TensorIteratorConfig config) {
        if (operands != null) {
            throw new IllegalStateException("A TensorIterator is built once");
        }
        populateOperands(config);
        markOutputs();
        if (config.checkMemOverlap) {
            computeMemOverlaps();
        }
        computeShape(config);
        markResizeOutputs(config);
        if (config.checkMemOverlap) {
            refuseResizingIntoAnInput();
        }
        ComputeTypes types = ComputeTypes.compute(operands, config, allOpsAreScalars);
        commonDtype = types.commonDtype;
        commonDevice = types.commonDevice;
        if (!fastSetUp()) {
            computeStrides();
            reorderDimensions();
            allocateOrResizeOutputs();
            if (!isMeta) {
                coalesceDimensions();
            }
        }
    }

    private void populateOperands(TensorIteratorConfig config) {
        int n = config.tensors.size();
        operands = new Operand[n];
        numOutputs = config.numOutputs;
        for (int i = 0; i < n; i++) {
            TensorImpl t = config.tensors.get(i);
            // Any meta operand makes the whole computation a meta computation (metadata only).
            if (t != null && t.isMeta()) {
                isMeta = true;
            }
            operands[i] = new Operand(t, i < numOutputs, config.wrapped.get(i));
        }
    }

    private void markOutputs() {
        for (int i = 0; i < numOutputs; i++) {
            TensorImpl out = operands[i].tensor;
            for (int j = numOutputs; out != null && j < operands.length; j++) {
                if (operands[j].tensor == out) {
                    operands[i].isReadWrite = true;
                }
            }
        }
    }

    /**
     * compute_mem_overlaps: no output may write one memory location through two of its elements, and no
     * input may partly overlap an output (an input that is the output itself is fine).
     */
    private void computeMemOverlaps() {
        for (int i = 0; i < numOutputs; i++) {
            TensorImpl out = operands[i].tensor;
            if (out == null) {
                continue;
            }
            if (hasInternalOverlap(out)) {
                throw new IllegalArgumentException("unsupported operation: more than one element of the written-to"
                        + " tensor refers to a single memory location. Please clone() the tensor before performing the"
                        + " operation.");
            }
            for (int j = numOutputs; j < operands.length; j++) {
                TensorImpl in = operands[j].tensor;
                if (in != out && partiallyOverlap(out, in)) {
                    throw new IllegalArgumentException("unsupported operation: some elements of the input tensor and"
                            + " the written-to tensor refer to a single memory location. Please clone() the tensor"
                            + " before performing the operation.");
                }
            }
        }
    }

    /**
     * An out= tensor that must be resized while it shares memory with an input is refused before it is resized:
     * the resized output would overlap the input in new places (ATen resizes it and writes through the input it
     * then reads, which can, for instance, plant a zero divisor in an integer division midway).
     */
    private void refuseResizingIntoAnInput() {
        for (int i = 0; i < numOutputs; i++) {
            Operand op = operands[i];
            if (!op.willResize || op.tensor.storage() == null) {
                continue;
            }
            for (int j = numOutputs; j < operands.length; j++) {
                TensorImpl in = operands[j].tensor;
                if (in != null && in != op.tensor && in.storage() == op.tensor.storage() && in.numel() > 0) {
                    throw new IllegalArgumentException("unsupported operation: some elements of the input tensor and"
                            + " the written-to tensor refer to a single memory location. Please clone() the tensor"
                            + " before performing the operation.");
                }
            }
        }
    }

    /**
     * has_internal_overlap == MemOverlap::Yes: not non-overlapping and dense (c10 counts a tensor without elements
     * as dense, whatever its strides: an empty result of a broadcast has zero strides), and a dimension of stride 0
     * and size above 1 (other overlaps are ATen's TooHard, which it lets through).
     */
    private static boolean hasInternalOverlap(TensorImpl t) {
        if (t.numel() == 0) {
            return false;
        }
        for (int d = 0, n = t.dim(); d < n; d++) {
            if (t.stride(d) == 0 && t.size(d) > 1) {
                return true;
            }
        }
        return false;
    }

    /**
     * get_overlap_status == MemOverlapStatus::Partial: two dense tensors over one storage whose element
     * ranges intersect without being the same range with the same strides.
     */
    private static boolean partiallyOverlap(TensorImpl a, TensorImpl b) {
        if (a.storage() == null || a.storage() != b.storage() || a.numel() == 0 || b.numel() == 0) {
            return false;
        }
        if (!TensorGeometry.isNonOverlappingAndDense(a.sizes(), a.strides())
                || !TensorGeometry.isNonOverlappingAndDense(b.sizes(), b.strides())) {
            return false;
        }
        long aBegin = a.storageOffset();
        long aEnd = aBegin + a.numel();
        long bBegin = b.storageOffset();
        long bEnd = bBegin + b.numel();
        if (aBegin == bBegin && aEnd == bEnd) {
            return !Arrays.equals(a.strides(), b.strides());
        }
        return aBegin < bEnd && bBegin < aEnd;
    }

    private void computeShape(TensorIteratorConfig config) {
        allOpsSameShape = true;
        boolean hasScalars = false;
        boolean hasTensors = false;
        for (Operand op : operands) {
            // With resizing, out= tensors do not take part in the shape: they are resized to it.
            if (op.tensor == null || (config.resizeOutputs && op.isOutput)) {
                continue;
            }
            long[] s = op.tensor.sizes();
            if (s.length == 0) {
                hasScalars = true;
            } else {
                hasTensors = true;
            }
            if (hasScalars && hasTensors) {
                allOpsSameShape = false;
            }
            if (shape.length == 0) {
                shape = s;
            } else if (!Arrays.equals(s, shape)) {
                allOpsSameShape = false;
                shape = Broadcast.inferSize(shape, s);
            }
        }
        allOpsAreScalars = !hasTensors;
    }

    private void markResizeOutputs(TensorIteratorConfig config) {
        for (int i = 0; i < numOutputs; i++) {
            Operand op = operands[i];
            if (op.tensor != null && !Arrays.equals(op.tensor.sizes(), shape)) {
                if (config.resizeOutputs && !op.isReadWrite) {
                    op.willResize = true;
                    continue;
                }
                throw new IllegalArgumentException("output with shape " + Arrays.toString(op.tensor.sizes())
                        + " doesn't match the broadcast shape " + Arrays.toString(shape));
            }
        }
    }

    /**
     * ATen's fast_set_up: when all inputs have one shape and one dense layout, outputs take that layout
     * and the iteration is a single dimension over memory. Returns false when the general path is needed.
     */
    private boolean fastSetUp() {
        FastSetup kind = fastSetupType();
        if (kind == FastSetup.NONE) {
            return false;
        }
        for (int i = 0; i < numOutputs; i++) {
            long[] strides;
            if (kind == FastSetup.CONTIGUOUS) {
                strides = null;
            } else if (kind == FastSetup.CHANNELS_LAST) {
                strides = TensorGeometry.channelsLastStrides(shape);
            } else {
                strides = lastDefinedTensor().strides();
            }
            declareOutput(i, shape, strides);
        }
        long numel = numel();
        if (shape.length >= 1) {
            shape = new long[] {numel};
        }
        for (Operand op : operands) {
            op.strides = shape.length == 0 ? NO_DIMS : new long[] {1};
        }
        return true;
    }

    private enum FastSetup { NONE, CONTIGUOUS, CHANNELS_LAST, NON_OVERLAPPING_DENSE }

    private FastSetup fastSetupType() {
        if (!allOpsSameShape) {
            return FastSetup.NONE;
        }
        boolean contiguous = true;
        boolean channelsLast = true;
        boolean nonOverlappingDense = true;
        for (Operand op : operands) {
            if (op.tensor != null && !op.willResize) {
                long[] sizes = op.tensor.sizes();
                long[] strides = op.tensor.strides();
                contiguous &= TensorGeometry.isContiguous(sizes, strides);
                channelsLast &= TensorGeometry.isChannelsLastContiguous(sizes, strides);
                nonOverlappingDense &= TensorGeometry.isNonOverlappingAndDense(sizes, strides);
            }
        }
        if (contiguous) {
            return FastSetup.CONTIGUOUS;
        }
        if (channelsLast) {
            return FastSetup.CHANNELS_LAST;
        }
        if (!nonOverlappingDense) {
            return FastSetup.NONE;
        }
        // Dense but permuted: only when every operand has the same strides (inputs checked first). An
        // existing output with other strides keeps them, as NumPy does, so it goes the general way.
        long[] prev = null;
        for (int i = operands.length - 1; i >= 0; i--) {
            Operand op = operands[i];
            if (op.tensor != null && !op.willResize) {
                long[] strides = op.tensor.strides();
                if (prev != null && !Arrays.equals(prev, strides)) {
                    return FastSetup.NONE;
                }
                prev = strides;
            }
        }
        return FastSetup.NON_OVERLAPPING_DENSE;
    }

    private TensorImpl lastDefinedTensor() {
        for (int i = operands.length - 1; i >= 0; i--) {
            if (operands[i].tensor != null) {
                return operands[i].tensor;
            }
        }
        throw new IllegalStateException("Can not find a defined tensor when fast allocating memory to outputs");
    }

    /** compute_strides: each operand's strides over the broadcast shape (0 where it is broadcast). */
    private void computeStrides() {
        int ndim = shape.length;
        for (Operand op : operands) {
            if (op.tensor == null || op.willResize) {
                continue;
            }
            long[] original = op.tensor.sizes();
            long[] originalStrides = op.tensor.strides();
            int offset = ndim - original.length;
            long[] strides = new long[ndim];
            for (int i = 0; i < original.length; i++) {
                strides[offset + i] = original[i] == 1 && shape[offset + i] != 1 ? 0 : originalStrides[i];
            }
            op.strides = strides;
        }
    }

    private void reorderDimensions() {
        long[][] strides = new long[operands.length][];
        for (int k = 0; k < operands.length; k++) {
            strides[k] = operands[k].strides;
        }
        perm = DimensionOrder.compute(shape, strides);
        shape = permute(shape, perm);
        for (Operand op : operands) {
            if (op.strides != null) {
                op.strides = permute(op.strides, perm);
            }
        }
    }

    /**
     * allocate_or_resize_outputs: outputs to allocate or resize get strides that make them walk like the
     * inputs (contiguous when the permutation is the plain reversal); other outputs are declared as they
     * are, so the structured mode can check them.
     */
    private void allocateOrResizeOutputs() {
        int ndim = shape.length;
        for (int i = 0; i < numOutputs; i++) {
            Operand op = operands[i];
            long[] sizes;
            long[] strides = null;
            long[] compatible = null;
            if (op.tensor == null || op.willResize) {
                compatible = new long[ndim];
                long next = 1;
                for (int d = 0; d < ndim; d++) {
                    compatible[d] = next;
                    next *= shape[d];
                }
                boolean inverted = true;
                for (int j = 0; j < ndim; j++) {
                    if (perm[j] != ndim - j - 1) {
                        inverted = false;
                        break;
                    }
                }
                sizes = invertPerm(shape);
                if (!inverted) {
                    strides = invertPerm(compatible);
                }
            } else {
                sizes = op.tensor.sizes();
            }
            // One call for both cases: C2 inlines the whole output declaration (allocation included) at
            // every call site, so a call per branch compiled it twice.
            declareOutput(i, sizes, strides);
            if (compatible != null) {
                op.strides = compatible;
            }
        }
    }

    private void coalesceDimensions() {
        long[][] strides = new long[operands.length][];
        for (int k = 0; k < operands.length; k++) {
            strides[k] = operands[k].strides;
        }
        shape = Coalescing.coalesce(shape, strides);
        for (int k = 0; k < operands.length; k++) {
            operands[k].strides = strides[k];
        }
    }

    /** set_output_raw_strided with the operand's original options (its own dtype and device if it exists). */
    private void declareOutput(int index, long[] sizes, long[] strides) {
        Operand op = operands[index];
        ScalarType dtype = op.tensor != null ? op.tensor.dtype() : op.targetDtype;
        Device device = op.tensor != null ? op.tensor.device() : op.device;
        setOutputRawStrided(index, sizes, strides, dtype, device);
    }

    @Override
    protected void onOutputSet(int index) {
        if (operands == null || index >= numOutputs) {
            return;
        }
        Operand op = operands[index];
        if (op.tensor == null) {
            op.tensor = maybeGetOutput(index);
        }
        op.currentDtype = op.tensor.dtype();
    }

    private long[] invertPerm(long[] input) {
        long[] res = new long[input.length];
        for (int d = 0; d < input.length; d++) {
            res[perm[d]] = input[d];
        }
        return res;
    }

    private static long[] permute(long[] data, int[] perm) {
        long[] res = new long[data.length];
        for (int i = 0; i < perm.length; i++) {
            res[i] = data[perm[i]];
        }
        return res;
    }

    // ---- what the build found ----

    /** Number of iteration dimensions (after permutation and coalescing). */
    public final int ndim() {
        return shape.length;
    }

    /** The iteration shape, dimension 0 fastest. */
    public final long[] shape() {
        return shape.clone();
    }

    public final long numel() {
        long n = 1;
        for (long s : shape) {
            n *= s;
        }
        return n;
    }

    /** Outputs plus inputs. */
    public final int ntensors() {
        return operands.length;
    }

    public final int noutputs() {
        return numOutputs;
    }

    public final int ninputs() {
        return operands.length - numOutputs;
    }

    /** Operand {@code arg} (outputs first, then inputs); a Scalar input appears as its wrapped 0-dim tensor. */
    public final TensorImpl tensor(int arg) {
        return operands[arg].tensor;
    }

    /** The dtype of operand {@code arg}'s tensor. */
    public final ScalarType dtype(int arg) {
        return operands[arg].currentDtype;
    }

    /** The dtype of input {@code index}. */
    public final ScalarType inputDtype(int index) {
        return operands[numOutputs + index].currentDtype;
    }

    /**
     * The dtype kernels compute in: the type promotion of the inputs (or float32 for float ops). Throws
     * when the config could not infer one (inputs of different dtypes without promotion).
     */
    public final ScalarType commonDtype() {
        if (commonDtype == null) {
            throw new IllegalStateException("Queried for invalid common dtype!");
        }
        return commonDtype;
    }

    /** The common dtype, or null when the config inferred none. */
    public final ScalarType commonDtypeIfKnown() {
        return commonDtype;
    }

    /** The common device: the first non-CPU device among the operands, else CPU. */
    public final Device commonDevice() {
        return commonDevice;
    }

    /** True when an operand is a meta tensor: only metadata was computed, there is nothing to loop over. */
    public final boolean isMeta() {
        return isMeta;
    }

    /** Operand {@code arg}'s element strides per iteration dimension (0 where it is broadcast). */
    public final long[] strides(int arg) {
        return operands[arg].strides.clone();
    }

    /**
     * The checks every elementwise loop makes before it starts: a committed iterator over data (not meta), one
     * output and {@code arity} inputs, at most 3.
     */
    final void checkLoop(int arity) {
        requireCommitted("An elementwise loop");
        if (isMeta()) {
            throw new IllegalStateException("An elementwise loop on a meta TensorIterator: meta tensors have no data");
        }
        if (noutputs() != 1 || ninputs() != arity) {
            throw new IllegalArgumentException("This loop takes 1 output and " + arity + " input(s); the iterator has "
                    + noutputs() + " output(s) and " + ninputs() + " input(s)");
        }
        if (arity > 3) {
            throw new IllegalArgumentException("Elementwise loops take at most 3 inputs; this iterator has " + arity);
        }
    }

    /** The operand is a single value broadcast over the iteration (ATen's is_scalar). */
    public final boolean isScalar(int arg) {
        long[] strides = operands[arg].strides;
        for (int d = 0; d < shape.length; d++) {
            if (strides[d] != 0 && shape[d] != 1) {
                return false;
            }
        }
        return true;
    }

    /**
     * isScalar on a CPU tensor: a kernel may read it once with {@link #scalarValue} (ATen's is_cpu_scalar). An
     * iteration over no elements has no value to read (an operand expanded from a tensor without elements may
     * have no storage at all), so it is never one.
     */
    public final boolean isCpuScalar(int arg) {
        return isScalar(arg) && operands[arg].tensor.device().type() == DeviceType.CPU && numel() > 0;
    }

    /** The value of a CPU scalar operand, as a Scalar of its category. */
    public final Scalar scalarValue(int arg) {
        if (!isCpuScalar(arg)) {
            throw new IllegalArgumentException("Operand " + arg + " is not a CPU scalar");
        }
        TensorImpl t = operands[arg].tensor;
        long offset = t.storageOffset();
        switch (t.dtype().category()) {
            case BOOLEAN: return Scalar.of(t.storage().getBoolean(offset));
            case INTEGRAL: return Scalar.of(t.storage().getLong(offset));
            default: return Scalar.of(t.storage().getDouble(offset));
        }
    }

    /**
     * Drops input operand {@code arg} (ATen's remove_operand): a kernel that has read a CPU scalar with
     * {@link #scalarValue} removes it and runs a loop of one arity less, whose operands may then be
     * used in place.
     */
    public final void removeOperand(int arg) {
        if (arg < numOutputs || arg >= operands.length) {
            throw new IllegalArgumentException("Only inputs can be removed: operand " + arg + " of an iterator with "
                    + numOutputs + " output(s) and " + ninputs() + " input(s)");
        }
        Operand[] kept = new Operand[operands.length - 1];
        System.arraycopy(operands, 0, kept, 0, arg);
        System.arraycopy(operands, arg + 1, kept, arg, kept.length - arg);
        operands = kept;
    }

    /**
     * ATen's is_contiguous: every operand walks memory with stride 1 over a single dimension (or there is
     * one element), so element i of the iteration is element {@code storageOffset + i} of each storage.
     * True for same-shape dense inputs, including permuted ones that share their strides.
     */
    public final boolean isContiguous() {
        if (numel() == 1) {
            return true;
        }
        if (shape.length != 1) {
            return false;
        }
        for (Operand op : operands) {
            if (op.strides[0] != 1) {
                return false;
            }
        }
        return true;
    }

    /** {@link #isContiguous()} and every operand of dtype {@code dtype}: a kernel may loop over the raw arrays. */
    public final boolean isContiguous(ScalarType dtype) {
        for (Operand op : operands) {
            if (op.currentDtype != dtype) {
                return false;
            }
        }
        return isContiguous();
    }
}
