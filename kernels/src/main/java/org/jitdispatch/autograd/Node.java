package org.jitdispatch.autograd;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorImpl;

/**
 * A backward function in the autograd graph (torch::autograd::Node): it takes the gradients of its
 * forward operation's outputs and returns the gradients of its inputs, which flow along {@link
 * #nextEdges()} (null where an input needs no gradient).
 */
public abstract class Node {
    private static final AtomicLong SEQUENCE = new AtomicLong();

    private final long sequenceNr = SEQUENCE.getAndIncrement();
    /** Never written after construction; read by the engine and the generated backward functions. */
    private final Edge[] nextEdges;

    /**
     * The dtype and sizes of each of this node's inputs, the forward outputs whose gradients it takes (PyTorch's
     * input metadata): the engine casts and sums every gradient sent to this node back to them. Output 0's are
     * kept in fields, the rare further outputs' in arrays, so that a single-output node allocates no array.
     */
    private ScalarType inputDtype0;
    private long[] inputSizes0;
    private ScalarType[] moreInputDtypes;
    private long[][] moreInputSizes;

    protected Node(Edge... nextEdges) {
        this.nextEdges = nextEdges.clone();
    }

    /** Gradients of the inputs from the gradients of the outputs; an entry may be null (no gradient). */
    protected abstract Tensor[] apply(Tensor[] gradOutputs);

    /** Frees saved tensors after a backward pass without retain_graph. */
    protected void releaseVariables() {
    }

    /** The edges to the inputs' gradient functions, in input order (read-only). */
    public final List<Edge> nextEdges() {
        return Collections.unmodifiableList(Arrays.asList(nextEdges));
    }

    /** How many inputs this node returns gradients for. */
    public final int numNextEdges() {
        return nextEdges.length;
    }

    /** The edge of input {@code i}, or null when that input needs no gradient. */
    public final Edge nextEdge(int i) {
        return nextEdges[i];
    }

    /** The non-leaf tensors made by this node whose gradients are kept (retain_grad), by output number. */
    private int[] retainedOutputs;
    private AutogradMeta[] retainedMetas;

    /** Keeps the gradient of output {@code nr} in {@code meta} when a backward pass reaches this node. */
    final void retainGrad(int nr, AutogradMeta meta) {
        int n = retainedOutputs == null ? 0 : retainedOutputs.length;
        for (int i = 0; i < n; i++) {
            if (retainedMetas[i] == meta) {
                return;
            }
        }
        retainedOutputs = retainedOutputs == null ? new int[1] : Arrays.copyOf(retainedOutputs, n + 1);
        retainedMetas = retainedMetas == null ? new AutogradMeta[1] : Arrays.copyOf(retainedMetas, n + 1);
        retainedOutputs[n] = nr;
        retainedMetas[n] = meta;
    }

    /**
     * The retain_grad hook, run by the engine with this node's complete input gradients: the first gradient is
     * copied into {@code .grad}, later ones are added (out of place, so that a {@code .grad} the user holds
     * stays as it was).
     */
    final void retainGrads(Tensor[] gradients) {
        if (retainedOutputs == null) {
            return;
        }
        for (int i = 0; i < retainedOutputs.length; i++) {
            int nr = retainedOutputs[i];
            Tensor g = nr < gradients.length ? gradients[nr] : null;
            if (g == null) {
                continue;
            }
            AutogradMeta meta = retainedMetas[i];
            meta.grad = meta.grad == null ? g.clone() : meta.grad.add(g);
            meta.gradOwned = false;
        }
    }

    /** Records the metadata of input {@code nr}: the forward output {@code t} that becomes this node's output nr. */
    final void recordInput(int nr, TensorImpl t) {
        if (nr == 0) {
            inputDtype0 = t.dtype();
            inputSizes0 = t.sizes();
            return;
        }
        if (moreInputDtypes == null || moreInputDtypes.length < nr) {
            int length = Math.max(nr, 2);
            moreInputDtypes = moreInputDtypes == null ? new ScalarType[length] : Arrays.copyOf(moreInputDtypes, length);
            moreInputSizes = moreInputSizes == null ? new long[length][] : Arrays.copyOf(moreInputSizes, length);
        }
        moreInputDtypes[nr - 1] = t.dtype();
        moreInputSizes[nr - 1] = t.sizes();
    }

    /** The dtype of input {@code nr}, or null when none was recorded. */
    final ScalarType inputDtype(int nr) {
        if (nr == 0) {
            return inputDtype0;
        }
        return moreInputDtypes == null || moreInputDtypes.length < nr ? null : moreInputDtypes[nr - 1];
    }

    /** The sizes of input {@code nr} (not to be modified), or null when none were recorded. */
    final long[] inputSizes(int nr) {
        if (nr == 0) {
            return inputSizes0;
        }
        return moreInputSizes == null || moreInputSizes.length < nr ? null : moreInputSizes[nr - 1];
    }

    /** Later nodes run first when several are ready (PyTorch orders its ready queue the same way). */
    final long sequenceNr() {
        return sequenceNr;
    }

    /** PyTorch's name, e.g. {@code MulBackward0}. */
    public String name() {
        return getClass().getSimpleName();
    }

    @Override
    public String toString() {
        return "<" + name() + ">";
    }
}
