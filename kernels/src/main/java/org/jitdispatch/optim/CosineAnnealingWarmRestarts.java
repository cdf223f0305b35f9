package org.jitdispatch.optim;

/**
 * Cosine annealing from the initial rate to {@code etaMin} over {@code T_i} epochs, then a restart, with
 * {@code T_0} for the first period and each next one {@code T_mult} times longer ({@code
 * CosineAnnealingWarmRestarts}, SGDR). As 1.13, every rate is computed in closed form,
 * {@code eta_min + (base_lr - eta_min) * (1 + cos(pi * T_cur / T_i)) / 2}, from {@code T_cur}, which {@link #step()}
 * advances by one and {@link #step(double)} sets from an epoch that may be fractional (a batch's place within an
 * epoch), with PyTorch's formulas for the period the epoch falls in.
 * <p>Rates: PyTorch's to the last bit in every checked case, whole and fractional epochs; {@code Math.cos} and {@code
 * Math.log} are within an ulp of C's in general.
 */
public final class CosineAnnealingWarmRestarts extends ChainableLRScheduler {
    private final int t0;
    private final int tMult;
    private final double etaMin;
    private long tI;
    private double tCur;

    public CosineAnnealingWarmRestarts(Optimizer optimizer, int t0) {
        this(optimizer, t0, 1, 0);
    }

    public CosineAnnealingWarmRestarts(Optimizer optimizer, int t0, int tMult, double etaMin) {
        super(optimizer);
        if (t0 <= 0) {
            throw new IllegalArgumentException("Expected positive integer T_0, but got " + t0);
        }
        if (tMult < 1) {
            throw new IllegalArgumentException("Expected integer T_mult >= 1, but got " + tMult);
        }
        this.t0 = t0;
        this.tI = t0;
        this.tMult = tMult;
        this.etaMin = etaMin;
        this.tCur = -1;
        initialStep();
    }

    /** {@code step()}: the next epoch; the first call (from the constructor) is {@code step(0)}, as in 1.13. */
    @Override
    protected double nextLr(double current, int epoch) {
        if (epoch == 0) {
            setEpoch(0);
        } else {
            tCur = tCur + 1;
            if (tCur >= tI) {
                tCur = tCur - tI;
                tI = tI * tMult;
            }
        }
        return lr();
    }

    /**
     * {@code step(epoch)}: the rate of {@code epoch}, which may be fractional ({@code epoch + i / iters} within an
     * epoch); {@link #lastEpoch()} becomes its floor.
     */
    public void step(double epoch) {
        setEpoch(epoch);
        setLastEpoch((int) Math.floor(epoch));
        optimizer.setScheduledLr(lr());
    }

    @Override
    void stepTo(int epoch) {
        step((double) epoch);
    }

    private void setEpoch(double epoch) {
        if (epoch < 0) {
            // an integral epoch prints as the Python int it would be
            throw new IllegalArgumentException("Expected non-negative epoch, but got "
                    + (epoch == Math.rint(epoch) ? String.valueOf((long) epoch) : PythonFloat.str(epoch)));
        }
        if (epoch >= t0) {
            if (tMult == 1) {
                tCur = epoch % t0;
            } else {
                // int(math.log(epoch / T_0 * (T_mult - 1) + 1, T_mult)): CPython's log(x, base) is log(x) / log(base)
                int n = (int) (Math.log(epoch / t0 * (tMult - 1) + 1) / Math.log(tMult));
                long power = 1;
                for (int k = 0; k < n; k++) {
                    power *= tMult;
                }
                tCur = epoch - (double) (t0 * (power - 1)) / (tMult - 1);
                tI = t0 * power;
            }
        } else {
            tI = t0;
            tCur = epoch;
        }
    }

    private double lr() {
        return etaMin + (baseLr - etaMin) * (1 + Math.cos(Math.PI * tCur / tI)) / 2;
    }
}
