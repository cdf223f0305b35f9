package org.example.models;

import java.util.ArrayList;
import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.nn.BatchNorm2d;
import org.jitdispatch.nn.Conv2d;
import org.jitdispatch.nn.Flatten;
import org.jitdispatch.nn.Linear;
import org.jitdispatch.nn.MaxPool2d;
import org.jitdispatch.nn.ReLU;
import org.jitdispatch.nn.Sequential;
import org.jitdispatch.optim.Optimizer;
import org.jitdispatch.optim.SGD;

/**
 * The CNN example: conv (1 -> 8) + batch norm + ReLU + max pool, conv (8 -> 16) + ReLU + max pool, and a linear
 * classifier, trained on synthetic 28 x 28 images of 4 classes with SGD and momentum on mini-batches of 32, as
 * examples/models/src/test/python/make_cnn.py does in PyTorch.
 */
public final class Cnn {
    public static final int STEPS = 50;
    public static final int BATCH = 32;

    private Cnn() {
    }

    public static Sequential model() {
        return new Sequential(new Conv2d(1, 8, 3, 1, 1), new BatchNorm2d(8), new ReLU(), new MaxPool2d(2),
                new Conv2d(8, 16, 3, 1, 1), new ReLU(), new MaxPool2d(2), new Flatten(), new Linear(16 * 7 * 7, 4));
    }

    /** {x [128, 1, 28, 28], y [128]}: seed 0, four random patterns, each image its class's pattern plus noise. */
    public static Tensor[] data() {
        Torch.manual_seed(0);
        Tensor patterns = Torch.randn(4, 1, 28, 28);
        Tensor y = Torch.randint(0, 4, new long[] {128});
        Tensor x = patterns.index_select(0, y).add(Torch.randn(128, 1, 28, 28), org.jitdispatch.runtime.Scalar.of(2.0));
        return new Tensor[] {x, y};
    }

    public static Optimizer optimizer(List<Tensor> parameters) {
        return new SGD(parameters, 0.02, 0.9, 0, 0, false);
    }

    /** Trains for {@link #STEPS} steps over mini-batches that cycle through the data; returns every loss. */
    public static List<Double> train(Sequential net, Optimizer optimizer, Tensor x, Tensor y) {
        List<Double> losses = new ArrayList<>();
        long n = x.size(0);
        for (int step = 0; step < STEPS; step++) {
            long start = (step * (long) BATCH) % n;
            optimizer.zeroGrad();
            Tensor loss = Torch.cross_entropy_loss(net.forward(x.narrow(0, start, BATCH)), y.narrow(0, start, BATCH), null,
                    1, -100, 0.0);
            loss.backward();
            optimizer.step();
            losses.add(loss.toDoubleArray()[0]);
        }
        return losses;
    }
}
