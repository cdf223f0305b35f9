package org.jitdispatch.autograd;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.nn.SpatialTransforms;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorTesting;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Outputs and input gradients of every differentiable operator against real PyTorch
 * (autograd/gradients.json, made by kernels/src/test/python/make_grad_golden.py), in float64.
 */
class GoldenGradientsTest {
    private static final Map<String, BiFunction<Tensor[], JsonNode, Tensor>> OPS = Map.ofEntries(
            Map.entry("add", (x, a) -> x[0].add(x[1], Scalar.of(a.get(0).asDouble()))),
            Map.entry("sub", (x, a) -> x[0].sub(x[1])),
            Map.entry("mul", (x, a) -> x[0].mul(x[1])),
            Map.entry("div", (x, a) -> x[0].div(x[1])),
            Map.entry("neg", (x, a) -> x[0].neg()),
            Map.entry("exp", (x, a) -> x[0].exp()),
            Map.entry("log", (x, a) -> x[0].log()),
            Map.entry("sqrt", (x, a) -> x[0].sqrt()),
            Map.entry("sigmoid", (x, a) -> x[0].sigmoid()),
            Map.entry("tanh", (x, a) -> x[0].tanh()),
            Map.entry("relu", (x, a) -> Torch.relu(x[0])),
            Map.entry("pow", (x, a) -> x[0].pow(Scalar.of(a.get(0).asDouble()))),
            Map.entry("sum", (x, a) -> x[0].sum()),
            Map.entry("sum_dim", (x, a) -> Torch.sum(x[0], longs(a.get(0)), a.get(1).asBoolean(), null)),
            Map.entry("mean", (x, a) -> x[0].mean()),
            Map.entry("mm", (x, a) -> x[0].mm(x[1])),
            Map.entry("bmm", (x, a) -> x[0].bmm(x[1])),
            Map.entry("mv", (x, a) -> x[0].mv(x[1])),
            Map.entry("dot", (x, a) -> x[0].dot(x[1])),
            Map.entry("matmul", (x, a) -> Torch.matmul(x[0], x[1])),
            Map.entry("view", (x, a) -> x[0].view(longs(a.get(0)))),
            Map.entry("reshape_t", (x, a) -> x[0].transpose(0, 1).reshape(longs(a.get(0)))),
            Map.entry("transpose", (x, a) -> x[0].transpose(a.get(0).asLong(), a.get(1).asLong())),
            Map.entry("permute", (x, a) -> x[0].permute(longs(a.get(0)))),
            Map.entry("expand", (x, a) -> x[0].expand(longs(a.get(0)))),
            Map.entry("unsqueeze", (x, a) -> x[0].unsqueeze(a.get(0).asLong())),
            Map.entry("squeeze", (x, a) -> x[0].squeeze(a.get(0).asLong())),
            Map.entry("select", (x, a) -> x[0].select(a.get(0).asLong(), a.get(1).asLong())),
            Map.entry("slice", (x, a) -> Torch.slice(x[0], a.get(0).asLong(), a.get(1).asLong(), a.get(2).asLong(),
                    a.get(3).asLong())),
            Map.entry("narrow", (x, a) -> x[0].narrow(a.get(0).asLong(), a.get(1).asLong(), a.get(2).asLong())),
            Map.entry("flatten", (x, a) -> x[0].flatten(a.get(0).asLong(), a.get(1).asLong())),
            Map.entry("clone", (x, a) -> x[0].clone()),
            Map.entry("abs", (x, a) -> x[0].abs()),
            Map.entry("clamp", (x, a) -> Torch.clamp(x[0], Scalar.of(a.get(0).asDouble()), Scalar.of(a.get(1).asDouble()))),
            Map.entry("where", (x, a) -> Torch.where(Torch.tensor(booleans(a.get(0))), x[0], x[1])),
            Map.entry("mean_dim", (x, a) -> Torch.mean(x[0], longs(a.get(0)), a.get(1).asBoolean(), null)),
            Map.entry("div_mode", (x, a) -> Torch.div(x[0], x[1], null)),
            Map.entry("pow_tt", (x, a) -> x[0].pow(x[1])),
            Map.entry("pow_st", (x, a) -> Torch.pow(Scalar.of(a.get(0).asDouble()), x[0])),
            Map.entry("amax", (x, a) -> Torch.amax(x[0], longs(a.get(0)), a.get(1).asBoolean())),
            Map.entry("amin", (x, a) -> Torch.amin(x[0], longs(a.get(0)), a.get(1).asBoolean())),
            Map.entry("cat", (x, a) -> Torch.cat(new Tensor[] {x[0], x[1]}, a.get(0).asLong())),
            Map.entry("stack", (x, a) -> Torch.stack(new Tensor[] {x[0], x[1]}, a.get(0).asLong())),
            Map.entry("sum_dtype", (x, a) -> x[0].sum(ScalarType.valueOf(capitalized(a.get(0).asText())))),
            Map.entry("mean_dtype", (x, a) -> x[0].mean(ScalarType.valueOf(capitalized(a.get(0).asText())))),
            Map.entry("softmax", (x, a) -> x[0].softmax(a.get(0).asLong())),
            Map.entry("log_softmax", (x, a) -> x[0].log_softmax(a.get(0).asLong())),
            Map.entry("mse_loss", (x, a) -> Torch.mse_loss(x[0], x[1], a.get(0).asLong())),
            Map.entry("nll_loss", (x, a) -> Torch.nll_loss(x[0], Torch.tensor(longs(a.get(0))), null, a.get(1).asLong(),
                    -100)),
            Map.entry("cross_entropy", (x, a) -> Torch.cross_entropy_loss(x[0], classIndices(a.get(0)), null,
                    a.get(1).asLong(), -100, a.get(2).asDouble())),
            Map.entry("cross_entropy_probs", (x, a) -> Torch.cross_entropy_loss(x[0], x[1], null, a.get(0).asLong(), -100,
                    a.get(1).asDouble())),
            Map.entry("bce_logits", (x, a) -> Torch.binary_cross_entropy_with_logits(x[0], x[1], null, null,
                    a.get(0).asLong())),
            Map.entry("clamp_tt", (x, a) -> Torch.clamp(x[0], x[1], x[2])),
            Map.entry("linear_relu", (x, a) -> Torch.relu(x[0].mm(x[1]).add(x[2]))),
            Map.entry("t", (x, a) -> x[0].t()),
            Map.entry("addmm", (x, a) -> Torch.addmm(x[0], x[1], x[2], Scalar.of(a.get(0).asDouble()),
                    Scalar.of(a.get(1).asDouble()))),
            Map.entry("baddbmm", (x, a) -> Torch.baddbmm(x[0], x[1], x[2], Scalar.of(a.get(0).asDouble()),
                    Scalar.of(a.get(1).asDouble()))),
            Map.entry("linear", (x, a) -> Torch.linear(x[0], x[1], x[2])),
            Map.entry("conv2d", (x, a) -> Torch.conv2d(x[0], x[1], x.length > 2 ? x[2] : null, longs(a.get(0)),
                    longs(a.get(1)), longs(a.get(2)), a.get(3).asLong())),
            Map.entry("conv1d", (x, a) -> Torch.conv1d(x[0], x[1], x.length > 2 ? x[2] : null, longs(a.get(0)),
                    longs(a.get(1)), longs(a.get(2)), a.get(3).asLong())),
            Map.entry("max_pool2d", (x, a) -> Torch.max_pool2d(x[0], longs(a.get(0)), longs(a.get(1)), longs(a.get(2)),
                    longs(a.get(3)), a.get(4).asBoolean())),
            Map.entry("avg_pool2d", (x, a) -> Torch.avg_pool2d(x[0], longs(a.get(0)), longs(a.get(1)), longs(a.get(2)),
                    a.get(3).asBoolean(), a.get(4).asBoolean(), a.get(5).isNull() ? null : a.get(5).asLong())),
            Map.entry("adaptive_avg_pool2d", (x, a) -> Torch.adaptive_avg_pool2d(x[0], longs(a.get(0)))),
            Map.entry("adaptive_max_pool2d", (x, a) -> Torch.adaptive_max_pool2d(x[0], longs(a.get(0)))[0]),
            Map.entry("square", (x, a) -> Torch.square(x[0])),
            Map.entry("clamp_min", (x, a) -> Torch.clamp_min(x[0], Scalar.of(a.get(0).asDouble()))),
            Map.entry("addcmul", (x, a) -> Torch.addcmul(x[0], x[1], x[2], Scalar.of(a.get(0).asDouble()))),
            Map.entry("addcdiv", (x, a) -> Torch.addcdiv(x[0], x[1], x[2], Scalar.of(a.get(0).asDouble()))),
            Map.entry("outer", (x, a) -> Torch.outer(x[0], x[1])),
            Map.entry("lerp", (x, a) -> Torch.lerp(x[0], x[1], Scalar.of(a.get(0).asDouble()))),
            Map.entry("lerp_t", (x, a) -> Torch.lerp(x[0], x[1], x[2])),
            Map.entry("expm1", (x, a) -> Torch.expm1(x[0])),
            Map.entry("log2", (x, a) -> Torch.log2(x[0])),
            Map.entry("log10", (x, a) -> Torch.log10(x[0])),
            Map.entry("sinh", (x, a) -> Torch.sinh(x[0])),
            Map.entry("cosh", (x, a) -> Torch.cosh(x[0])),
            Map.entry("atan", (x, a) -> Torch.atan(x[0])),
            Map.entry("asin", (x, a) -> Torch.asin(x[0])),
            Map.entry("acos", (x, a) -> Torch.acos(x[0])),
            Map.entry("tan", (x, a) -> Torch.tan(x[0])),
            Map.entry("sign", (x, a) -> Torch.sign(x[0])),
            Map.entry("trunc", (x, a) -> Torch.trunc(x[0])),
            Map.entry("atan2", (x, a) -> Torch.atan2(x[0], x[1])),
            Map.entry("softplus", (x, a) -> Torch.softplus(x[0], Scalar.of(a.get(0).asDouble()),
                    Scalar.of(a.get(1).asDouble()))),
            Map.entry("elu", (x, a) -> Torch.elu(x[0], Scalar.of(a.get(0).asDouble()), Scalar.of(a.get(1).asDouble()),
                    Scalar.of(a.get(2).asDouble()))),
            Map.entry("selu", (x, a) -> Torch.selu(x[0])),
            Map.entry("celu", (x, a) -> Torch.celu(x[0], Scalar.of(a.get(0).asDouble()))),
            Map.entry("hardswish", (x, a) -> Torch.hardswish(x[0])),
            Map.entry("hardsigmoid", (x, a) -> Torch.hardsigmoid(x[0])),
            Map.entry("relu6", (x, a) -> Torch.relu6(x[0])),
            Map.entry("mish", (x, a) -> Torch.mish(x[0])),
            Map.entry("movedim", (x, a) -> Torch.movedim(x[0], longs(a.get(0)), longs(a.get(1)))),
            Map.entry("unflatten", (x, a) -> Torch.unflatten(x[0], a.get(0).asLong(), longs(a.get(1)))),
            Map.entry("diagonal", (x, a) -> Torch.diagonal(x[0], a.get(0).asLong(), a.get(1).asLong(), a.get(2).asLong())),
            Map.entry("diag", (x, a) -> Torch.diag(x[0], a.get(0).asLong())),
            Map.entry("diag_embed", (x, a) -> Torch.diag_embed(x[0], a.get(0).asLong(), a.get(1).asLong(),
                    a.get(2).asLong())),
            Map.entry("constant_pad_nd", (x, a) -> Torch.constant_pad_nd(x[0], longs(a.get(0)),
                    Scalar.of(a.get(1).asDouble()))),
            Map.entry("cumprod", (x, a) -> Torch.cumprod(x[0], a.get(0).asLong(), null)),
            Map.entry("l1_loss", (x, a) -> Torch.l1_loss(x[0], x[1], a.get(0).asLong())),
            Map.entry("smooth_l1_loss", (x, a) -> Torch.smooth_l1_loss(x[0], x[1], a.get(0).asLong(), a.get(1).asDouble())),
            Map.entry("huber_loss", (x, a) -> Torch.huber_loss(x[0], x[1], a.get(0).asLong(), a.get(1).asDouble())),
            Map.entry("kl_div", (x, a) -> Torch.kl_div(x[0], x[1], a.get(0).asLong(), a.get(1).asBoolean())),
            Map.entry("binary_cross_entropy", (x, a) -> Torch.binary_cross_entropy(x[0], doubleMatrix(a.get(0)),
                    doubleMatrix(a.get(1)), a.get(2).asLong())),
            Map.entry("upsample_nearest2d", (x, a) -> Torch.upsample_nearest2d(x[0], longs(a.get(0)), null, null)),
            Map.entry("upsample_bilinear2d", (x, a) -> Torch.upsample_bilinear2d(x[0], longs(a.get(0)),
                    a.get(1).asBoolean(), null, null)),
            Map.entry("einsum", (x, a) -> Torch.einsum(a.get(0).asText(), x, null)),
            Map.entry("xlogy", (x, a) -> Torch.xlogy(x[0], x[1])),
            Map.entry("cosine_similarity", (x, a) -> Torch.cosine_similarity(x[0], x[1], a.get(0).asLong(), 1e-8)),
            Map.entry("pairwise_distance", (x, a) -> Torch.pairwise_distance(x[0], x[1], a.get(0).asDouble(), 1e-6,
                    false)),
            Map.entry("trace", (x, a) -> Torch.trace(x[0])),
            Map.entry("rsub", (x, a) -> Torch.rsub(x[0], x[1], Scalar.of(a.get(0).asDouble()))),
            Map.entry("where_scalar", (x, a) -> Torch.where(booleanMatrix(a.get(0)), x[0], Scalar.of(a.get(1).asDouble()))),
            Map.entry("var_mean", (x, a) -> {
                Tensor[] vm = Torch.var_mean(x[0], longs(a.get(0)), (Long) null, false);
                return vm[0].mul(Scalar.of(2)).add(vm[1]);
            }),
            Map.entry("addcmul_clone", (x, a) -> x[0].clone().addcmul_(x[1], x[2], Scalar.of(a.get(0).asDouble()))),
            Map.entry("lerp_clone", (x, a) -> x[0].clone().lerp_(x[1], Scalar.of(a.get(0).asDouble()))),
            Map.entry("median_all", (x, a) -> Torch.median(x[0])),
            Map.entry("median_dim", (x, a) -> Torch.median(x[0], a.get(0).asLong(), false)[0]),
            Map.entry("kthvalue", (x, a) -> Torch.kthvalue(x[0], a.get(0).asLong(), a.get(1).asLong(), false)[0]),
            Map.entry("kron", (x, a) -> Torch.kron(x[0], x[1])),
            Map.entry("tensordot", (x, a) -> Torch.tensordot(x[0], x[1], longs(a.get(0)), longs(a.get(1)))),
            Map.entry("repeat_interleave", (x, a) -> Torch.repeat_interleave(x[0], Torch.tensor(longs(a.get(0))),
                    a.get(1).asLong(), null)),
            Map.entry("take_along_dim", (x, a) -> Torch.take_along_dim(x[0], classIndices(a.get(0)), a.get(1).asLong())),
            Map.entry("diff", (x, a) -> Torch.diff(x[0], a.get(0).asLong(), a.get(1).asLong(), null, null)),
            Map.entry("frac", (x, a) -> Torch.frac(x[0])),
            Map.entry("exp2", (x, a) -> Torch.exp2(x[0])),
            Map.entry("logit", (x, a) -> Torch.logit(x[0])),
            Map.entry("logit_eps", (x, a) -> Torch.logit(x[0], a.get(0).asDouble())),
            Map.entry("hypot", (x, a) -> Torch.hypot(x[0], x[1])),
            Map.entry("copysign", (x, a) -> Torch.copysign(x[0], x[1])),
            Map.entry("logaddexp", (x, a) -> Torch.logaddexp(x[0], x[1])),
            Map.entry("logaddexp2", (x, a) -> Torch.logaddexp2(x[0], x[1])),
            Map.entry("nan_to_num", (x, a) -> Torch.nan_to_num(x[0])),
            Map.entry("float_power", (x, a) -> Torch.float_power(x[0], x[1])),
            Map.entry("prelu", (x, a) -> Torch.prelu(x[0], x[1])),
            Map.entry("glu", (x, a) -> Torch.glu(x[0], a.get(0).asLong())),
            Map.entry("log_sigmoid", (x, a) -> Torch.log_sigmoid(x[0])),
            Map.entry("cdist", (x, a) -> Torch.cdist(x[0], x[1], a.get(0).asDouble(), null)),
            Map.entry("linalg_cross", (x, a) -> Torch.linalg_cross(x[0], x[1], -1)),
            Map.entry("cummax", (x, a) -> Torch.cummax(x[0], a.get(0).asLong())[0]),
            Map.entry("cummin", (x, a) -> Torch.cummin(x[0], a.get(0).asLong())[0]),
            Map.entry("logcumsumexp", (x, a) -> Torch.logcumsumexp(x[0], a.get(0).asLong())),
            Map.entry("lgamma", (x, a) -> Torch.lgamma(x[0])),
            Map.entry("erfinv", (x, a) -> Torch.erfinv(x[0])),
            Map.entry("max_pool1d", (x, a) -> Torch.max_pool1d(x[0], longs(a.get(0)), longs(a.get(1)), longs(a.get(2)),
                    new long[] {1}, false)),
            Map.entry("avg_pool1d", (x, a) -> Torch.avg_pool1d(x[0], longs(a.get(0)), longs(a.get(1)), longs(a.get(2)),
                    false, true)),
            Map.entry("adaptive_avg_pool1d", (x, a) -> Torch.adaptive_avg_pool1d(x[0], longs(a.get(0)))),
            Map.entry("linalg_inv", (x, a) -> Torch.linalg_inv(x[0])),
            Map.entry("inverse", (x, a) -> x[0].inverse()),
            Map.entry("linalg_det", (x, a) -> Torch.linalg_det(x[0])),
            Map.entry("linalg_slogdet", (x, a) -> Torch.linalg_slogdet(x[0])[1]),
            Map.entry("logdet", (x, a) -> x[0].logdet()),
            Map.entry("linalg_solve", (x, a) -> Torch.linalg_solve(x[0], x[1], a.get(0).asBoolean())),
            Map.entry("linalg_cholesky", (x, a) -> Torch.linalg_cholesky(x[0], a.get(0).asBoolean())),
            Map.entry("digamma", (x, a) -> Torch.digamma(x[0])),
            Map.entry("polygamma", (x, a) -> Torch.polygamma(a.get(0).asLong(), x[0])),
            Map.entry("erfc", (x, a) -> Torch.erfc(x[0])),
            Map.entry("binary_cross_entropy_target", (x, a) -> Torch.binary_cross_entropy(x[0], x[1], null, a.get(0).asLong())),
            Map.entry("upsample_bicubic2d",
                    (x, a) -> Torch.upsample_bicubic2d(x[0], longs(a.get(0)), a.get(1).asBoolean(), null, null)),
            Map.entry("linalg_solve_triangular", (x, a) -> Torch.linalg_solve_triangular(x[0], x[1],
                    a.get(0).asBoolean(), a.get(1).asBoolean(), a.get(2).asBoolean())),
            Map.entry("cholesky_solve", (x, a) -> Torch.cholesky_solve(x[0], x[1], a.get(0).asBoolean())),
            Map.entry("cholesky_inverse", (x, a) -> Torch.cholesky_inverse(x[0], a.get(0).asBoolean())),
            Map.entry("linalg_eigh squared vectors", (x, a) -> {
                Tensor[] r = Torch.linalg_eigh(x[0], a.get(0).asText());
                return r[0].unsqueeze(-2).mul(r[1]).mul(r[1]).add(r[0].unsqueeze(-1));
            }),
            Map.entry("linalg_eigh vector outer products", (x, a) -> {
                Tensor v = Torch.linalg_eigh(x[0], a.get(0).asText())[1];
                return Torch.matmul(v.mul(Torch.tensor(new double[] {1, 2, 3})), v.transpose(-2, -1));
            }),
            Map.entry("linalg_eigvalsh", (x, a) -> Torch.linalg_eigvalsh(x[0], a.get(0).asText())),
            Map.entry("linalg_qr Q and R", (x, a) -> {
                Tensor[] qr = Torch.linalg_qr(x[0], a.get(0).asText());
                return Torch.cat(qr, qr[0].size(qr[0].dim() - 1) == qr[1].size(qr[1].dim() - 1) ? -2 : -1);
            }),
            Map.entry("linalg_qr Q", (x, a) -> Torch.linalg_qr(x[0], a.get(0).asText())[0]),
            Map.entry("linalg_qr R", (x, a) -> Torch.linalg_qr(x[0], a.get(0).asText())[1]),
            Map.entry("linalg_svd weighted product", (x, a) -> {
                Tensor[] usv = Torch.linalg_svd(x[0], a.get(0).asBoolean(), null);
                long k = usv[1].size(usv[1].dim() - 1);
                return Torch.matmul(usv[0].narrow(-1, 0, k).mul(usv[1].pow(Scalar.of(2)).unsqueeze(-2)), usv[2]);
            }),
            Map.entry("linalg_svd squared U", (x, a) -> {
                Tensor[] usv = Torch.linalg_svd(x[0], a.get(0).asBoolean(), null);
                return usv[0].mul(usv[0]).mul(usv[1]);
            }),
            Map.entry("linalg_svd squared Vh", (x, a) -> {
                Tensor[] usv = Torch.linalg_svd(x[0], a.get(0).asBoolean(), null);
                return usv[2].mul(usv[2]).mul(usv[1].unsqueeze(-1));
            }),
            Map.entry("linalg_svdvals", (x, a) -> Torch.linalg_svdvals(x[0], null)),
            Map.entry("linalg_pinv", (x, a) -> Torch.linalg_pinv(x[0], (Tensor) null, (Tensor) null, a.get(0).asBoolean())),
            Map.entry("linalg_lstsq", (x, a) -> Torch.linalg_lstsq(x[0], x[1], null, null)[0]),
            Map.entry("linalg_matrix_norm spectral", (x, a) -> Torch.linalg_matrix_norm(x[0],
                    Scalar.of(a.get(0).asDouble()), new long[] {-2, -1}, false, null)),
            Map.entry("linalg_matrix_norm nuc", (x, a) -> Torch.linalg_matrix_norm(x[0], "nuc", new long[] {-2, -1},
                    false, null)),
            Map.entry("linalg_cond", (x, a) -> Torch.linalg_cond(x[0], (Scalar) null)),
            Map.entry("svd squared U and V", (x, a) -> {
                Tensor[] usv = Torch.svd(x[0], true, true);
                return usv[0].mul(usv[0]).mul(usv[1]).add(usv[2].mul(usv[2]).sum(new long[] {-2}, false, null));
            }),
            Map.entry("linalg_vector_norm", (x, a) -> Torch.linalg_vector_norm(x[0], Scalar.of(a.get(0).asDouble()),
                    longs(a.get(1)), false, null)),
            Map.entry("linalg_matrix_norm", (x, a) -> Torch.linalg_matrix_norm(x[0],
                    Scalar.of(a.get(0).asText().equals("inf") ? Double.POSITIVE_INFINITY : a.get(0).asDouble()),
                    new long[] {-2, -1}, false, null)),
            Map.entry("linalg_matrix_power", (x, a) -> Torch.linalg_matrix_power(x[0], a.get(0).asLong())),
            Map.entry("grid_sample", (x, a) -> SpatialTransforms.gridSample(x[0], x[1], a.get(0).asText(),
                    a.get(1).asText(), a.get(2).asBoolean())),
            Map.entry("affine_grid", (x, a) -> SpatialTransforms.affineGrid(x[0], longs(a.get(0)), a.get(1).asBoolean())),
            Map.entry("spatial transformer", (x, a) -> SpatialTransforms.gridSample(x[0],
                    SpatialTransforms.affineGrid(x[1], longs(a.get(0)), false), "bilinear", "reflection", false)),
            Map.entry("addmv", (x, a) -> Torch.addmv(x[0], x[1], x[2], Scalar.of(a.get(0).asDouble()),
                    Scalar.of(a.get(1).asDouble()))),
            Map.entry("addr", (x, a) -> Torch.addr(x[0], x[1], x[2], Scalar.of(a.get(0).asDouble()),
                    Scalar.of(a.get(1).asDouble()))),
            Map.entry("linalg_multi_dot", (x, a) -> Torch.linalg_multi_dot(x)),
            Map.entry("nansum", (x, a) -> Torch.nansum(x[0], new long[] {1}, false, null)),
            Map.entry("sinc", (x, a) -> Torch.sinc(x[0])),
            Map.entry("cov", (x, a) -> Torch.cov(x[0], 1, null, null)),
            Map.entry("corrcoef", (x, a) -> Torch.corrcoef(x[0])),
            Map.entry("block_diag", (x, a) -> Torch.block_diag(x)),
            Map.entry("upsample_trilinear3d", (x, a) -> Torch.upsample_trilinear3d(x[0], longs(a.get(0)),
                    a.get(1).asBoolean(), null, null, null)),
            Map.entry("upsample_nearest3d", (x, a) -> Torch.upsample_nearest3d(x[0], longs(a.get(0)), null, null, null)),
            Map.entry("upsample_linear1d",
                    (x, a) -> Torch.upsample_linear1d(x[0], longs(a.get(0)), a.get(1).asBoolean(), (Double) null)),
            Map.entry("pad", (x, a) -> Torch.pad(x[0], longs(a.get(0)), a.get(1).asText(), null)),
            Map.entry("max", (x, a) -> x[0].max()),
            Map.entry("min", (x, a) -> x[0].min()),
            Map.entry("max_dim", (x, a) -> x[0].max(a.get(0).asLong(), a.get(1).asBoolean())[0]),
            Map.entry("min_dim", (x, a) -> x[0].min(a.get(0).asLong(), a.get(1).asBoolean())[0]),
            Map.entry("maximum", (x, a) -> x[0].maximum(x[1])),
            Map.entry("minimum", (x, a) -> x[0].minimum(x[1])),
            Map.entry("var", (x, a) -> x[0].var(a.get(0).isNull() ? null : longs(a.get(0)), a.get(1).asLong(),
                    a.get(2).asBoolean())),
            Map.entry("std", (x, a) -> x[0].std(longs(a.get(0)), a.get(1).asLong(), a.get(2).asBoolean())),
            Map.entry("prod", (x, a) -> x[0].prod()),
            Map.entry("prod_dim", (x, a) -> x[0].prod(a.get(0).asLong(), a.get(1).asBoolean(), null)),
            Map.entry("cumsum", (x, a) -> x[0].cumsum(a.get(0).asLong())),
            Map.entry("logsumexp", (x, a) -> x[0].logsumexp(longs(a.get(0)), a.get(1).asBoolean())),
            Map.entry("norm", (x, a) -> x[0].norm(Scalar.of(a.get(0).asDouble()))),
            Map.entry("norm_dim", (x, a) -> x[0].norm(Scalar.of(a.get(0).asDouble()), longs(a.get(1)), a.get(2).asBoolean())),
            Map.entry("gather", (x, a) -> x[0].gather(a.get(0).asLong(), classIndices(a.get(1)))),
            Map.entry("scatter", (x, a) -> x[0].scatter(a.get(0).asLong(), classIndices(a.get(1)), x[1])),
            Map.entry("scatter_add", (x, a) -> x[0].scatter_add(a.get(0).asLong(), classIndices(a.get(1)), x[1])),
            Map.entry("masked_fill", (x, a) -> x[0].masked_fill(Torch.tensor(booleans(a.get(0))), x[1])),
            Map.entry("layer_norm", (x, a) -> Torch.layer_norm(x[0], longs(a.get(0)), x[1], x[2], a.get(1).asDouble(),
                    true)),
            Map.entry("layer_norm_w", (x, a) -> Torch.layer_norm(x[0], longs(a.get(0)), x[1], null, a.get(1).asDouble(),
                    true)),
            Map.entry("batch_norm_train", (x, a) -> Torch.batch_norm(x[0], x[1], x[2],
                    Torch.zeros(new long[] {x[0].size(1)}, x[0].dtype()), Torch.ones(new long[] {x[0].size(1)}, x[0].dtype()),
                    true, a.get(0).asDouble(), a.get(1).asDouble(), true)),
            Map.entry("batch_norm_eval", (x, a) -> Torch.batch_norm(x[0], x[1], x[2], Torch.tensor(doubles(a.get(0))),
                    Torch.tensor(doubles(a.get(1))), false, 0.1, a.get(2).asDouble(), true)),
            Map.entry("embedding", (x, a) -> Torch.embedding(x[0], classIndices(a.get(0)), a.get(1).asLong(),
                    a.get(2).asBoolean(), false)),
            Map.entry("index_select", (x, a) -> x[0].index_select(a.get(0).asLong(), Torch.tensor(longs(a.get(1))))),
            Map.entry("gelu", (x, a) -> Torch.gelu(x[0], a.get(0).asText())),
            Map.entry("silu", (x, a) -> Torch.silu(x[0])),
            Map.entry("leaky_relu", (x, a) -> Torch.leaky_relu(x[0], Scalar.of(a.get(0).asDouble()))),
            Map.entry("hardtanh", (x, a) -> Torch.hardtanh(x[0], Scalar.of(a.get(0).asDouble()),
                    Scalar.of(a.get(1).asDouble()))),
            Map.entry("floor", (x, a) -> x[0].floor()),
            Map.entry("sin", (x, a) -> x[0].sin()),
            Map.entry("cos", (x, a) -> x[0].cos()),
            Map.entry("rsqrt", (x, a) -> x[0].rsqrt()),
            Map.entry("reciprocal", (x, a) -> x[0].reciprocal()),
            Map.entry("log1p", (x, a) -> x[0].log1p()),
            Map.entry("erf", (x, a) -> x[0].erf()),
            Map.entry("remainder", (x, a) -> x[0].remainder(x[1])),
            Map.entry("fmod", (x, a) -> x[0].fmod(x[1])),
            Map.entry("tril", (x, a) -> x[0].tril(a.get(0).asLong())),
            Map.entry("triu", (x, a) -> x[0].triu(a.get(0).asLong())),
            Map.entry("flip", (x, a) -> x[0].flip(longs(a.get(0)))),
            Map.entry("roll", (x, a) -> x[0].roll(longs(a.get(0)), longs(a.get(1)))),
            Map.entry("repeat", (x, a) -> x[0].repeat(longs(a.get(0)))),
            Map.entry("split", (x, a) -> weighted(x[0].split(a.get(0).asLong(), a.get(1).asLong()), a.get(1).asLong(), false)),
            Map.entry("chunk", (x, a) -> weighted(x[0].chunk(a.get(0).asLong(), a.get(1).asLong()), a.get(1).asLong(), false)),
            Map.entry("unbind", (x, a) -> weighted(x[0].unbind(a.get(0).asLong()), 0, true)),
            Map.entry("sort", (x, a) -> x[0].sort(a.get(0).asLong(), a.get(1).asBoolean())[0]),
            Map.entry("sort_stable", (x, a) -> x[0].sort(Boolean.TRUE, a.get(0).asLong(), false)[0]),
            Map.entry("topk", (x, a) -> x[0].topk(a.get(0).asLong(), a.get(1).asLong(), a.get(2).asBoolean())[0]),
            Map.entry("index", (x, a) -> x[0].index(new Tensor[] {Torch.tensor(longs(a.get(0)))})),
            Map.entry("index2", (x, a) -> x[0].index(new Tensor[] {Torch.tensor(longs(a.get(0))), Torch.tensor(longs(a.get(1)))})),
            Map.entry("masked_select", (x, a) -> x[0].masked_select(booleanMatrix(a.get(0)))),
            Map.entry("split_with_sizes", (x, a) -> weighted(x[0].split_with_sizes(longs(a.get(0)),
                    a.get(1).asLong()), a.get(1).asLong(), false)),
            Map.entry("masked_scatter", (x, a) -> x[0].masked_scatter(booleanMatrix(a.get(0)), x[1])),
            Map.entry("index_fill", (x, a) -> x[0].index_fill(a.get(0).asLong(), Torch.tensor(longs(a.get(1))),
                    Scalar.of(a.get(2).asDouble()))),
            Map.entry("index_fill_t", (x, a) -> x[0].index_fill(a.get(0).asLong(), Torch.tensor(longs(a.get(1))), x[1])),
            Map.entry("index_copy", (x, a) -> x[0].index_copy(a.get(0).asLong(), Torch.tensor(longs(a.get(1))), x[1])),
            Map.entry("take", (x, a) -> x[0].take(classIndices(a.get(0)))),
            Map.entry("put", (x, a) -> x[0].put(Torch.tensor(longs(a.get(0))), x[1], a.get(1).asBoolean())),
            Map.entry("index_add", (x, a) -> x[0].index_add(a.get(0).asLong(), Torch.tensor(longs(a.get(1))), x[1],
                    Scalar.of(a.get(2).asDouble()))),
            Map.entry("index_put", (x, a) -> x[0].index_put(new Tensor[] {Torch.tensor(longs(a.get(0)))}, x[1],
                    a.get(1).asBoolean())));

