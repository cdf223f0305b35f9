package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * The connectionist temporal classification loss, as ATen 1.13's LossCTC.cpp: the CPU kernels {@code _ctc_loss}
 * (each sample's negative log likelihood and the log_alpha table) and {@code _ctc_loss_backward}, whose
 * recursions are {@link CtcAlignment}'s and whose argument checks are {@link CtcTargets}', and the composite
 * {@code ctc_loss} that users call: unbatched 2-D log_probs, targets of any dtype (taken as int64), infinite losses
 * zeroed on request, and the reduction. {@code reduction} is ATen's enum: 1 mean, 2 sum, anything else none (ATen
 * does not check it).
 */
public final class CtcLoss implements CtcLossDeclarations {
    private static final long MEAN = 1;
    private static final long SUM = 2;

    @Override
    public Tensor ctc_loss(Tensor logProbs, Tensor targets, long[] inputLengths, long[] targetLengths,
            long blank, long reduction, boolean zeroInfinity) {
        boolean batched = logProbs.dim() == 3;
        Tensor input = batched ? logProbs : logProbs.unsqueeze(1); // [T, C] is one sample, [C] a malformed one
        Tensor res = Torch._ctc_loss(input, targets.to(ScalarType.Int64), inputLengths, targetLengths, blank,
                zeroInfinity)[0];
        if (zeroInfinity) {
            res = Torch.where(res.eq(Scalar.of(Double.POSITIVE_INFINITY)),
                    Torch.zeros(new long[0], res.dtype()), res);
        }
        if (reduction == MEAN) {
            // each loss per label of its target (an empty target counts as one), then the mean over the batch
            Tensor lengths = Torch.tensor(targetLengths, targetLengths.length).to(res.dtype()).clamp_min(Scalar.of(1));
            return res.div(lengths).mean();
        }
        if (reduction == SUM) {
            return res.sum();
        }
        return batched ? res : res.squeeze(0);
    }

    /** ctc_loss with the lengths as tensors of any integral dtype and shape, read as int64 lists. */
    @Override
    public Tensor ctc_loss(Tensor logProbs, Tensor targets, Tensor inputLengths, Tensor targetLengths,
            long blank, long reduction, boolean zeroInfinity) {
        return Torch.ctc_loss(logProbs, targets, lengths(inputLengths, "input_lengths"),
                lengths(targetLengths, "target_lengths"), blank, reduction, zeroInfinity);
    }

    @Override
    public Tensor[] _ctc_loss(Tensor logProbs, Tensor targets, Tensor inputLengths, Tensor targetLengths,
            long blank, boolean zeroInfinity) {
        return Torch._ctc_loss(logProbs, targets, lengths(inputLengths, "input_lengths"),
                lengths(targetLengths, "target_lengths"), blank, zeroInfinity);
    }

    @Override
    public Tensor _ctc_loss_backward(Tensor grad, Tensor logProbs, Tensor targets, Tensor inputLengths,
            Tensor targetLengths, Tensor negLogLikelihood, Tensor logAlpha, long blank, boolean zeroInfinity) {
        return Torch._ctc_loss_backward(grad, logProbs, targets, lengths(inputLengths, "input_lengths"),
                lengths(targetLengths, "target_lengths"), negLogLikelihood, logAlpha, blank, zeroInfinity);
    }

    /**
     * {@code (neg_log_likelihood [batch], log_alpha [batch, T, 2 * max(target_lengths) + 1])}, of log_probs'
     * dtype. {@code zero_infinity} matters only to the backward.
     */
    @Override
    public Tensor[] ctc_loss_cpu(Tensor logProbs, Tensor targets, long[] inputLengths, long[] targetLengths,
            long blank, boolean zeroInfinity) {
        ScalarType dtype = floating(logProbs, "ctc_loss_cpu");
        CtcTargets args = CtcTargets.check(logProbs, targets, inputLengths, targetLengths, blank);
        CtcAlignment alignment = new CtcAlignment(args, logProbs.toDoubleArray(), dtype == ScalarType.Float32);
        double[] logAlpha = new double[args.batch * args.inputFrames * alignment.width()];
        double[] nll = alignment.forward(logAlpha);
        return new Tensor[] {
            of(nll, dtype, args.batch),
            of(logAlpha, dtype, args.batch, args.inputFrames, alignment.width())
        };
    }

