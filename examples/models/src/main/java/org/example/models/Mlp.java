package org.example.models;

import java.util.ArrayList;
import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.nn.Dropout;
import org.jitdispatch.nn.Linear;
import org.jitdispatch.nn.ReLU;
import org.jitdispatch.nn.Sequential;
import org.jitdispatch.optim.AdamW;
import org.jitdispatch.optim.Optimizer;
import org.jitdispatch.optim.SGD;

/**
 * The MLP example: 8-32-32-3 with ReLU and dropout, trained full-batch with cross-entropy on a synthetic
 * 3-class set, as examples/models/src/test/python/make_mlp.py does in PyTorch. With PyTorch's seeds the
 * data and the initial weights are PyTorch's own: randn and the layers' uniform initialisation draw the
 * same numbers from the same generator.
 */
public final class Mlp {
    public static final int STEPS = 60;

    private Mlp() {
    }

    /** The network, initialised from the default generator as nn.Linear does. */
    public static Sequential model() {
        return new Sequential(new Linear(8, 32), new ReLU(), new Dropout(0.1), new Linear(32, 32), new ReLU(),
                new Linear(32, 3));
    }

    /** {x [96, 8], y [96]}: seed 0, x ~ N(0, 1), labels the argmax of x times a random 8 x 3 map. */
    public static Tensor[] data() {
        Torch.manual_seed(0);
        Tensor x = Torch.randn(96, 8);
        Tensor y = Torch.argmax(x.mm(Torch.randn(8, 3)), 1L, false);
        return new Tensor[] {x, y};
    }

    /** The script's optimizers: "sgd" (momentum 0.9, Nesterov, weight decay 1e-4) or "adamw". */
    public static Optimizer optimizer(String name, List<Tensor> parameters) {
        switch (name) {
            case "sgd":
                return new SGD(parameters, 0.1, 0.9, 0, 1e-4, true);
            case "adamw":
                return new AdamW(parameters, 0.01);
            default:
                throw new IllegalArgumentException("unknown optimizer '" + name + "' (sgd or adamw)");
        }
    }

    /** Trains {@code net} for {@link #STEPS} steps, dropout's masks from seed 1; returns every step's loss. */
    public static List<Double> train(Sequential net, Optimizer optimizer, Tensor x, Tensor y) {
        Torch.manual_seed(1);
        List<Double> losses = new ArrayList<>();
        for (int step = 0; step < STEPS; step++) {
            optimizer.zeroGrad();
            Tensor loss = Torch.cross_entropy_loss(net.forward(x), y, null, 1, -100, 0.0);
            loss.backward();
            optimizer.step();
            losses.add(loss.toDoubleArray()[0]);
        }
        return losses;
    }
}
