package org.jitdispatch.bench;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;

/** Deterministic float32 inputs for the benchmarks (no constant folding: values come from the size). */
final class SizedTensors {
    private SizedTensors() {
    }

    static Tensor vector(int size, float scale) {
        float[] data = new float[size];
        for (int i = 0; i < size; i++) {
            data[i] = (i % 97) * scale - 1.0f;
        }
        return Torch.tensor(data);
    }

    static Tensor matrix(int n, float scale) {
        float[] data = new float[n * n];
        for (int i = 0; i < data.length; i++) {
            data[i] = (i % 89) * scale - 0.5f;
        }
        return Torch.tensor(data, n, n);
    }

    /** {@code batch} n x n matrices, one after another: a [batch, n, n] tensor. */
    static Tensor batch(int batch, int n, float scale) {
        float[] data = new float[batch * n * n];
        for (int i = 0; i < data.length; i++) {
            data[i] = (i % 83) * scale - 0.5f;
        }
        return Torch.tensor(data, batch, n, n);
    }
}