    /** The pieces of split, chunk or unbind, the i-th times i + 1, concatenated (or stacked) back along dim. */
    private static Tensor weighted(Tensor[] pieces, long dim, boolean stack) {
        Tensor[] scaled = new Tensor[pieces.length];
        for (int i = 0; i < pieces.length; i++) {
            scaled[i] = pieces[i].mul(Scalar.of(i + 1));
        }
        return stack ? Torch.stack(scaled, dim) : Torch.cat(scaled, dim);
    }

    @TestFactory
    Stream<DynamicTest> gradientsMatchPyTorch() throws Exception {
        JsonNode root;
        try (InputStream in = getClass().getResourceAsStream("/autograd/gradients.json")) {
            // NaN inputs (nansum's) are written as Python's json writes them
            root = JsonMapper.builder().enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build().readTree(in);
        }
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode c : root.get("cases")) {
            tests.add(DynamicTest.dynamicTest(c.get("name").asText(), () -> run(c)));
        }
        assertEquals(344, tests.size(), "gradients.json lost cases");
        return tests.stream();
    }

    private static void run(JsonNode c) {
        String op = c.get("op").asText();
        BiFunction<Tensor[], JsonNode, Tensor> fn = OPS.get(op);
        if (fn == null) {
            throw new AssertionError("no Java call for golden op " + op);
        }
        JsonNode ins = c.get("inputs");
        Tensor[] x = new Tensor[ins.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = tensor(ins.get(i)).requiresGrad_(true);
        }
        Tensor y = fn.apply(x, c.get("args"));
        assertMatches(y.contiguous().detach(), c.get("output"), "output");
        y.backward(tensor(c.get("upstream")));
        for (int i = 0; i < x.length; i++) {
            assertMatches(x[i].grad(), c.get("grads").get(i), "gradient of input " + i);
        }
    }

    /** Same dtype (gradients come back in their input's dtype) and values within the dtype's tolerance. */
    private static void assertMatches(Tensor actual, JsonNode expected, String what) {
        Tensor want = tensor(expected);
        assertEquals(want.dtype(), actual.dtype(), what + " dtype");
        double tolerance = want.dtype() == ScalarType.Float32 ? 1e-5 : 1e-9;
        TensorTesting.assertClose(actual, want, tolerance, tolerance);
    }

    private static String capitalized(String dtypeName) {
        return Character.toUpperCase(dtypeName.charAt(0)) + dtypeName.substring(1);
    }

    private static Tensor tensor(JsonNode t) {
        JsonNode data = t.get("data");
        double[] v = new double[data.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = data.get(i).asDouble();
        }
        Tensor values = Torch.tensor(v).view(longs(t.get("sizes")));
        JsonNode dtype = t.get("dtype");
        return dtype == null ? values : values.to(ScalarType.valueOf(capitalized(dtype.asText())));
    }

    private static long[] longs(JsonNode array) {
        long[] out = new long[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = array.get(i).asLong();
        }
        return out;
    }

    /** Class indices given as a (nested) JSON list, as an int64 tensor of the list's shape. */
    private static Tensor classIndices(JsonNode list) {
        if (!list.get(0).isArray()) {
            return Torch.tensor(longs(list));
        }
        long[] flat = new long[list.size() * list.get(0).size()];
        for (int i = 0, k = 0; i < list.size(); i++) {
            for (JsonNode v : list.get(i)) {
                flat[k++] = v.asLong();
            }
        }
        return Torch.tensor(flat, list.size(), list.get(0).size());
    }

    private static double[] doubles(JsonNode array) {
        double[] out = new double[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = array.get(i).asDouble();
        }
        return out;
    }

    /** A 2-d list of numbers as a float64 tensor of its shape. */
    private static Tensor doubleMatrix(JsonNode rows) {
        double[] flat = new double[rows.size() * rows.get(0).size()];
        for (int i = 0, k = 0; i < rows.size(); i++) {
            for (JsonNode v : rows.get(i)) {
                flat[k++] = v.asDouble();
            }
        }
        return Torch.tensor(flat, rows.size(), rows.get(0).size());
    }

    /** A 2-d list of booleans as a bool tensor of its shape. */
    private static Tensor booleanMatrix(JsonNode rows) {
        boolean[] flat = new boolean[rows.size() * rows.get(0).size()];
        for (int i = 0, k = 0; i < rows.size(); i++) {
            for (JsonNode v : rows.get(i)) {
                flat[k++] = v.asBoolean();
            }
        }
        return Torch.tensor(flat, rows.size(), rows.get(0).size());
    }

    private static boolean[] booleans(JsonNode array) {
        boolean[] out = new boolean[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = array.get(i).asBoolean();
        }
        return out;
    }
}
