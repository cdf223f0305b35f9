/**
 * {@code torch.utils.data} for tensors in memory: {@link org.jitdispatch.data.Dataset}, {@link
 * org.jitdispatch.data.TensorDataset}, {@link org.jitdispatch.data.Subset} and {@link
 * org.jitdispatch.data.Datasets#randomSplit}, the samplers, and {@link org.jitdispatch.data.DataLoader}, which
 * batches a dataset in PyTorch 1.13's order: after the same {@code manual_seed} a shuffled loader yields the
 * batches PyTorch's yields and leaves the default generator where PyTorch's leaves it. Batches are made on the
 * caller's thread (no worker processes).
 */
package org.jitdispatch.data;
