package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.kernels.parallel.Parallel;

/**
 * Graves' forward-backward recursions over the alignments of each sample's augmented target, in log space, as
 * ATen 1.13's CPU kernels compute them (LossCTC.cpp): {@link #forward} fills log_alpha and the negative log
 * likelihoods, {@link #backward} runs the beta recursion, collects {@code log(sum of alpha * beta)} per frame and
 * class and turns it into the gradient.
 *
 * <p>Values are doubles; for float32 every operation is rounded to float where ATen's float arithmetic rounds,
 * so that float32 results are ATen's. {@code logProbs} is row-major {@code [T, batch, classes]}, log_alpha
 * {@code [batch, T, 2 * maxTargetLength + 1]} and the gradient has log_probs' layout.
 */
final class CtcAlignment {
    private static final double NEG_INF = Double.NEGATIVE_INFINITY;

    private final CtcTargets args;
    private final double[] logProbs;
    private final boolean float32;
    private final int frames;
    private final int width;

    CtcAlignment(CtcTargets args, double[] logProbs, boolean float32) {
        this.args = args;
        this.logProbs = logProbs;
        this.float32 = float32;
        this.frames = args.inputFrames;
        this.width = 2 * args.maxTargetLength + 1;
    }

    int width() {
        return width;
    }

    /**
     * Fills {@code logAlpha} (whose entries no alignment of a sample reaches stay -inf; ATen leaves them
     * uninitialised) and returns each sample's negative log likelihood: +inf where no alignment exists.
     */
    double[] forward(double[] logAlpha) {
        Arrays.fill(logAlpha, NEG_INF);
        double[] nll = new double[args.batch];
        // samples are independent and write disjoint rows: parallel over the batch, as ATen's parallel_for
        Parallel.parallelFor(0, args.batch, samplesPerChunk(), (from, to) -> {
            for (int b = (int) from; b < to; b++) {
                nll[b] = forwardSample(b, logAlpha);
            }
        });
        return nll;
    }

    /** Enough samples to make a chunk of about {@link Parallel#GRAIN_SIZE} recursion steps. */
    private long samplesPerChunk() {
        return Math.max(1, Parallel.GRAIN_SIZE / Math.max(1L, (long) frames * width));
    }

    private double forwardSample(int b, double[] alpha) {
        int inputLength = args.inputLength(b);
        int targetLength = args.targetLength(b);
        if (inputLength == 0) {
            // no frames: only the empty target has an alignment (later releases' rule; 1.13 reads before the table)
            double logLikelihood = targetLength == 0 ? 0 : NEG_INF;
            return -logLikelihood;
        }
        int row = b * frames * width;
        alpha[row] = lp(0, b, args.blank);
        if (targetLength > 0) {
            alpha[row + 1] = lp(0, b, args.augmented(b, 1));
        }
        for (int t = 1; t < inputLength; t++) {
            int previous = row + (t - 1) * width;
            for (int s = 0; s <= 2 * targetLength; s++) {
                int current = args.augmented(b, s);
                double la1 = alpha[previous + s];
                double lamax = la1;
                double la2 = NEG_INF;
                if (s > 0) {
                    la2 = alpha[previous + s - 1];
                    lamax = la2 > lamax ? la2 : lamax;
                }
                double la3 = NEG_INF;
                // a label may be skipped to from two back unless it repeats the one there (then a blank must separate)
                if (s > 1 && args.augmented(b, s - 2) != current) {
                    la3 = alpha[previous + s - 2];
                    lamax = la3 > lamax ? la3 : lamax;
                }
                alpha[previous + width + s] = r(logSumExp3(la1, la2, la3, lamax) + lp(t, b, current));
            }
        }
        int last = row + (inputLength - 1) * width;
        if (targetLength == 0) {
            return -alpha[last]; // an empty target ends in its only state, the blank
        }
        double l1 = alpha[last + 2 * targetLength];
        double l2 = alpha[last + 2 * targetLength - 1];
        double m = l1 < l2 ? l2 : l1;
        m = m == NEG_INF ? 0 : m;
        return -r(r(Math.log(r(r(Math.exp(r(l1 - m))) + r(Math.exp(r(l2 - m)))))) + m);
    }

    /**
     * The gradient with respect to log_probs, row-major {@code [T, batch, classes]}: {@code (exp(lp) - exp(log_ab +
     * nll - lp)) * grad} over each sample's frames, 0 past them, and 0 for a whole sample whose loss is infinite
     * when {@code zeroInfinity}.
     */
    double[] backward(double[] grad, double[] nll, double[] logAlpha, boolean zeroInfinity) {
        double[] out = new double[logProbs.length];
        Arrays.fill(out, NEG_INF); // the log of an empty sum, until a state of the frame adds to it
        Parallel.parallelFor(0, args.batch, samplesPerChunk(), (from, to) -> {
            double[] beta = new double[frames * width]; // one sample's at a time
            for (int b = (int) from; b < to; b++) {
                sampleGradient(b, grad[b], nll[b], logAlpha, beta, zeroInfinity, out);
            }
        });
        return out;
    }

