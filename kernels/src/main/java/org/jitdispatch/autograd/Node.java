package org.jitdispatch.autograd;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.jitdispatch.Tensor;

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
