package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.ScalarType;

/**
 * The loops of {@code grid_sampler_2d} and its backward over an {@code [N, C, H, W]} input and an
 * {@code [N, outH, outW, 2]} grid (x, then y), as GridSamplerKernel.cpp's {@code ApplyGridSample} computes them:
 * bilinear weights from the distances to the four sides, nearest by rounding half to even, bicubic by Keys' cubic
 * convolution ({@code A = -0.75}) over the 4 x 4 neighbours, each neighbour padded on its own. The tensors are read
 * into row-major double arrays; float32 steps are rounded to float in ATen's order.
 */
final class GridSampler2d {
    private final double[] in;
    private final double[] grid;
    private final int mode;
    private final long n;
    private final long c;
    private final long inH;
    private final long inW;
    private final long outH;
    private final long outW;
    private final GridCoordinates xs;
    private final GridCoordinates ys;
    private final boolean single;

    GridSampler2d(Tensor input, Tensor grid, int mode, int padding, boolean alignCorners) {
        this.in = input.toDoubleArray();
        this.grid = grid.toDoubleArray();
        this.mode = mode;
        this.single = input.dtype() == ScalarType.Float32;
        this.n = input.size(0);
        this.c = input.size(1);
        this.inH = input.size(2);
        this.inW = input.size(3);
        this.outH = grid.size(1);
        this.outW = grid.size(2);
        this.xs = GridCoordinates.vectorized(inW, padding, alignCorners, single);
        this.ys = GridCoordinates.vectorized(inH, padding, alignCorners, single);
    }

    /**
     * The samples to loop over: none for a grid without points, whose batch size alone (an empty tensor's sizes
     * may be anything) could be too large to count through.
     */
    private long batches() {
        return grid.length == 0 ? 0 : n;
    }

    private double r(double v) {
        return single ? (float) v : v;
    }

    /** The value at (y, x) of plane {@code plane}, zero outside the input. */
    private double at(long plane, long y, long x) {
        return y >= 0 && y < inH && x >= 0 && x < inW ? in[(int) ((plane * inH + y) * inW + x)] : 0;
    }

    /** Adds {@code delta} to (y, x) of plane {@code plane} of {@code grad}, when inside the input. */
    private void add(double[] grad, long plane, long y, long x, double delta) {
        if (y >= 0 && y < inH && x >= 0 && x < inW) {
            int i = (int) ((plane * inH + y) * inW + x);
            grad[i] = r(grad[i] + delta);
        }
    }

    double[] forward(int elements) {
        double[] out = new double[elements];
        long outPlane = outH * outW;
        for (long b = 0; b < batches(); b++) {
            for (long p = 0; p < outPlane; p++) {
                int g = (int) ((b * outPlane + p) * 2);
                double gx = grid[g];
                double gy = grid[g + 1];
                if (mode == GridSampler.BILINEAR) {
                    Bilinear w = new Bilinear(xs.apply(gx), ys.apply(gy));
                    for (long ch = 0; ch < c; ch++) {
                        long plane = b * c + ch;
                        out[(int) (plane * outPlane + p)] = w.interpolate(plane);
                    }
                } else if (mode == GridSampler.NEAREST) {
                    long x = GridCoordinates.index(Math.rint(xs.apply(gx)));
                    long y = GridCoordinates.index(Math.rint(ys.apply(gy)));
                    for (long ch = 0; ch < c; ch++) {
                        long plane = b * c + ch;
                        out[(int) (plane * outPlane + p)] = at(plane, y, x);
                    }
                } else {
                    Bicubic w = new Bicubic(xs.unnormalize(gx), ys.unnormalize(gy));
                    for (long ch = 0; ch < c; ch++) {
                        long plane = b * c + ch;
                        out[(int) (plane * outPlane + p)] = w.interpolate(plane);
                    }
                }
            }
        }
        return out;
    }

    /** {grad_input (null unless asked for), grad_grid}, row-major. */
    double[][] backward(double[] gradOut, boolean inputGrad) {
        double[] gradIn = inputGrad ? new double[(int) (n * c * inH * inW)] : null;
        double[] gradGrid = new double[grid.length];
        long outPlane = outH * outW;
        for (long b = 0; b < batches(); b++) {
            for (long p = 0; p < outPlane; p++) {
                int g = (int) ((b * outPlane + p) * 2);
                if (mode == GridSampler.BILINEAR) {
                    double x = xs.applyWithGradient(grid[g]);
                    double y = ys.applyWithGradient(grid[g + 1]);
                    Bilinear w = new Bilinear(x, y);
                    double gx = 0;
                    double gy = 0;
                    for (long ch = 0; ch < c; ch++) {
                        long plane = b * c + ch;
                        double go = gradOut[(int) (plane * outPlane + p)];
                        if (gradIn != null) {
                            w.scatter(gradIn, plane, go);
                        }
                        gx = r(gx + r(w.dx(plane) * go));
                        gy = r(gy + r(w.dy(plane) * go));
                    }
                    gradGrid[g] = r(gx * xs.gradient);
                    gradGrid[g + 1] = r(gy * ys.gradient);
                } else if (mode == GridSampler.NEAREST) {
                    // the grid gets no gradient: the output is piecewise constant in it
                    long x = GridCoordinates.index(Math.rint(xs.apply(grid[g])));
                    long y = GridCoordinates.index(Math.rint(ys.apply(grid[g + 1])));
                    if (gradIn != null) {
                        for (long ch = 0; ch < c; ch++) {
                            long plane = b * c + ch;
                            add(gradIn, plane, y, x, gradOut[(int) (plane * outPlane + p)]);
                        }
                    }
                } else {
                    Bicubic w = new Bicubic(xs.unnormalize(grid[g]), ys.unnormalize(grid[g + 1]));
                    double[] gxy = new double[2];
                    for (long ch = 0; ch < c; ch++) {
                        long plane = b * c + ch;
                        w.backward(gradIn, plane, gradOut[(int) (plane * outPlane + p)], gxy);
                    }
                    gradGrid[g] = r(gxy[0] * xs.scale);
                    gradGrid[g + 1] = r(gxy[1] * ys.scale);
                }
            }
        }
        return new double[][] {gradIn, gradGrid};
    }