    private void sampleGradient(int b, double gr, double nll, double[] logAlpha, double[] beta, boolean zeroInfinity,
            double[] out) {
        if (zeroInfinity && nll == Double.POSITIVE_INFINITY) {
            zeroFrames(out, b, 0);
            return;
        }
        collectAlphaBeta(b, logAlpha, beta, out);
        int inputLength = args.inputLength(b);
        int classes = args.classes;
        for (int t = 0; t < inputLength; t++) {
            int at = (t * args.batch + b) * classes;
            for (int c = 0; c < classes; c++) {
                double lp = logProbs[at + c];
                double res = out[at + c];
                out[at + c] = r(r(r(Math.exp(lp)) - r(Math.exp(r(r(res + nll) - lp)))) * gr);
            }
        }
        zeroFrames(out, b, inputLength);
    }

    /** The beta recursion of sample {@code b}, log-adding {@code alpha + beta} of every state into its label. */
    private void collectAlphaBeta(int b, double[] alpha, double[] beta, double[] out) {
        int inputLength = args.inputLength(b);
        int targetLength = args.targetLength(b);
        if (inputLength == 0) {
            return;
        }
        int row = b * frames * width;
        int lastFrame = inputLength - 1;
        Arrays.fill(beta, lastFrame * width, inputLength * width, NEG_INF);
        beta[lastFrame * width + 2 * targetLength] = lp(lastFrame, b, args.blank);
        out[index(lastFrame, b, args.blank)] = r(alpha[row + lastFrame * width + 2 * targetLength]
                + beta[lastFrame * width + 2 * targetLength]);
        if (targetLength > 0) {
            int current = args.augmented(b, 2 * targetLength - 1);
            beta[lastFrame * width + 2 * targetLength - 1] = lp(lastFrame, b, current);
            // the last two states are a blank and a label: set, not log-added, as ATen does
            out[index(lastFrame, b, current)] = r(alpha[row + lastFrame * width + 2 * targetLength - 1]
                    + beta[lastFrame * width + 2 * targetLength - 1]);
        }
        for (int t = inputLength - 2; t >= 0; t--) {
            int next = (t + 1) * width;
            for (int s = 2 * targetLength; s >= 0; s--) {
                int current = args.augmented(b, s);
                double lb1 = beta[next + s];
                double lbmax = lb1;
                double lb2 = NEG_INF;
                if (s < 2 * targetLength) {
                    lb2 = beta[next + s + 1];
                    lbmax = lb2 > lbmax ? lb2 : lbmax;
                }
                double lb3 = NEG_INF;
                if (s < 2 * targetLength - 1 && args.augmented(b, s + 2) != current) {
                    lb3 = beta[next + s + 2];
                    lbmax = lb3 > lbmax ? lb3 : lbmax;
                }
                double lb = r(logSumExp3(lb1, lb2, lb3, lbmax) + lp(t, b, current));
                beta[t * width + s] = lb;
                double logAlphaBeta = r(alpha[row + t * width + s] + lb);
                int at = index(t, b, current);
                double lcab = out[at];
                if (lcab == NEG_INF) {
                    out[at] = logAlphaBeta;
                } else {
                    double max = lcab < logAlphaBeta ? logAlphaBeta : lcab;
                    out[at] = r(r(Math.log(r(r(Math.exp(r(lcab - max))) + r(Math.exp(r(logAlphaBeta - max))))))
                            + max);
                }
            }
        }
    }

    /** {@code log(exp(a - max) + exp(b - max) + exp(c - max)) + max}, a max of -inf taken as 0 (no -inf - -inf). */
    private double logSumExp3(double a, double b, double c, double max) {
        double m = max == NEG_INF ? 0 : max;
        double sum = r(r(r(Math.exp(r(a - m))) + r(Math.exp(r(b - m)))) + r(Math.exp(r(c - m))));
        return r(r(Math.log(sum)) + m);
    }

    private void zeroFrames(double[] out, int b, int fromFrame) {
        for (int t = fromFrame; t < frames; t++) {
            int at = index(t, b, 0);
            Arrays.fill(out, at, at + args.classes, 0.0);
        }
    }

    private double lp(int t, int b, int c) {
        return logProbs[index(t, b, c)];
    }

    private int index(int t, int b, int c) {
        return (t * args.batch + b) * args.classes + c;
    }

    /** The value as ATen's arithmetic in the input's dtype leaves it. */
    private double r(double v) {
        return float32 ? (float) v : v;
    }
}
