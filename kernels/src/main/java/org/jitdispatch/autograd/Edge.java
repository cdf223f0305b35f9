package org.jitdispatch.autograd;

/** Where a gradient flows: input {@code inputNr} of {@code node} (torch::autograd::Edge). */
public record Edge(Node node, int inputNr) {
}