    /**
     * The gradient with respect to log_probs (contiguous, of its sizes). ATen's checks come first, in the order its
     * kernel meets them (the dtype dispatch, log_alpha's, the targets', neg_log_likelihood's and grad's accessors);
     * then the forward's argument checks and the sizes of the forward's results, which ATen assumes and does not
     * check.
     */
    @Override
    public Tensor ctc_loss_backward_cpu(Tensor grad, Tensor logProbs, Tensor targets, long[] inputLengths,
            long[] targetLengths, Tensor negLogLikelihood, Tensor logAlpha, long blank, boolean zeroInfinity) {
        ScalarType dtype = floating(logProbs, "ctc_loss_backward_cpu");
        accessor(logAlpha, 3, dtype);
        ScalarType targetType = targets.dtype() == ScalarType.Int64 ? ScalarType.Int64 : ScalarType.Int32;
        expectScalarType(targets, targetType);
        accessor(negLogLikelihood, 1, dtype);
        accessor(grad, 1, dtype);
        CtcTargets args = CtcTargets.check(logProbs, targets, inputLengths, targetLengths, blank);
        CtcAlignment alignment = new CtcAlignment(args, logProbs.toDoubleArray(), dtype == ScalarType.Float32);
        checkPerSample("grad", grad, args.batch);
        checkPerSample("neg_log_likelihood", negLogLikelihood, args.batch);
        if (logAlpha.size(0) != args.batch || logAlpha.size(1) != args.inputFrames
                || logAlpha.size(2) < alignment.width()) {
            throw new IllegalArgumentException("Expected log_alpha of sizes [" + args.batch + ", " + args.inputFrames
                    + ", at least " + alignment.width() + "] (batch, input frames, 2 * max target length + 1), but got "
                    + Arrays.toString(logAlpha.sizes()));
        }
        double[] alpha = logAlpha.narrow(2, 0, alignment.width()).toDoubleArray();
        double[] gradient = alignment.backward(grad.toDoubleArray(), negLogLikelihood.toDoubleArray(), alpha,
                zeroInfinity);
        return of(gradient, dtype, logProbs.sizes());
    }

    // ---------------------------------------------------------------- helpers

    /** AT_DISPATCH_FLOATING_TYPES: float32 and float64 only. */
    private static ScalarType floating(Tensor logProbs, String kernel) {
        ScalarType dtype = logProbs.dtype();
        if (dtype != ScalarType.Float32 && dtype != ScalarType.Float64) {
            throw Elementwise.notImplemented(kernel, dtype);
        }
        return dtype;
    }

    /** The checks of ATen's {@code tensor.accessor<scalar_t, dims>()}: the dims, then the dtype. */
    private static void accessor(Tensor t, int dims, ScalarType dtype) {
        if (t.dim() != dims) {
            throw new IllegalArgumentException("TensorAccessor expected " + dims + " dims but tensor has " + t.dim());
        }
        expectScalarType(t, dtype);
    }

    private static void expectScalarType(Tensor t, ScalarType dtype) {
        if (t.dtype() != dtype) {
            throw new IllegalArgumentException("expected scalar type " + dtype.c10Name() + " but found "
                    + t.dtype().c10Name());
        }
    }

    private static void checkPerSample(String name, Tensor t, int batch) {
        if (t.size(0) != batch) {
            throw new IllegalArgumentException("Expected " + name + " to hold one value per sample, " + batch
                    + ", but got sizes " + Arrays.toString(t.sizes()));
        }
    }

    /** ATen's conversion of a lengths tensor to an int64 list: any integral dtype (not bool), every element. */
    private static long[] lengths(Tensor lengths, String name) {
        if (!lengths.dtype().isIntegral(false)) {
            throw new IllegalArgumentException(name + " must be integral");
        }
        return lengths.to(ScalarType.Int64).toLongArray();
    }

    private static Tensor of(double[] values, ScalarType dtype, long... sizes) {
        if (dtype == ScalarType.Float64) {
            return Torch.tensor(values, sizes);
        }
        float[] floats = new float[values.length];
        for (int i = 0; i < values.length; i++) {
            floats[i] = (float) values[i];
        }
        return Torch.tensor(floats, sizes);
    }
}