    /** The four neighbours of a padded coordinate and their weights. */
    private final class Bilinear {
        final long xw;
        final long yn;
        final double w;
        final double e;
        final double nn;
        final double s;
        final double nw;
        final double ne;
        final double sw;
        final double se;

        Bilinear(double x, double y) {
            double fx = Math.floor(x);
            double fy = Math.floor(y);
            xw = GridCoordinates.index(fx);
            yn = GridCoordinates.index(fy);
            w = r(x - fx);
            e = r(1 - w);
            nn = r(y - fy);
            s = r(1 - nn);
            nw = r(s * e);
            ne = r(s * w);
            sw = r(nn * e);
            se = r(nn * w);
        }

        double interpolate(long plane) {
            return r(r(r(r(at(plane, yn, xw) * nw) + r(at(plane, yn, xw + 1) * ne)) + r(at(plane, yn + 1, xw) * sw))
                    + r(at(plane, yn + 1, xw + 1) * se));
        }

        void scatter(double[] gradIn, long plane, double go) {
            add(gradIn, plane, yn, xw, r(nw * go));
            add(gradIn, plane, yn, xw + 1, r(ne * go));
            add(gradIn, plane, yn + 1, xw, r(sw * go));
            add(gradIn, plane, yn + 1, xw + 1, r(se * go));
        }

        /** d(output) / d(x) of this plane, before the upstream gradient. */
        double dx(long plane) {
            return r(r(r(at(plane, yn, xw + 1) - at(plane, yn, xw)) * s)
                    + r(r(at(plane, yn + 1, xw + 1) - at(plane, yn + 1, xw)) * nn));
        }

        double dy(long plane) {
            return r(r(r(at(plane, yn + 1, xw) - at(plane, yn, xw)) * e)
                    + r(r(at(plane, yn + 1, xw + 1) - at(plane, yn, xw + 1)) * w));
        }
    }

    /** The 4 x 4 neighbours of an un-normalised coordinate, their cubic weights and the weights' derivatives. */
    private final class Bicubic {
        final double ix;
        final double iy;
        final double[] cx;
        final double[] cy;
        final double[] dcx;
        final double[] dcy;

        Bicubic(double x, double y) {
            ix = Math.floor(x);
            iy = Math.floor(y);
            double tx = r(x - ix);
            double ty = r(y - iy);
            cx = CubicWeights.coefficients(tx, single);
            cy = CubicWeights.coefficients(ty, single);
            dcx = CubicWeights.derivatives(tx, single);
            dcy = CubicWeights.derivatives(ty, single);
        }

        /** The neighbour at offsets (i - 1, j - 1), padded as the grid is. */
        private double value(long plane, int i, int j) {
            long x = GridCoordinates.index(xs.compute(r(ix + (i - 1))));
            long y = GridCoordinates.index(ys.compute(r(iy + (j - 1))));
            return at(plane, y, x);
        }

        double interpolate(long plane) {
            double out = 0;
            for (int j = 0; j < 4; j++) {
                double row = r(r(r(r(cx[0] * value(plane, 0, j)) + r(cx[1] * value(plane, 1, j)))
                        + r(cx[2] * value(plane, 2, j))) + r(cx[3] * value(plane, 3, j)));
                out = j == 0 ? r(cy[0] * row) : r(out + r(cy[j] * row));
            }
            return out;
        }

        /** Scatters this plane's share into grad_input (when asked for) and adds its grid gradient to {@code gxy}. */
        void backward(double[] gradIn, long plane, double go, double[] gxy) {
            for (int i = 0; i < 4; i++) {
                for (int j = 0; j < 4; j++) {
                    if (gradIn != null) {
                        long x = GridCoordinates.index(xs.compute(r(ix + (i - 1))));
                        long y = GridCoordinates.index(ys.compute(r(iy + (j - 1))));
                        add(gradIn, plane, y, x, r(r(go * cx[i]) * cy[j]));
                    }
                    double v = value(plane, i, j);
                    gxy[0] = r(gxy[0] - r(r(r(v * go) * dcx[i]) * cy[j]));
                    gxy[1] = r(gxy[1] - r(r(r(v * go) * dcy[j]) * cx[i]));
                }
            }
        }
    }
}
