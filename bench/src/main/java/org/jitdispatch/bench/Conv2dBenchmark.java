package org.jitdispatch.bench;

import java.util.concurrent.TimeUnit;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * conv2d of a float32 batch of 8, 16 -> 32 channels, 28 x 28, 3 x 3 kernel, padding 1 (a small CNN layer,
 * 29 M multiply-adds) through {@code Torch.conv2d} (im2col and Gemm), on one thread and on all, beside a
 * direct seven-deep loop over preallocated arrays (the yardstick; single threaded whatever {@code threads}
 * says), and the same layer's backward (grad_input, grad_weight, grad_bias) through
 * {@code Torch.convolution_backward}.
 *
 * <pre>java -jar bench/target/benchmarks.jar Conv2dBenchmark -f 1 -wi 3 -i 5</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1)
public class Conv2dBenchmark {
    static final int N = 8;
    static final int C = 16;
    static final int O = 32;
    static final int H = 28;
    static final int K = 3;
    static final long[] ONE = {1};

    @Benchmark
    public Tensor conv2d(Layer l) {
        return Torch.conv2d(l.input, l.weight, l.bias, ONE, ONE, ONE, 1);
    }

    @Benchmark
    public Tensor[] conv2dBackward(Layer l) {
        return Torch.convolution_backward(l.gradOutput, l.input, l.weight, new long[] {O}, ONE, ONE, ONE, false,
                new long[] {0}, 1, new boolean[] {true, true, true});
    }

    /** The same convolution as a direct loop over contiguous arrays, into a preallocated output. */
    @Benchmark
    public float[] directLoop(Layer l) {
        direct(l.x, l.w, l.b, l.y);
        return l.y;
    }

    private static void direct(float[] x, float[] w, float[] b, float[] y) {
        for (int n = 0; n < N; n++) {
            for (int o = 0; o < O; o++) {
                int out = (n * O + o) * H * H;
                for (int i = 0; i < H * H; i++) {
                    y[out + i] = b[o];
                }
                for (int c = 0; c < C; c++) {
                    int in = (n * C + c) * H * H;
                    for (int p = 0; p < K; p++) {
                        for (int q = 0; q < K; q++) {
                            float wv = w[((o * C + c) * K + p) * K + q];
                            for (int i = 0; i < H; i++) {
                                int ih = i - 1 + p;
                                if (ih < 0 || ih >= H) {
                                    continue;
                                }
                                int jFrom = Math.max(0, 1 - q);
                                int jTo = Math.min(H, H + 1 - q);
                                int row = in + ih * H - 1 + q;
                                int yr = out + i * H;
                                for (int j = jFrom; j < jTo; j++) {
                                    y[yr + j] += wv * x[row + j];
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /** The layer's input, weight, bias and an upstream gradient, as tensors and as arrays. */
    @State(Scope.Thread)
    public static class Layer {
        /** "1", or "all" for every available processor. */
        @Param({"1", "all"})
        String threads;

        Tensor input;
        Tensor weight;
        Tensor bias;
        Tensor gradOutput;
        float[] x;
        float[] w;
        float[] b;
        float[] y;

        @Setup
        public void setUp() {
            MmBenchmark.setThreads(threads);
            input = SizedTensors.vector(N * C * H * H, 0.5f).reshape(N, C, H, H);
            weight = SizedTensors.vector(O * C * K * K, 0.25f).reshape(O, C, K, K);
            bias = SizedTensors.vector(O, 0.1f);
            gradOutput = SizedTensors.vector(N * O * H * H, 0.3f).reshape(N, O, H, H);
            x = input.toFloatArray();
            w = weight.toFloatArray();
            b = bias.toFloatArray();
            y = new float[N * O * H * H];
        }
    }
}
