/**
 * Reverse-mode automatic differentiation (torch.autograd): a tensor that requires grad carries
 * {@code AutogradMeta} and with it the Autograd dispatch key, so the generated Autograd
 * kernels ({@code RegisterAutograd}, from derivatives.yaml) record a graph of {@link
 * org.jitdispatch.autograd.Node}s joined by {@link org.jitdispatch.autograd.Edge}s, saving what the
 * backward formulas need ({@link org.jitdispatch.autograd.SavedVariable}, with version checks). The {@link
 * org.jitdispatch.autograd.Engine} runs a graph backwards and {@code AccumulateGrad}
 * fills the leaves' {@code grad}. The hand-written formulas the generated functions call are in {@link
 * org.jitdispatch.autograd.Formulas} and its siblings; {@link org.jitdispatch.autograd.GradMode} and
 * {@link org.jitdispatch.autograd.NoGrad} switch recording off; {@link org.jitdispatch.autograd.GradCheck}
 * compares gradients with finite differences. A tensor that requires no grad carries no Autograd key and
 * pays nothing.
 *
 * <p>Views ({@code Views}): the kernel wrappers of the differentiable view operators record each view's root
 * base on its TensorImpl. An in-place write to a view makes its base's history a {@code CopySlices} node over
 * the write's node ({@link org.jitdispatch.autograd.Autograd#rebaseHistory}), and a view whose data a write
 * reached through its base or another view gets its grad_fn again from the base ({@code AsStridedBackward0})
 * when it is next read, as PyTorch's rebase_history and VariableHooks::grad_fn do.
 */
package org.jitdispatch.autograd;
