package org.jitdispatch.autograd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.function.Function;
import java.util.stream.Stream;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Every formula of derivatives.yaml against finite differences (gradcheck, float64), with broadcasting. */
class GradientsTest {
    private static final Random RANDOM = new Random(42);

    /** A float64 leaf with values in [lo, hi). */
    private static Tensor input(double lo, double hi, long... sizes) {
        int n = 1;
        for (long s : sizes) {
            n *= (int) s;
        }
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = lo + (hi - lo) * RANDOM.nextDouble();
        }
        return Torch.tensor(v, sizes).requiresGrad_(true);
    }

    private static DynamicTest gradcheck(String name, Function<Tensor[], Tensor> fn, Tensor... inputs) {
        return DynamicTest.dynamicTest(name, () -> GradCheck.check(fn, inputs));
    }

    @TestFactory
    Stream<DynamicTest> everyFormulaMatchesFiniteDifferences() {
        return Stream.of(
                gradcheck("add with broadcasting", x -> x[0].add(x[1], Scalar.of(2.5)), input(-1, 1, 2, 3), input(-1, 1, 3)),
                gradcheck("sub", x -> x[0].sub(x[1]), input(-1, 1, 2, 1), input(-1, 1, 1, 3)),
                gradcheck("mul", x -> x[0].mul(x[1]), input(-1, 1, 2, 3), input(-1, 1, 2, 3)),
                gradcheck("div", x -> x[0].div(x[1]), input(-1, 1, 3), input(1, 2, 2, 3)),
                gradcheck("neg", x -> x[0].neg(), input(-1, 1, 4)),
                gradcheck("exp", x -> x[0].exp(), input(-1, 1, 4)),
                gradcheck("log", x -> x[0].log(), input(0.5, 2, 4)),
                gradcheck("sqrt", x -> x[0].sqrt(), input(0.5, 2, 4)),
                gradcheck("sigmoid", x -> x[0].sigmoid(), input(-2, 2, 4)),
                gradcheck("tanh", x -> x[0].tanh(), input(-2, 2, 4)),
                gradcheck("relu (away from the kink)", x -> Torch.relu(x[0]), input(0.1, 1, 4)),
                gradcheck("mv", x -> x[0].mv(x[1]), input(-1, 1, 2, 3), input(-1, 1, 3)),
                gradcheck("dot", x -> x[0].dot(x[1]), input(-1, 1, 3), input(-1, 1, 3)),
                gradcheck("pow", x -> x[0].pow(Scalar.of(3)), input(0.5, 1.5, 4)),
                gradcheck("sum", x -> x[0].sum(), input(-1, 1, 2, 3)),
                gradcheck("sum over a dim", x -> Torch.sum(x[0], new long[] {1}, false, null), input(-1, 1, 2, 3)),
                gradcheck("mean", x -> x[0].mean(), input(-1, 1, 2, 3)),
                gradcheck("mm", x -> x[0].mm(x[1]), input(-1, 1, 2, 3), input(-1, 1, 3, 4)),
                gradcheck("mm of transposed operands (column-major gradients)",
                        x -> x[0].transpose(0, 1).mm(x[1].transpose(0, 1)), input(-1, 1, 3, 2), input(-1, 1, 4, 3)),
                gradcheck("bmm", x -> x[0].bmm(x[1]), input(-1, 1, 2, 2, 3), input(-1, 1, 2, 3, 2)),
                gradcheck("matmul (composite)", x -> Torch.matmul(x[0], x[1]), input(-1, 1, 2, 3), input(-1, 1, 3)),
                gradcheck("view", x -> x[0].view(3, 2), input(-1, 1, 2, 3)),
                gradcheck("transpose", x -> x[0].transpose(0, 1), input(-1, 1, 2, 3)),
                gradcheck("expand", x -> x[0].expand(2, 3), input(-1, 1, 1, 3)),
                gradcheck("unsqueeze", x -> x[0].unsqueeze(1), input(-1, 1, 3)),
                gradcheck("squeeze", x -> x[0].squeeze(0), input(-1, 1, 1, 3)),
                gradcheck("where", x -> Torch.where(Torch.tensor(new boolean[] {true, false, true}), x[0], x[1]),
                        input(-1, 1, 3), input(-1, 1, 3)),
                gradcheck("permute", x -> x[0].permute(2, 0, 1), input(-1, 1, 2, 3, 4)),
                gradcheck("select", x -> x[0].select(1, 2), input(-1, 1, 2, 3)),
                gradcheck("slice", x -> Torch.slice(x[0], 1, 1L, 4L, 2), input(-1, 1, 2, 5)),
                gradcheck("narrow (composite)", x -> x[0].narrow(0, 1, 2), input(-1, 1, 4, 2)),
                gradcheck("clone", x -> x[0].clone(), input(-1, 1, 3)),
                gradcheck("abs (away from 0)", x -> x[0].abs(), input(-1, -0.2, 3)),
                gradcheck("clamp", x -> Torch.clamp(x[0], Scalar.of(-0.5), Scalar.of(0.5)),
                        input(-1, 1, 6)),
                gradcheck("reshape and flatten (composite)", x -> x[0].reshape(3, 2).flatten(0, -1), input(-1, 1, 2, 3)),
                gradcheck("mean over a dim", x -> Torch.mean(x[0], new long[] {0}, true, null), input(-1, 1, 2, 3)),
                gradcheck("div with no rounding mode", x -> Torch.div(x[0], x[1], null), input(-1, 1, 3), input(1, 2, 3)),
                gradcheck("pow tensor exponent", x -> x[0].pow(x[1]), input(0.5, 1.5, 3), input(-1, 2, 3)),
                gradcheck("pow scalar base", x -> Torch.pow(Scalar.of(2.0), x[0]), input(-1, 1, 3)),
                gradcheck("amax", x -> Torch.amax(x[0], new long[] {1}, false), input(-1, 1, 2, 3)),
                gradcheck("amin", x -> Torch.amin(x[0], new long[] {0}, true), input(-1, 1, 2, 3)),
                gradcheck("cat", x -> Torch.cat(new Tensor[] {x[0], x[1]}, 1), input(-1, 1, 2, 3), input(-1, 1, 2, 1)),
                gradcheck("squeeze all", x -> x[0].squeeze(), input(-1, 1, 1, 3, 1)),
                gradcheck("clamp with tensor bounds", x -> Torch.clamp(x[0], x[1], x[2]), input(-1, 1, 6),
                        input(-0.8, -0.2, 6), input(0.2, 0.8, 6)),
                gradcheck("stack (through cat)", x -> Torch.stack(new Tensor[] {x[0], x[1]}, 0), input(-1, 1, 3),
                        input(-1, 1, 3)),
                gradcheck("softmax", x -> x[0].softmax(1), input(-2, 2, 2, 3)),
                gradcheck("softmax over an inner dim", x -> x[0].softmax(0), input(-2, 2, 3, 2)),
                gradcheck("log_softmax", x -> x[0].log_softmax(1), input(-2, 2, 2, 3)),
                gradcheck("softmax's backward", x -> Torch._softmax_backward_data(x[0], x[1], 1, x[0].dtype()),
                        input(-1, 1, 2, 3), input(0.1, 0.9, 2, 3)),
                gradcheck("mse_loss", x -> Torch.mse_loss(x[0], x[1], 1), input(-1, 1, 2, 3), input(-1, 1, 2, 3)),
                gradcheck("mse_loss's backward", x -> Torch.mse_loss_backward(x[0], x[1], x[2], 2), input(-1, 1, 2, 3),
                        input(-1, 1, 2, 3), input(-1, 1, 2, 3)),
                gradcheck("nll_loss (two outputs, one differentiable)", x -> Torch.nll_loss(x[0],
                        Torch.tensor(new long[] {0, 3, 1}), Torch.tensor(new double[] {0.5, 1, 2, 1.5}), 1, -100),
                        input(-2, 0, 3, 4)),
                gradcheck("nll_loss's backward", x -> Torch.nll_loss_backward(x[0], x[1], Torch.tensor(new long[] {2, 0}),
                        null, 0, -100, Torch.scalarTensor(Scalar.of(2.0), x[0].dtype())), input(-1, 1, 2), input(-1, 1, 2, 3)),
                gradcheck("cross_entropy with label smoothing", x -> Torch.cross_entropy_loss(x[0],
                        Torch.tensor(new long[] {0, 3, 1}), null, 1, -100, 0.1), input(-2, 2, 3, 4)),
                gradcheck("cross_entropy with probabilities", x -> Torch.cross_entropy_loss(x[0], x[1], null, 1, -100, 0.0),
                        input(-2, 2, 3, 4), input(0, 1, 3, 4)),
                gradcheck("binary_cross_entropy_with_logits (pos_weight is not differentiable, as in 1.13)",
                        x -> Torch.binary_cross_entropy_with_logits(x[0], x[1], null,
                        Torch.tensor(new double[] {0.7, 1.3, 1.9}, 3), 1), input(-3, 3, 2, 3), input(0, 1, 2, 3)),
                gradcheck("log_softmax's backward", x -> Torch._log_softmax_backward_data(x[0], x[1], 1, x[0].dtype()),
                        input(-1, 1, 2, 3), input(-2, -0.1, 2, 3)),
                gradcheck("t", x -> x[0].t(), input(-1, 1, 2, 3)),
                gradcheck("addmm with beta, alpha and a broadcast self", x -> Torch.addmm(x[0], x[1], x[2], Scalar.of(0.5),
                        Scalar.of(-2)), input(-1, 1, 3), input(-1, 1, 2, 4), input(-1, 1, 4, 3)),
                gradcheck("baddbmm", x -> Torch.baddbmm(x[0], x[1], x[2], Scalar.of(2), Scalar.of(0.5)),
                        input(-1, 1, 1, 3), input(-1, 1, 2, 2, 4), input(-1, 1, 2, 4, 3)),
                gradcheck("linear (addmm, transposed weight)", x -> Torch.linear(x[0], x[1], x[2]), input(-1, 1, 5, 4),
                        input(-1, 1, 3, 4), input(-1, 1, 3)),
                gradcheck("linear of a 3-d input", x -> Torch.linear(x[0], x[1], x[2]), input(-1, 1, 2, 3, 4),
                        input(-1, 1, 3, 4), input(-1, 1, 3)),
                gradcheck("conv2d (stride, padding, dilation)", x -> Torch.conv2d(x[0], x[1], x[2], new long[] {2, 1},
                        new long[] {1, 2}, new long[] {1, 2}, 1), input(-1, 1, 2, 3, 6, 6), input(-1, 1, 4, 3, 3, 2),
                        input(-1, 1, 4)),
                gradcheck("conv2d with groups", x -> Torch.conv2d(x[0], x[1], x[2], new long[] {1}, new long[] {1},
                        new long[] {1}, 2), input(-1, 1, 2, 4, 5, 5), input(-1, 1, 6, 2, 3, 3), input(-1, 1, 6)),
                gradcheck("conv1d, unbatched, without bias", x -> Torch.conv1d(x[0], x[1], null, new long[] {2},
                        new long[] {1}, new long[] {2}, 1), input(-1, 1, 3, 9), input(-1, 1, 4, 3, 3)),
                gradcheck("max_pool2d", x -> Torch.max_pool2d(x[0], new long[] {3}, new long[] {2}, new long[] {1},
                        new long[] {1}, false), input(-1, 1, 2, 2, 6, 6)),
                gradcheck("max_pool2d with dilation and ceil_mode", x -> Torch.max_pool2d(x[0], new long[] {2},
                        new long[] {2}, new long[] {0}, new long[] {2}, true), input(-1, 1, 1, 2, 7, 7)),
                gradcheck("avg_pool2d", x -> Torch.avg_pool2d(x[0], new long[] {3}, new long[] {2}, new long[] {1}, true,
                        false, null), input(-1, 1, 1, 2, 7, 7)),
                gradcheck("avg_pool2d's backward", x -> Torch.avg_pool2d_backward(x[0], x[1], new long[] {2},
                        new long[] {2}, new long[] {1}, false, true, 3L), input(-1, 1, 1, 2, 4, 4), input(-1, 1, 1, 2, 6, 6)),
                gradcheck("adaptive_avg_pool2d", x -> Torch.adaptive_avg_pool2d(x[0], new long[] {3, 4}),
                        input(-1, 1, 2, 3, 7, 5)),
                gradcheck("adaptive_avg_pool2d's backward", x -> Torch._adaptive_avg_pool2d_backward(x[0], x[1]),
                        input(-1, 1, 2, 3, 3, 4), input(-1, 1, 2, 3, 7, 5)),
                gradcheck("max", x -> x[0].max(), input(-1, 1, 2, 3)),
                gradcheck("min", x -> x[0].min(), input(-1, 1, 2, 3)),
                gradcheck("max over a dim (values)", x -> x[0].max(1, false)[0], input(-1, 1, 2, 3)),
                gradcheck("min over a dim with keepdim (values)", x -> x[0].min(-1, true)[0], input(-1, 1, 2, 3, 2)),
                gradcheck("maximum", x -> x[0].maximum(x[1]), input(-1, 1, 2, 3), input(-1, 1, 3)),
                gradcheck("minimum", x -> x[0].minimum(x[1]), input(-1, 1, 2, 3), input(-1, 1, 2, 3)),
                gradcheck("fmax", x -> x[0].fmax(x[1]), input(-1, 1, 2, 3), input(-1, 1, 3)),
                gradcheck("dist p=3", x -> x[0].dist(x[1], Scalar.of(3)), input(-1, 1, 2, 3), input(-1, 1, 3)),
                gradcheck("dist p=2", x -> Torch.dist(x[0], x[1], Scalar.of(2)), input(-1, 1, 2, 3), input(-1, 1, 2, 3)),
                gradcheck("fmin", x -> Torch.fmin(x[0], x[1]), input(-1, 1, 2, 3), input(-1, 1, 2, 3)),
                gradcheck("var", x -> x[0].var(new long[] {1}, 1L, false), input(-1, 1, 2, 3)),
                gradcheck("var of all, correction 0", x -> x[0].var(null, 0L, true), input(-1, 1, 2, 3)),
                gradcheck("std", x -> x[0].std(new long[] {0, 2}, null, false), input(-1, 1, 2, 3, 2)),
                gradcheck("prod", x -> x[0].prod(), input(0.5, 1.5, 2, 3)),
                gradcheck("prod over a dim", x -> x[0].prod(1, true, null), input(-1, 1, 2, 3)),
                gradcheck("prod with a zero", x -> x[0].mul(Torch.tensor(new double[] {1, 0, 1})).prod(0, false, null),
                        input(-1, 1, 3)),
                gradcheck("cumsum", x -> x[0].cumsum(1), input(-1, 1, 2, 3)),
                gradcheck("cumsum over dim 0", x -> x[0].cumsum(0), input(-1, 1, 3, 2)),
                gradcheck("logsumexp", x -> x[0].logsumexp(new long[] {1}, false), input(-2, 2, 2, 3)),
                gradcheck("logsumexp keepdim", x -> x[0].logsumexp(new long[] {0, 2}, true), input(-2, 2, 2, 3, 2)),
                gradcheck("norm", x -> x[0].norm(Scalar.of(2)), input(-1, 1, 2, 3)),
                gradcheck("norm p=3 over a dim", x -> x[0].norm(Scalar.of(3), new long[] {1}, false), input(0.2, 1, 2, 3)),
                gradcheck("norm p=1", x -> x[0].norm(Scalar.of(1), new long[] {0}, true), input(0.2, 1, 2, 3)),
                gradcheck("frobenius_norm (composite)", x -> Torch.frobenius_norm(x[0], new long[] {0, 1}, false),
                        input(-1, 1, 2, 3)),
                gradcheck("gather", x -> x[0].gather(1, Torch.tensor(new long[] {0, 0, 2, 1}, 2, 2)), input(-1, 1, 2, 3)),
                gradcheck("scatter", x -> x[0].scatter(1, Torch.tensor(new long[] {0, 2, 1, 0}, 2, 2), x[1]),
                        input(-1, 1, 2, 3), input(-1, 1, 2, 2)),
                gradcheck("scatter a value", x -> x[0].scatter(0, Torch.tensor(new long[] {1, 0, 1}, 1, 3), Scalar.of(2)),
                        input(-1, 1, 2, 3)),
                gradcheck("scatter_add", x -> x[0].scatter_add(1, Torch.tensor(new long[] {0, 0, 1, 2}, 2, 2), x[1]),
                        input(-1, 1, 2, 3), input(-1, 1, 2, 2)),
                gradcheck("masked_fill", x -> x[0].masked_fill(Torch.tensor(new boolean[] {true, false, true}), Scalar.of(1)),
                        input(-1, 1, 2, 3)),
                gradcheck("masked_fill with a tensor value", x -> x[0].masked_fill(
                        Torch.tensor(new boolean[] {true, false, true}), x[1].squeeze()), input(-1, 1, 2, 3), input(-1, 1, 1)),
                gradcheck("native_layer_norm (input, weight and bias in one formula)", x -> Torch.native_layer_norm(x[0],
                        new long[] {4}, x[1], x[2], 1e-5)[0], input(-2, 2, 2, 3, 4), input(0.5, 1.5, 4), input(-1, 1, 4)),
                gradcheck("layer_norm over two dims, no weight", x -> Torch.layer_norm(x[0], new long[] {3, 4}, null, x[1],
                        1e-5, true), input(-2, 2, 2, 3, 4), input(-1, 1, 3, 4)),
                gradcheck("batch_norm training", x -> Torch.batch_norm(x[0], x[1], x[2], null, null, true, 0.1, 1e-5, true),
                        input(-2, 2, 4, 3, 2), input(0.5, 1.5, 3), input(-1, 1, 3)),
                gradcheck("batch_norm training, input only", x -> Torch.batch_norm(x[0], null, null, null, null, true, 0.1,
                        1e-5, true), input(-2, 2, 5, 2)),
                gradcheck("batch_norm eval", x -> Torch.batch_norm(x[0], x[1], x[2], Torch.tensor(new double[] {0.1, -0.3}),
                        Torch.tensor(new double[] {0.5, 2.0}), false, 0.1, 1e-5, true), input(-2, 2, 3, 2, 2),
                        input(0.5, 1.5, 2), input(-1, 1, 2)),
                // (padding_idx and scale_grad_by_freq change the gradient by definition, so finite differences
                // disagree with them; GoldenGradientsTest checks them against PyTorch)
                gradcheck("embedding", x -> Torch.embedding(x[0], Torch.tensor(new long[] {0, 3, 3, 1, 3}, 5), -1, false,
                        false), input(-1, 1, 4, 3)),
                gradcheck("embedding_dense_backward", x -> Torch.embedding_dense_backward(x[0],
                        Torch.tensor(new long[] {0, 3, 3, 1}, 2, 2), 4, 1, true), input(-1, 1, 2, 2, 3)),
                gradcheck("index_select", x -> x[0].index_select(1, Torch.tensor(new long[] {2, 0, 2})), input(-1, 1, 2, 3, 2)),
                gradcheck("index_select's backward", x -> Torch.index_select_backward(x[0], new long[] {4, 2}, 0,
                        Torch.tensor(new long[] {3, 0, 3})), input(-1, 1, 3, 2)),
                gradcheck("gelu", x -> Torch.gelu(x[0]), input(-3, 3, 6)),
                gradcheck("gelu tanh", x -> Torch.gelu(x[0], "tanh"), input(-3, 3, 6)),
                gradcheck("gelu_backward (gelu's second derivative)", x -> Torch.gelu_backward(x[0], x[1]),
                        input(-1, 1, 2, 3), input(-3, 3, 2, 3)),
                gradcheck("gelu_backward tanh", x -> Torch.gelu_backward(x[0], x[1], "tanh"), input(-1, 1, 2, 3),
                        input(-3, 3, 3)),
                gradcheck("silu", x -> Torch.silu(x[0]), input(-3, 3, 6)),
                gradcheck("silu_backward (silu's second derivative)", x -> Torch.silu_backward(x[0], x[1]),
                        input(-1, 1, 2, 3), input(-3, 3, 2, 3)),
                gradcheck("leaky_relu (away from the kink)", x -> Torch.leaky_relu(x[0], Scalar.of(0.2)),
                        input(0.1, 1, 3)),
                gradcheck("leaky_relu below zero", x -> Torch.leaky_relu(x[0], Scalar.of(0.2)), input(-1, -0.1, 3)),
                gradcheck("leaky_relu_backward", x -> Torch.leaky_relu_backward(x[0], x[1], Scalar.of(0.3), false),
                        input(-1, 1, 4), input(0.1, 1, 4)),
                gradcheck("hardtanh (inside the limits)", x -> Torch.hardtanh(x[0]), input(-0.9, 0.9, 4)),
                gradcheck("hardtanh (outside)", x -> Torch.hardtanh(x[0], Scalar.of(-0.5), Scalar.of(0.5)),
                        input(0.6, 2, 4)),
                gradcheck("hardtanh_backward", x -> Torch.hardtanh_backward(x[0], x[1], Scalar.of(-1), Scalar.of(1)),
                        input(-1, 1, 4), input(-0.9, 0.9, 4)),
                gradcheck("floor (away from the integers)", x -> x[0].floor(), input(0.1, 0.9, 4)),
                gradcheck("ceil", x -> x[0].ceil(), input(1.1, 1.9, 4)),
                gradcheck("round", x -> x[0].round(), input(0.1, 0.4, 4)),
                gradcheck("sin", x -> x[0].sin(), input(-3, 3, 4)),
                gradcheck("cos", x -> x[0].cos(), input(-3, 3, 4)),
                gradcheck("rsqrt", x -> x[0].rsqrt(), input(0.5, 2, 4)),
                gradcheck("reciprocal", x -> x[0].reciprocal(), input(0.5, 2, 4)),
                gradcheck("log1p", x -> x[0].log1p(), input(-0.5, 2, 4)),
                gradcheck("erf", x -> x[0].erf(), input(-2, 2, 4)),
                gradcheck("remainder (away from the jumps)", x -> x[0].remainder(x[1]), input(0.1, 0.4, 2, 3),
                        input(0.5, 0.6, 3)),
                gradcheck("fmod", x -> x[0].fmod(x[1]), input(1.1, 1.4, 2, 3), input(-0.6, -0.5, 2, 3)),
                gradcheck("remainder Scalar", x -> x[0].remainder(Scalar.of(0.7)), input(0.1, 0.6, 4)),
                gradcheck("fmod Scalar", x -> x[0].fmod(Scalar.of(-0.7)), input(0.1, 0.6, 4)),
                gradcheck("tril", x -> x[0].tril(1), input(-1, 1, 3, 4)),
                gradcheck("triu", x -> x[0].triu(-1), input(-1, 1, 2, 3, 3)),
                gradcheck("tril_ of a non-leaf", x -> x[0].mul(Scalar.of(2)).tril_(0), input(-1, 1, 3, 3)),
                gradcheck("flip", x -> x[0].flip(new long[] {0, -1}), input(-1, 1, 2, 3, 2)),
                gradcheck("roll", x -> x[0].roll(new long[] {1, -1}, new long[] {1, 0}), input(-1, 1, 2, 3)),
                gradcheck("roll flattened", x -> x[0].roll(new long[] {4}, new long[0]), input(-1, 1, 2, 3)),
                gradcheck("repeat (composite)", x -> x[0].repeat(2, 1, 3), input(-1, 1, 2, 2)),
                gradcheck("split (composite)", x -> x[0].split(2, 1)[1].mul(Scalar.of(3)), input(-1, 1, 2, 5)),
                gradcheck("chunk (composite)", x -> Torch.cat(x[0].chunk(2, 0), 1), input(-1, 1, 4, 2)),
                gradcheck("unbind (composite)", x -> Torch.stack(x[0].unbind(1), 0), input(-1, 1, 3, 2)),
                gradcheck("sort", x -> x[0].sort(0, true)[0], input(-1, 1, 4, 3)),
                gradcheck("sort.stable", x -> x[0].sort(Boolean.TRUE, -1, false)[0], input(-1, 1, 3, 4)),
                gradcheck("topk", x -> x[0].topk(2, 1, false)[0], input(-1, 1, 3, 4)),
                gradcheck("index.Tensor", x -> x[0].index(new Tensor[] {null, Torch.tensor(new long[] {2, 0, 2})}),
                        input(-1, 1, 2, 3)),
                gradcheck("index.Tensor with a mask", x -> x[0].index(new Tensor[] {Torch.tensor(new boolean[] {true, false,
                        true})}), input(-1, 1, 3, 2)),
                gradcheck("index_put", x -> x[0].index_put(new Tensor[] {Torch.tensor(new long[] {1, 0})}, x[1], false),
                        input(-1, 1, 3, 2), input(-1, 1, 2, 2)),
                gradcheck("index_put accumulate", x -> x[0].index_put(new Tensor[] {Torch.tensor(new long[] {1, 1})}, x[1],
                        true), input(-1, 1, 3, 2), input(-1, 1, 2)),
                gradcheck("index_put_ of a non-leaf", x -> x[0].mul(Scalar.of(1)).index_put_(new Tensor[] {
                        Torch.tensor(new long[] {2})}, x[1], false), input(-1, 1, 3, 2), input(-1, 1, 2)),
                gradcheck("unfold, overlapping windows", x -> x[0].unfold(1, 3, 2), input(-1, 1, 2, 7)),
                gradcheck("unfold, gaps between windows", x -> x[0].unfold(-1, 2, 3), input(-1, 1, 2, 8)),
                gradcheck("unfold of a 0-dim tensor", x -> x[0].unfold(0, 1, 1), input(-1, 1)),
                gradcheck("pixel_shuffle", x -> Torch.pixel_shuffle(x[0], 2), input(-1, 1, 2, 8, 2, 3)),
                gradcheck("pixel_unshuffle", x -> Torch.pixel_unshuffle(x[0], 2), input(-1, 1, 2, 4, 6)),
                gradcheck("im2col", x -> Torch.im2col(x[0], new long[] {2, 3}, new long[] {1, 2}, new long[] {1, 0},
                        new long[] {2, 1}), input(-1, 1, 2, 2, 5, 6)),
                gradcheck("col2im", x -> Torch.col2im(x[0], new long[] {4, 5}, new long[] {2, 2}, new long[] {1, 1},
                        new long[] {0, 1}, new long[] {1, 2}), input(-1, 1, 2, 8, 9)),
                gradcheck("conv_transpose2d", x -> Torch.conv_transpose2d(x[0], x[1], x[2], new long[] {2, 1},
                        new long[] {1, 0}, new long[] {1, 0}, 2, new long[] {1, 2}),
                        input(-1, 1, 2, 4, 3, 3), input(-1, 1, 4, 1, 2, 2), input(-1, 1, 2)),
                gradcheck("conv_transpose1d", x -> Torch.conv_transpose1d(x[0], x[1], x[2], new long[] {3},
                        new long[] {1}, new long[] {2}, 1, new long[] {1}), input(-1, 1, 2, 3, 4), input(-1, 1, 3, 2, 3),
                        input(-1, 1, 2)),
                gradcheck("conv3d", x -> Torch.conv3d(x[0], x[1], x[2], new long[] {1, 2, 1}, new long[] {1, 0, 1},
                        new long[] {1, 1, 2}, 1), input(-1, 1, 2, 2, 3, 4, 5), input(-1, 1, 2, 2, 2, 2, 2), input(-1, 1, 2)),
                gradcheck("conv_transpose3d", x -> Torch.conv_transpose3d(x[0], x[1], x[2], new long[] {2, 1, 1},
                        new long[] {0, 1, 0}, new long[] {1, 0, 0}, 2, new long[] {1, 1, 2}),
                        input(-1, 1, 1, 4, 2, 3, 2), input(-1, 1, 4, 1, 2, 2, 2), input(-1, 1, 2)),
                gradcheck("max_pool3d", x -> Torch.max_pool3d(x[0], new long[] {2, 2, 3}, new long[] {1, 2, 1},
                        new long[] {1, 0, 1}, new long[] {1, 1, 1}, true), input(-1, 1, 1, 2, 3, 4, 5)),
                gradcheck("avg_pool3d", x -> Torch.avg_pool3d(x[0], new long[] {2, 3, 2}, new long[] {2, 1, 1},
                        new long[] {1, 1, 0}, true, false, null), input(-1, 1, 2, 1, 4, 4, 3)),
                gradcheck("adaptive_avg_pool3d", x -> Torch.adaptive_avg_pool3d(x[0], new long[] {2, 3, 2}),
                        input(-1, 1, 2, 3, 5, 4, 3)),
                gradcheck("adaptive_max_pool3d", x -> Torch.adaptive_max_pool3d(x[0], new long[] {2, 2, 3})[0],
                        input(-1, 1, 2, 5, 4, 4)),
                gradcheck("bilinear", x -> Torch.bilinear(x[0], x[1], x[2], x[3]), input(-1, 1, 3, 2), input(-1, 1, 3, 4),
                        input(-1, 1, 5, 2, 4), input(-1, 1, 5)),
                gradcheck("pdist", x -> Torch.pdist(x[0], 2.0), input(-1, 1, 4, 3)),
                gradcheck("pdist, p = 1.5", x -> Torch.pdist(x[0], 1.5), input(-1, 1, 3, 2)),
                gradcheck("channel_shuffle", x -> Torch.channel_shuffle(x[0], 3), input(-1, 1, 2, 6, 2)),
                gradcheck("max_unpool2d", x -> Torch.max_unpool2d(x[0], Torch.tensor(new long[] {0, 5, 10, 15, 2, 7, 8, 13},
                        1, 2, 2, 2), new long[] {4, 4}), input(-1, 1, 1, 2, 2, 2)),
                gradcheck("conv2d, padding 'same' with an even kernel", x -> Torch.conv2d(x[0], x[1], x[2],
                        new long[] {1}, "same", new long[] {1}, 1), input(-1, 1, 2, 2, 4, 5), input(-1, 1, 3, 2, 2, 3),
                        input(-1, 1, 3)),
                scatterReduce("sum", true), scatterReduce("prod", true), scatterReduce("prod", false),
                scatterReduce("mean", true), scatterReduce("mean", false), scatterReduce("amax", true),
                scatterReduce("amin", false),
                gradcheck("scatter_reduce prod with zeros", x -> x[0].scatter_reduce(0, Torch.tensor(new long[] {0, 0, 1, 1, 2}, 5),
                        x[1], "prod", true), values(0, 2, -1.5), values(0.5, 0, 0, 3, 0)),
                indexReduce("prod", true), indexReduce("prod", false), indexReduce("mean", true),
                indexReduce("mean", false), indexReduce("amax", true), indexReduce("amin", false),
                gradcheck("index_reduce prod with zeros", x -> x[0].index_reduce(0, Torch.tensor(new long[] {0, 0, 1, 1, 2}, 5),
                        x[1], "prod", true), values(0, 2, -1.5), values(0.5, 0, 0, 3, 0)),
                gradcheck("quantile, a tensor q over a dim", x -> Torch.quantile(x[0], Torch.tensor(new double[] {0.2, 0.5,
                        0.9}, 3), 1L, false, "linear"), input(-1, 1, 3, 5)),
                gradcheck("quantile of all elements, midpoint", x -> Torch.quantile(x[0], 0.3, null, true, "midpoint"),
                        input(-1, 1, 3, 4)),
                gradcheck("quantile, nearest", x -> Torch.quantile(x[0], 0.6, 0L, false, "nearest"), input(-1, 1, 6, 2)),
                gradcheck("nanquantile with NaNs", x -> Torch.nanquantile(x[0].add(nanAt(5, 3, 4)), 0.4, 1L, false,
                        "linear"), input(-1, 1, 3, 4)),
                gradcheck("hardshrink", x -> Torch.hardshrink(x[0], Scalar.of(0.4)), input(-1, 1, 3, 4)),
                gradcheck("softshrink", x -> Torch.softshrink(x[0], Scalar.of(0.4)), input(-1, 1, 3, 4)),
                gradcheck("threshold", x -> Torch.threshold(x[0], Scalar.of(0.1), Scalar.of(5)), input(-1, 1, 3, 4)),
                gradcheck("rrelu in eval", x -> Torch.rrelu(x[0], Scalar.of(0.1), Scalar.of(0.3), false, null),
                        input(-1, 1, 3, 4)),
                // the same seed for every evaluation, so that each draws the same slopes
                gradcheck("rrelu in training", x -> Torch.rrelu(x[0], Scalar.of(0.1), Scalar.of(0.3), true,
                        new org.jitdispatch.kernels.random.CPUGenerator(5)), input(-1, 1, 3, 4)),
                gradcheck("renorm p=2", x -> Torch.renorm(x[0], Scalar.of(2), 0, Scalar.of(1.0)), input(-1, 1, 3, 4)),
                gradcheck("renorm p=1.5 over dim 1", x -> Torch.renorm(x[0], Scalar.of(1.5), 1, Scalar.of(0.8)),
                        input(-1, 1, 2, 3, 2)),
                gradcheck("renorm p=1", x -> Torch.renorm(x[0], Scalar.of(1), -1, Scalar.of(1.2)), input(0.1, 1, 4, 3)),
                gradcheck("frexp's mantissa", x -> Torch.frexp(x[0])[0], input(-5, 5, 3, 4)),
                gradcheck("ldexp", x -> Torch.ldexp(x[0], x[1]), input(-1, 1, 3, 4), input(-2, 2, 4)),
                gradcheck("special_entr", x -> Torch.special_entr(x[0]), input(0.1, 2, 3, 4)),
                gradcheck("special_xlog1py", x -> Torch.special_xlog1py(x[0], x[1]), input(-1, 1, 3, 4), input(-0.5, 2, 4)),
                gradcheck("special_ndtr", x -> Torch.special_ndtr(x[0]), input(-3, 3, 3, 4)),
                gradcheck("special_expit", x -> Torch.special_expit(x[0]), input(-3, 3, 5)),
                gradcheck("i0", x -> Torch.i0(x[0]), input(-10, 10, 6)),
                gradcheck("special_i0e", x -> Torch.special_i0e(x[0]), input(-10, 10, 6)),
                gradcheck("special_i1", x -> Torch.special_i1(x[0]), input(-10, 10, 6)),
                gradcheck("special_i1e", x -> Torch.special_i1e(x[0]), input(-10, 10, 6)),
                gradcheck("special_i1 and special_i1e at 0", x -> Torch.special_i1(x[0]).add(Torch.special_i1e(x[0])),
                        values(0, 0.5, -2)),
                gradcheck("special_erfcx", x -> Torch.special_erfcx(x[0]), input(-3, 5, 6)),
                gradcheck("special_log_ndtr", x -> Torch.special_log_ndtr(x[0]), input(-6, 4, 6)),
                gradcheck("special_ndtri", x -> Torch.special_ndtri(x[0]), input(0.02, 0.98, 6)),
                gradcheck("mvlgamma", x -> Torch.mvlgamma(x[0], 3), input(1.5, 4, 2, 3)),
                gradcheck("special_zeta's q", x -> Torch.special_zeta(Torch.tensor(new double[] {2.5, 3, 4.5}, 3), x[0]),
                        input(0.5, 3, 3)),
                gradcheck("igamma's x", x -> Torch.igamma(Torch.tensor(new double[] {0.5, 2, 7}, 3), x[0]), input(0.2, 9, 3)),
                gradcheck("igammac's x", x -> Torch.igammac(Torch.tensor(new double[] {0.5, 2, 7}, 3), x[0]),
                        input(0.2, 9, 3)));
    }

    /** A float64 tensor of the given sizes, 0 everywhere except NaN at flat position {@code at}. */
    private static Tensor nanAt(int at, long... sizes) {
        Tensor t = Torch.zeros(sizes, org.jitdispatch.runtime.ScalarType.Float64);
        t.view(-1).select(0, at).fill_(Scalar.of(Double.NaN));
        return t;
    }

    /** scatter_reduce.two along dim 1 with repeated indices, each target reached zero to three times. */
    private static DynamicTest scatterReduce(String reduce, boolean includeSelf) {
        Tensor index = Torch.tensor(new long[] {0, 2, 2, 3, 2, 0, 0, 0}, 2, 4);
        return gradcheck("scatter_reduce " + reduce + (includeSelf ? "" : " without self"),
                x -> x[0].scatter_reduce(1, index, x[1], reduce, includeSelf), input(0.5, 2, 2, 4), input(0.5, 2, 2, 4));
    }

    /** index_reduce along dim 0 with a repeated index and a row that nothing reaches. */
    private static DynamicTest indexReduce(String reduce, boolean includeSelf) {
        Tensor index = Torch.tensor(new long[] {2, 0, 2}, 3);
        return gradcheck("index_reduce " + reduce + (includeSelf ? "" : " without self"),
                x -> x[0].index_reduce(0, index, x[1], reduce, includeSelf), input(0.5, 2, 4, 3), input(0.5, 2, 3, 3));
    }

    private static Tensor values(double... v) {
        return Torch.tensor(v, v.length).requiresGrad_(true);
    }

    @Test
    void conversionsAreDifferentiableAndGradientsComeBackInTheInputsDtype() {
        Tensor x = input(-1, 1, 3);
        Tensor y = x.to(org.jitdispatch.runtime.ScalarType.Float32).mul(Scalar.of(2));
        assertEquals("MulBackward0", y.gradFn().name());
        y.sum().backward();
        assertEquals(org.jitdispatch.runtime.ScalarType.Float64, x.grad().dtype());
        org.junit.jupiter.api.Assertions.assertArrayEquals(new double[] {2, 2, 2}, x.grad().toDoubleArray());
        assertTrue(x.to(org.jitdispatch.runtime.ScalarType.Float64) == x, "to() of the same dtype returns self");
    }

    @Test
    void anInputWithoutAFormulaMustNotRequireGrad() {
        Tensor weight = input(0.5, 2, 4);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Torch.nll_loss(input(-2, 0, 3, 4), Torch.tensor(new long[] {0, 3, 1}), weight, 1, -100));
        assertEquals("The function 'nll_loss_forward' is not differentiable with respect to argument 'weight'. This input"
                + " cannot have requires_grad True.", e.getMessage());
    }

    @Test
    void detachCutsTheHistory() {
        Tensor x = input(-1, 1, 3);
        Tensor d = x.mul(x).detach();
        assertTrue(d.isLeaf());
        assertEquals(false, d.requiresGrad());
    }

    @Test
    void aWrongFormulaIsCaught() {
        Tensor x = input(-1, 1, 3);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> GradCheck.check(t -> Torch.exp(t[0]).mul(Scalar.of(2)).add(noHistory(t[0])), x));
        assertTrue(e.getMessage().startsWith("Jacobian mismatch for output 0 with respect to input 0"), e.getMessage());
    }

    /** A differentiable-looking term whose history is cut, so autograd misses its gradient. */
    private static Tensor noHistory(Tensor t) {
        try (NoGrad g = NoGrad.enter()) {
            return t.mul(Scalar.of(3));
        }
    }

    @Test
    void noGradRecordsNothing() {
        Tensor x = input(-1, 1, 3);
        Tensor y;
        try (NoGrad g = NoGrad.enter()) {
            y = x.mul(x);
        }
        assertTrue(y.isLeaf());
        assertEquals(false, y.requiresGrad());
        Tensor z = x.mul(x);
        assertEquals("MulBackward0", z.gradFn().name());
    }
}
