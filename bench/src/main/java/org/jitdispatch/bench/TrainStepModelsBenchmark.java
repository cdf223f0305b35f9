package org.jitdispatch.bench;

import java.util.concurrent.TimeUnit;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.nn.BatchNorm2d;
import org.jitdispatch.nn.Conv2d;
import org.jitdispatch.nn.Dropout;
import org.jitdispatch.nn.Embedding;
import org.jitdispatch.nn.Flatten;
import org.jitdispatch.nn.Linear;
import org.jitdispatch.nn.MaxPool2d;
import org.jitdispatch.nn.Module;
import org.jitdispatch.nn.ReLU;
import org.jitdispatch.nn.Sequential;
import org.jitdispatch.nn.TransformerEncoderLayer;
import org.jitdispatch.optim.AdamW;
import org.jitdispatch.optim.Optimizer;
import org.jitdispatch.optim.SGD;
import org.jitdispatch.runtime.Scalar;
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
 * One training step of each example model (examples/models), written with nn and optim as a user writes it:
 * {@code optimizer.zeroGrad(); loss = cross_entropy(model.forward(x), y); loss.backward(); optimizer.step()}.
 *
 * <ul>
 *   <li>{@code mlp}: Linear(8, 32), ReLU, Dropout(0.1), Linear(32, 32), ReLU, Linear(32, 3); Nesterov SGD.</li>
 *   <li>{@code cnn}: Conv2d(1, 8, 3, padding 1), BatchNorm2d, ReLU, MaxPool2d(2), Conv2d(8, 16, 3, padding 1), ReLU,
 *       MaxPool2d(2), Flatten, Linear(784, 4) on 28 x 28 images; SGD with momentum.</li>
 *   <li>{@code transformer}: token and position embeddings (16), one TransformerEncoderLayer (2 heads,
 *       feed-forward 32, GELU, no dropout), the mean over 8 positions and Linear(16, 4); AdamW.</li>
 * </ul>
 *
 * The PyTorch eager peer, {@code bench/python/train_step_models.py}, builds the same models with torch.nn and
 * torch.optim and times the same step on one thread. Read the score as the time of one step and
 * {@code gc.alloc.rate.norm} (from {@code -prof gc}) as what a step allocates.
 *
 * <p>{@code capability} chooses the kernels: {@code default}, the scalar ones a JVM without the Vector API module
 * runs, or {@code vector}, the Vector API's (every fork is started with {@code --add-modules jdk.incubator.vector};
 * a {@code -jvmArgsAppend} on the command line replaces that, so repeat it there).
 *
 * <pre>
 * java -jar bench/target/benchmarks.jar TrainStepModels -f 1 -wi 5 -i 5 -prof gc
 * java -jar bench/target/benchmarks.jar TrainStepModels -p capability=default,vector -f 1 -wi 8 -i 5 -prof gc
 * /usr/bin/python3 bench/python/train_step_models.py
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 8, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--add-modules=jdk.incubator.vector")
public class TrainStepModelsBenchmark {
    static {
        AtenLibrary.load();
    }

    @Param({"mlp", "cnn", "transformer"})
    String model;

    @Param({"1", "8", "64"})
    int batch;

    /** {@code default} or {@code vector} (see the class comment); null leaves the fork's kernels as they are. */
    @Param({"default"})
    String capability;

    Module net;
    Optimizer optimizer;
    Tensor x;
    Tensor y;

    @Setup
    public void setUp() {
        if (capability != null) {
            KernelSelection.select(capability);
        }
        Torch.set_num_threads(1); // the peer runs PyTorch on one thread
        Torch.manual_seed(0);
        switch (model) {
            case "mlp":
                net = new Sequential(new Linear(8, 32), new ReLU(), new Dropout(0.1), new Linear(32, 32), new ReLU(),
                        new Linear(32, 3));
                optimizer = new SGD(net.parameters(), 0.1, 0.9, 0, 1e-4, true);
                x = Torch.randn(batch, 8);
                y = Torch.randint(0, 3, new long[] {batch});
                break;
            case "cnn":
                net = new Sequential(new Conv2d(1, 8, 3, 1, 1), new BatchNorm2d(8), new ReLU(), new MaxPool2d(2),
                        new Conv2d(8, 16, 3, 1, 1), new ReLU(), new MaxPool2d(2), new Flatten(), new Linear(16 * 7 * 7, 4));
                optimizer = new SGD(net.parameters(), 0.02, 0.9, 0, 0, false);
                x = Torch.randn(batch, 1, 28, 28);
                y = Torch.randint(0, 4, new long[] {batch});
                break;
            case "transformer":
                net = new SequenceClassifier();
                optimizer = new AdamW(net.parameters(), 0.01);
                x = Torch.randint(0, 16, new long[] {batch, 8});
                y = Torch.randint(0, 4, new long[] {batch});
                break;
            default:
                throw new IllegalArgumentException("unknown model " + model);
        }
    }

    /** The transformer example of examples/models: embeddings, one encoder block, mean, classifier. */
    static final class SequenceClassifier extends Module {
        private final Embedding tokens = registerModule("tokens", new Embedding(16, 16));
        private final Embedding positions = registerModule("positions", new Embedding(8, 16));
        private final TransformerEncoderLayer encoder = registerModule("encoder",
                new TransformerEncoderLayer(16, 2, 32, 0.0, "gelu"));
        private final Linear head = registerModule("head", new Linear(16, 4));

        @Override
        public Tensor forward(Tensor ids) {
            Tensor h = tokens.forward(ids).add(positions.forward(Torch.arange(Scalar.of(ids.size(1)))));
            return head.forward(encoder.forward(h).mean(new long[] {1}, false, null));
        }
    }

    /** One training step; returns the loss (computed before the update). */
    @Benchmark
    public Tensor step() {
        optimizer.zeroGrad();
        Tensor loss = Torch.cross_entropy_loss(net.forward(x), y, null, 1, -100, 0.0);
        loss.backward();
        optimizer.step();
        return loss;
    }
}
