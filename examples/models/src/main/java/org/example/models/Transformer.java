package org.example.models;

import java.util.ArrayList;
import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.nn.Embedding;
import org.jitdispatch.nn.Linear;
import org.jitdispatch.nn.Module;
import org.jitdispatch.nn.TransformerEncoderLayer;
import org.jitdispatch.optim.AdamW;
import org.jitdispatch.optim.Optimizer;

/**
 * The transformer example: token and position embeddings, one encoder block (self-attention with 2 heads,
 * layer norms, a GELU feed-forward of 32), the mean over the sequence and a linear classifier, trained with
 * AdamW on a synthetic sequence task (the label is the sum of the first and the last token, modulo 4), as
 * examples/models/src/test/python/make_transformer.py does in PyTorch.
 */
public final class Transformer extends Module {
    public static final int STEPS = 60;

    private final Embedding tokens;
    private final Embedding positions;
    private final TransformerEncoderLayer encoder;
    private final Linear head;

    public Transformer() {
        this.tokens = registerModule("tokens", new Embedding(16, 16));
        this.positions = registerModule("positions", new Embedding(8, 16));
        this.encoder = registerModule("encoder", new TransformerEncoderLayer(16, 2, 32, 0.0, "gelu"));
        this.head = registerModule("head", new Linear(16, 4));
    }

    /** {@code x}: token ids [N, L]; the class scores [N, 4]. */
    @Override
    public Tensor forward(Tensor x) {
        Tensor h = tokens.forward(x).add(positions.forward(Torch.arange(org.jitdispatch.runtime.Scalar.of(x.size(1)))));
        return head.forward(encoder.forward(h).mean(new long[] {1}, false, null));
    }

    /** {x [64, 8], y [64]}: seed 0, tokens uniform in [0, 16). */
    public static Tensor[] data() {
        Torch.manual_seed(0);
        Tensor x = Torch.randint(0, 16, new long[] {64, 8});
        Tensor y = Torch.remainder(x.select(1, 0).add(x.select(1, 7)), org.jitdispatch.runtime.Scalar.of(4));
        return new Tensor[] {x, y};
    }

    public static Optimizer optimizer(List<Tensor> parameters) {
        return new AdamW(parameters, 0.01);
    }

    public static List<Double> train(Transformer model, Optimizer optimizer, Tensor x, Tensor y) {
        List<Double> losses = new ArrayList<>();
        for (int step = 0; step < STEPS; step++) {
            optimizer.zeroGrad();
            Tensor loss = Torch.cross_entropy_loss(model.forward(x), y, null, 1, -100, 0.0);
            loss.backward();
            optimizer.step();
            losses.add(loss.toDoubleArray()[0]);
        }
        return losses;
    }
}
