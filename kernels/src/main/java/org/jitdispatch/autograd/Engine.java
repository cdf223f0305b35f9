package org.jitdispatch.autograd;

import java.util.Arrays;
import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.ScalarType;

/**
 * Runs a backward pass (torch::autograd::Engine, single-threaded): counts how many edges reach each node,
 * then runs nodes whose inputs are complete, latest-created first, summing the gradients that reach the
 * same input.
 *
 * <p>A pass keeps its bookkeeping in one {@link GraphTask}: an identity table of the nodes it reaches
 * (dependency count and input buffer per node) and a ready heap, a few arrays sized to the graph and
 * reused by the thread's next pass, so a backward pass allocates little beyond the gradients themselves.
 */
public final class Engine {
    private Engine() {
    }

    /** {@code roots[i].backward(grads[i])} for all i together; a null grad means ones for a scalar root. */
    public static void backward(List<Tensor> roots, List<Tensor> grads, boolean retainGraph) {
        run(roots, grads, retainGraph, false, null);
    }

    /**
     * {@code torch.autograd.backward}: with {@code createGraph} the backward pass itself is recorded (the
     * formulas run with gradients enabled), so the gradients it accumulates have a history of their own and
     * can be differentiated again.
     */
    public static void backward(List<Tensor> roots, List<Tensor> grads, boolean retainGraph, boolean createGraph) {
        run(roots, grads, retainGraph, createGraph, null);
    }

    /**
     * {@code torch.autograd.grad}: the gradients of the roots with respect to {@code inputs}, returned instead
     * of accumulated into {@code .grad} (no leaf's {@code .grad} changes). An input the roots do not depend on
     * gets null with {@code allowUnused}, else an error.
     */
    public static Tensor[] grad(List<Tensor> roots, List<Tensor> grads, List<Tensor> inputs, boolean retainGraph,
            boolean createGraph, boolean allowUnused) {
        Edge[] captured = new Edge[inputs.size()];
        for (int i = 0; i < captured.length; i++) {
            captured[i] = Autograd.gradientEdge(inputs.get(i));
            if (captured[i] == null) {
                throw new IllegalStateException("One of the differentiated Tensors does not require grad");
            }
        }
        Tensor[] result = run(roots, grads, retainGraph, createGraph, captured);
        for (Tensor g : result) {
            if (g == null && !allowUnused) {
                throw new IllegalStateException("One of the differentiated Tensors appears to not have been used in the"
                        + " graph. Set allow_unused=True if this is the desired behavior.");
            }
        }
        return result;
    }

    /** One pass; with {@code captured} edges, returns the gradients that reach them and runs no AccumulateGrad. */
    private static Tensor[] run(List<Tensor> roots, List<Tensor> grads, boolean retainGraph, boolean createGraph,
            Edge[] captured) {
        GraphTask task = SPARE_TASK.get();
        if (task == null) {
            task = new GraphTask(); // the first pass on this thread, or one inside another pass's backward
        } else {
            SPARE_TASK.set(null);
        }
        task.captured = captured;
        task.capturedGrads = captured == null ? null : new Tensor[captured.length];
        boolean gradEnabled = GradMode.isEnabled();
        GradMode.setEnabled(createGraph);
        try {
            for (int i = 0; i < roots.size(); i++) {
                Tensor root = roots.get(i);
                Edge edge = Autograd.gradientEdge(root);
                if (edge == null) {
                    throw new IllegalStateException("element " + i + " of tensors does not require grad and does not"
                            + " have a grad_fn");
                }
                Tensor grad = grads.get(i);
                if (grad == null) {
                    if (root.numel() != 1) {
                        throw new IllegalStateException("grad can be implicitly created only for scalar outputs");
                    }
                    grad = Torch.ones_like(root);
                } else if (!grad.sameSizes(root)) {
                    throw new IllegalArgumentException("Mismatch in shape: grad_output[" + i + "] has a shape of "
                            + Arrays.toString(grad.sizes()) + " and output[" + i + "] has a shape of "
                            + Arrays.toString(root.sizes()) + ".");
                }
                task.accumulate(edge, validated(grad, edge, null, i));
            }
            task.countDependencies();
            task.run(retainGraph);
            return task.capturedGrads;
        } finally {
            GradMode.setEnabled(gradEnabled);
            if (task.clear()) {
                SPARE_TASK.set(task);
            }
        }
    }

