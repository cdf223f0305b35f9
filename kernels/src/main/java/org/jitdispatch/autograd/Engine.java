package org.jitdispatch.autograd;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;

/**
 * Runs a backward pass (torch::autograd::Engine, single-threaded): counts how many edges reach each node,
 * then runs nodes whose inputs are complete, latest-created first, summing the gradients that reach the
 * same input.
 */
public final class Engine {
    private Engine() {
    }

    /** {@code roots[i].backward(grads[i])} for all i together; a null grad means ones for a scalar root. */
    public static void backward(List<Tensor> roots, List<Tensor> grads, boolean retainGraph) {
        Map<Node, Tensor[]> buffers = new IdentityHashMap<>();
        for (int i = 0; i < roots.size(); i++) {
            Tensor root = roots.get(i);
            Edge edge = Autograd.gradientEdge(root);
            if (edge == null) {
                throw new IllegalStateException("element " + i + " of tensors does not require grad and does not have a"
                        + " grad_fn");
            }
            Tensor grad = grads.get(i);
            if (grad == null) {
                if (root.numel() != 1) {
                    throw new IllegalStateException("grad can be implicitly created only for scalar outputs");
                }
                grad = Torch.ones_like(root);
            } else if (!Arrays.equals(grad.sizes(), root.sizes())) {
                throw new IllegalArgumentException("Mismatch in shape: grad_output[" + i + "] has a shape of "
                        + Arrays.toString(grad.sizes()) + " and output[" + i + "] has a shape of "
                        + Arrays.toString(root.sizes()) + ".");
            }
            accumulate(buffers, edge, grad);
        }
        Map<Node, Integer> dependencies = countDependencies(buffers.keySet());
        PriorityQueue<Node> ready = new PriorityQueue<>(Comparator.comparingLong(Node::sequenceNr).reversed());
        for (Node n : buffers.keySet()) {
            if (dependencies.getOrDefault(n, 0) == 0) {
                ready.add(n);
            }
        }
        try (NoGrad g = NoGrad.enter()) {
            while (!ready.isEmpty()) {
                Node node = ready.poll();
                Tensor[] inputs = buffers.remove(node);
                Tensor[] outputs = node.apply(inputs);
                if (!retainGraph) {
                    node.releaseVariables();
                }
                List<Edge> next = node.nextEdges();
                for (int i = 0; i < next.size(); i++) {
                    Edge e = next.get(i);
                    if (e == null) {
                        continue;
                    }
                    if (i < outputs.length && outputs[i] != null) {
                        accumulate(buffers, e, outputs[i]);
                    } else {
                        buffers.computeIfAbsent(e.node(), k -> new Tensor[e.inputNr() + 1]);
                    }
                    int left = dependencies.merge(e.node(), -1, Integer::sum);
                    if (left == 0) {
                        ready.add(e.node());
                    }
                }
            }
        }
    }

    /** Adds a gradient into the input buffer of the edge's node. */
    private static void accumulate(Map<Node, Tensor[]> buffers, Edge e, Tensor grad) {
        Tensor[] buffer = buffers.computeIfAbsent(e.node(), k -> new Tensor[e.inputNr() + 1]);
        if (buffer.length <= e.inputNr()) {
            buffer = Arrays.copyOf(buffer, e.inputNr() + 1);
            buffers.put(e.node(), buffer);
        }
        Tensor old = buffer[e.inputNr()];
        try (NoGrad g = NoGrad.enter()) {
            buffer[e.inputNr()] = old == null ? grad : old.add(grad);
        }
    }

    /** For every node reachable from the roots, how many edges point at it. */
    private static Map<Node, Integer> countDependencies(Iterable<Node> roots) {
        Map<Node, Integer> count = new HashMap<>();
        Deque<Node> todo = new ArrayDeque<>();
        Map<Node, Boolean> seen = new IdentityHashMap<>();
        roots.forEach(todo::add);
        while (!todo.isEmpty()) {
            Node n = todo.poll();
            if (seen.put(n, Boolean.TRUE) != null) {
                continue;
            }
            for (Edge e : n.nextEdges()) {
                if (e != null) {
                    count.merge(e.node(), 1, Integer::sum);
                    todo.add(e.node());
                }
            }
        }
        return count;
    }
}
