package org.example.models;

import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.nn.Sequential;

/**
 * Trains an example model and prints its loss at every step:
 * {@code mvn -q -f examples/models exec:java -Dexec.args="mlp sgd"} (or {@code "mlp adamw"}, {@code "cnn"}, {@code "transformer"}).
 */
public final class Train {
    private Train() {
    }

    public static void main(String[] args) {
        String model = args.length > 0 ? args[0] : "mlp";
        String optimizer = args.length > 1 ? args[1] : "sgd";
        try {
            long start;
            List<Double> losses;
            switch (model) {
                case "mlp": {
                    Tensor[] data = Mlp.data();
                    Sequential net = Mlp.model();
                    start = System.nanoTime();
                    losses = Mlp.train(net, Mlp.optimizer(optimizer, net.parameters()), data[0], data[1]);
                    break;
                }
                case "cnn": {
                    Tensor[] data = Cnn.data();
                    Sequential net = Cnn.model();
                    start = System.nanoTime();
                    losses = Cnn.train(net, Cnn.optimizer(net.parameters()), data[0], data[1]);
                    break;
                }
                case "transformer": {
                    Tensor[] data = Transformer.data();
                    Transformer net = new Transformer();
                    start = System.nanoTime();
                    losses = Transformer.train(net, Transformer.optimizer(net.parameters()), data[0], data[1]);
                    break;
                }
                default:
                    System.err.println("train: unknown model '" + model + "' (mlp, cnn, transformer)");
                    System.exit(2);
                    return;
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            for (int i = 0; i < losses.size(); i++) {
                System.out.printf("step %3d  loss %.6f%n", i + 1, losses.get(i));
            }
            System.out.printf("%d steps in %.3f s%n", losses.size(), seconds);
        } catch (IllegalArgumentException e) {
            System.err.println("train: " + e.getMessage());
            System.exit(2);
        }
    }
}