    /**
     * PyTorch's validate_outputs: a gradient sent along {@code edge} gets the dtype and sizes of the forward
     * tensor it is the gradient of, so a formula may return it in the broadcast shape or the computation's
     * dtype (a float64 0-dim operand, a gradient passed to backward in another dtype), and the engine sums it
     * down and casts it back, once, for every operator. {@code producer} (null for the gradients given to
     * backward) is named only in the error: its name is a reflective lookup.
     */
    private static Tensor validated(Tensor grad, Edge edge, Node producer, int index) {
        Node target = edge.node();
        long[] sizes = target.inputSizes(edge.inputNr());
        if (sizes != null && !grad.hasSizes(sizes)) {
            if (!isExpandableTo(sizes, grad.sizes())) {
                throw new IllegalStateException("Function " + (producer == null ? "backward" : producer.name()) + " returned an invalid gradient at index " + index
                        + " - got " + Arrays.toString(grad.sizes()) + " but expected shape compatible with "
                        + Arrays.toString(sizes));
            }
            grad = Formulas.sumTo(grad, sizes);
        }
        ScalarType dtype = target.inputDtype(edge.inputNr());
        if (dtype != null && grad.dtype() != dtype) {
            grad = grad.to(dtype);
        }
        return grad;
    }

    /** at::is_expandable_to: {@code shape} broadcasts to {@code desired}. */
    private static boolean isExpandableTo(long[] shape, long[] desired) {
        if (shape.length > desired.length) {
            return false;
        }
        for (int i = 1; i <= shape.length; i++) {
            long size = shape[shape.length - i];
            if (size != desired[desired.length - i] && size != 1) {
                return false;
            }
        }
        return true;
    }

    /**
     * A finished pass's cleared task, kept per thread so that the next pass reuses its arrays: a training
     * loop's backward passes then allocate no bookkeeping at all. A pass run inside another (a backward
     * function calling backward) finds none and makes its own.
     */
    private static final ThreadLocal<GraphTask> SPARE_TASK = new ThreadLocal<>();

    /** One backward pass's state: the nodes it reaches, their pending edge counts and input buffers. */
    private static final class GraphTask {
        /** The largest table a thread keeps between passes (graphs of up to half as many nodes). */
        private static final int MAX_KEPT_CAPACITY = 4096;

        private Node[] nodes = new Node[32];
        private int[] dependencies = new int[32];
        private Tensor[][] buffers = new Tensor[32][];
        private boolean[] visited = new boolean[32];
        private int size;
        /** The ready nodes: a binary max-heap on sequence number (the latest-created runs first). */
        private Node[] ready = new Node[8];
        private int readyCount;
        /** The nodes that received a root's gradient, where counting starts. */
        private Node[] roots = new Node[2];
        private int rootCount;
        /** torch.autograd.grad's inputs: the edges whose gradients the pass returns (null for backward). */
        Edge[] captured;
        Tensor[] capturedGrads;

        /**
         * Forgets the pass (no node, gradient or count stays reachable) and says whether the arrays are worth
         * keeping: a task grown for a huge graph is dropped rather than held by the thread.
         */
        boolean clear() {
            Arrays.fill(nodes, null);
            Arrays.fill(buffers, null);
            Arrays.fill(dependencies, 0);
            Arrays.fill(visited, false);
            Arrays.fill(ready, null);
            Arrays.fill(roots, null);
            size = 0;
            readyCount = 0;
            rootCount = 0;
            captured = null;
            capturedGrads = null;
            return nodes.length <= MAX_KEPT_CAPACITY;
        }

        /** Adds {@code grad} into input {@code e.inputNr()} of {@code e.node()}'s buffer. */
        void accumulate(Edge e, Tensor grad) {
            int slot = slotOf(e.node());
            boolean isNew = nodes[slot] == null;
            Tensor[] buffer = bufferAt(slot, e);
            if (isNew && rootCount >= 0) {
                addRoot(e.node());
            }
            Tensor old = buffer[e.inputNr()];
            buffer[e.inputNr()] = old == null ? grad : old.add(grad);
        }

        /** For every node reachable from the roots, how many edges point at it. */
        void countDependencies() {
            Node[] stack = Arrays.copyOf(roots, Math.max(rootCount, 8));
            int top = rootCount;
            rootCount = -1; // from now on, new buffers are not roots
            while (top > 0) {
                Node n = stack[--top];
                int slot = entry(n);
                if (visited[slot]) {
                    continue;
                }
                visited[slot] = true;
                for (int i = 0; i < n.numNextEdges(); i++) {
                    Edge e = n.nextEdge(i);
                    if (e != null) {
                        int target = entry(e.node()); // first: it may grow the table's arrays
                        dependencies[target]++;
                        if (top == stack.length) {
                            stack = Arrays.copyOf(stack, 2 * top);
                        }
                        stack[top++] = e.node();
                    }
                }
            }
        }

        void run(boolean retainGraph) {
            for (int s = 0; s < nodes.length; s++) {
                if (nodes[s] != null && buffers[s] != null && dependencies[s] == 0) {
                    push(nodes[s]);
                }
            }
            while (readyCount > 0) {
                Node node = pop();
                int slot = slotOf(node);
                Tensor[] inputs = buffers[slot];
                buffers[slot] = null;
                node.retainGrads(inputs);
                if (captured != null) {
                    capture(node, inputs);
                    if (node instanceof AccumulateGrad) {
                        continue; // autograd.grad leaves every .grad alone
                    }
                }
                Tensor[] outputs = node.apply(inputs);
                if (!retainGraph) {
                    node.releaseVariables();
                }
                for (int i = 0; i < node.numNextEdges(); i++) {
                    Edge e = node.nextEdge(i);
                    if (e == null) {
                        continue;
                    }
                    if (i < outputs.length && outputs[i] != null) {
                        accumulate(e, validated(outputs[i], e, node, i));
                    } else {
                        bufferAt(slotOf(e.node()), e);
                    }
                    int target = slotOf(e.node());
                    if (--dependencies[target] == 0) {
                        push(e.node());
                    }
                }
            }
        }

        /** The complete gradients of {@code node}'s inputs that torch.autograd.grad asked for. */
        private void capture(Node node, Tensor[] inputs) {
            for (int i = 0; i < captured.length; i++) {
                Edge e = captured[i];
                if (e.node() == node && e.inputNr() < inputs.length) {
                    capturedGrads[i] = inputs[e.inputNr()];
                }
            }
        }

        // ---------------------------------------------------------------- the identity table

        /** The slot of {@code n}, added (with no buffer and no dependencies yet) when missing. */
        private int entry(Node n) {
            int slot = slotOf(n);
            if (nodes[slot] == null) {
                nodes[slot] = n;
                size++;
                if (2 * size > nodes.length) {
                    grow();
                    slot = slotOf(n);
                }
            }
            return slot;
        }

        /** The buffer of the node at {@code slot} (for {@code e.node()}), created or grown to reach the edge's input. */
        private Tensor[] bufferAt(int slot, Edge e) {
            slot = nodes[slot] == null ? entry(e.node()) : slot;
            Tensor[] buffer = buffers[slot];
            if (buffer == null) {
                buffer = new Tensor[e.inputNr() + 1];
                buffers[slot] = buffer;
            } else if (buffer.length <= e.inputNr()) {
                buffer = Arrays.copyOf(buffer, e.inputNr() + 1);
                buffers[slot] = buffer;
            }
            return buffer;
        }

        /** Where {@code n} is, or the empty slot where it would go (linear probing on identity hashes). */
        private int slotOf(Node n) {
            int mask = nodes.length - 1;
            int slot = System.identityHashCode(n) & mask;
            while (nodes[slot] != null && nodes[slot] != n) {
                slot = (slot + 1) & mask;
            }
            return slot;
        }

        private void grow() {
            Node[] oldNodes = nodes;
            int[] oldDependencies = dependencies;
            Tensor[][] oldBuffers = buffers;
            boolean[] oldVisited = visited;
            int capacity = 2 * oldNodes.length;
            nodes = new Node[capacity];
            dependencies = new int[capacity];
            buffers = new Tensor[capacity][];
            visited = new boolean[capacity];
            for (int s = 0; s < oldNodes.length; s++) {
                if (oldNodes[s] != null) {
                    int slot = slotOf(oldNodes[s]);
                    nodes[slot] = oldNodes[s];
                    dependencies[slot] = oldDependencies[s];
                    buffers[slot] = oldBuffers[s];
                    visited[slot] = oldVisited[s];
                }
            }
        }

        private void addRoot(Node n) {
            if (rootCount == roots.length) {
                roots = Arrays.copyOf(roots, 2 * rootCount);
            }
            roots[rootCount++] = n;
        }

        // ---------------------------------------------------------------- the ready heap

        private void push(Node n) {
            if (readyCount == ready.length) {
                ready = Arrays.copyOf(ready, 2 * readyCount);
            }
            int i = readyCount++;
            while (i > 0) {
                int parent = (i - 1) >>> 1;
                if (ready[parent].sequenceNr() >= n.sequenceNr()) {
                    break;
                }
                ready[i] = ready[parent];
                i = parent;
            }
            ready[i] = n;
        }

        private Node pop() {
            Node top = ready[0];
            Node last = ready[--readyCount];
            ready[readyCount] = null;
            int i = 0;
            while (true) {
                int child = 2 * i + 1;
                if (child >= readyCount) {
                    break;
                }
                if (child + 1 < readyCount && ready[child + 1].sequenceNr() > ready[child].sequenceNr()) {
                    child++;
                }
                if (last.sequenceNr() >= ready[child].sequenceNr()) {
                    break;
                }
                ready[i] = ready[child];
                i = child;
            }
            if (readyCount > 0) {
                ready[i] = last;
            }
            return top;
        }
    }
}
