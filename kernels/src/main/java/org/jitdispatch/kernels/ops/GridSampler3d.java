package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.ScalarType;

/**
 * The loops of {@code grid_sampler_3d} and its backward over an {@code [N, C, D, H, W]} input and an
 * {@code [N, outD, outH, outW, 3]} grid (x, y, then z), as GridSampler.cpp's scalar CPU kernel computes them:
 * trilinear weights as products of the distances to the eight corners, nearest by rounding halves away from zero
 * (std::round, where the 2-D kernel rounds half to even). ATen has no bicubic mode in 3-D. The tensors are read
 * into row-major double arrays; float32 steps are rounded to float in ATen's order.
 */
final class GridSampler3d {
    private final double[] in;
    private final double[] grid;
    private final int mode;
    private final long n;
    private final long c;
    private final long inD;
    private final long inH;
    private final long inW;
    private final long outPlane;
    private final GridCoordinates xs;
    private final GridCoordinates ys;
    private final GridCoordinates zs;
    private final boolean single;

    GridSampler3d(Tensor input, Tensor grid, int mode, int padding, boolean alignCorners) {
        this.in = input.toDoubleArray();
        this.grid = grid.toDoubleArray();
        this.mode = mode;
        this.single = input.dtype() == ScalarType.Float32;
        this.n = input.size(0);
        this.c = input.size(1);
        this.inD = input.size(2);
        this.inH = input.size(3);
        this.inW = input.size(4);
        this.outPlane = grid.size(1) * grid.size(2) * grid.size(3);
        this.xs = GridCoordinates.scalar(inW, padding, alignCorners, single);
        this.ys = GridCoordinates.scalar(inH, padding, alignCorners, single);
        this.zs = GridCoordinates.scalar(inD, padding, alignCorners, single);
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

    private boolean inside(long z, long y, long x) {
        return z >= 0 && z < inD && y >= 0 && y < inH && x >= 0 && x < inW;
    }

    private int offset(long plane, long z, long y, long x) {
        return (int) (((plane * inD + z) * inH + y) * inW + x);
    }

    double[] forward(int elements) {
        double[] out = new double[elements];
        for (long b = 0; b < batches(); b++) {
            for (long p = 0; p < outPlane; p++) {
                int g = (int) ((b * outPlane + p) * 3);
                double x = xs.apply(grid[g]);
                double y = ys.apply(grid[g + 1]);
                double z = zs.apply(grid[g + 2]);
                if (mode == GridSampler.BILINEAR) {
                    Corners k = new Corners(x, y, z);
                    for (long ch = 0; ch < c; ch++) {
                        long plane = b * c + ch;
                        double sum = 0;
                        for (int corner = 0; corner < 8; corner++) {
                            long cz = k.z0 + (corner >> 2);
                            long cy = k.y0 + (corner >> 1 & 1);
                            long cx = k.x0 + (corner & 1);
                            if (inside(cz, cy, cx)) {
                                sum = r(sum + r(in[offset(plane, cz, cy, cx)] * k.weight[corner]));
                            }
                        }
                        out[(int) (plane * outPlane + p)] = sum;
                    }
                } else {
                    long nx = GridCoordinates.index(GridCoordinates.roundHalfAwayFromZero(x));
                    long ny = GridCoordinates.index(GridCoordinates.roundHalfAwayFromZero(y));
                    long nz = GridCoordinates.index(GridCoordinates.roundHalfAwayFromZero(z));
                    for (long ch = 0; ch < c; ch++) {
                        long plane = b * c + ch;
                        out[(int) (plane * outPlane + p)] = inside(nz, ny, nx) ? in[offset(plane, nz, ny, nx)] : 0;
                    }
                }
            }
        }
        return out;
    }

    /** {grad_input (null unless asked for), grad_grid}, row-major. */
    double[][] backward(double[] gradOut, boolean inputGrad) {
        double[] gradIn = inputGrad ? new double[(int) (n * c * inD * inH * inW)] : null;
        double[] gradGrid = new double[grid.length];
        for (long b = 0; b < batches(); b++) {
            for (long p = 0; p < outPlane; p++) {
                int g = (int) ((b * outPlane + p) * 3);
                double x = xs.applyWithGradient(grid[g]);
                double y = ys.applyWithGradient(grid[g + 1]);
                double z = zs.applyWithGradient(grid[g + 2]);
                if (mode == GridSampler.BILINEAR) {
                    Corners k = new Corners(x, y, z);
                    double gix = 0;
                    double giy = 0;
                    double giz = 0;
                    for (long ch = 0; ch < c; ch++) {
                        long plane = b * c + ch;
                        double go = gradOut[(int) (plane * outPlane + p)];
                        for (int corner = 0; corner < 8; corner++) {
                            long cz = k.z0 + (corner >> 2);
                            long cy = k.y0 + (corner >> 1 & 1);
                            long cx = k.x0 + (corner & 1);
                            if (!inside(cz, cy, cx)) {
                                continue;
                            }
                            int at = offset(plane, cz, cy, cx);
                            if (gradIn != null) {
                                gradIn[at] = r(gradIn[at] + r(k.weight[corner] * go));
                            }
                            double v = in[at];
                            // the corner's weight is a product of one distance per dim; its derivative in a dim is
                            // the product of the other two, signed by the side the corner is on
                            double dx = r(r(r(v * k.dy[corner]) * k.dz[corner]) * go);
                            double dy = r(r(r(v * k.dx[corner]) * k.dz[corner]) * go);
                            double dz = r(r(r(v * k.dx[corner]) * k.dy[corner]) * go);
                            gix = (corner & 1) == 0 ? r(gix - dx) : r(gix + dx);
                            giy = (corner >> 1 & 1) == 0 ? r(giy - dy) : r(giy + dy);
                            giz = (corner >> 2) == 0 ? r(giz - dz) : r(giz + dz);
                        }
                    }
                    gradGrid[g] = r(xs.gradient * gix);
                    gradGrid[g + 1] = r(ys.gradient * giy);
                    gradGrid[g + 2] = r(zs.gradient * giz);
                } else if (gradIn != null) {
                    // nearest: the grid gets no gradient, the output being piecewise constant in it
                    long nx = GridCoordinates.index(GridCoordinates.roundHalfAwayFromZero(x));
                    long ny = GridCoordinates.index(GridCoordinates.roundHalfAwayFromZero(y));
                    long nz = GridCoordinates.index(GridCoordinates.roundHalfAwayFromZero(z));
                    if (inside(nz, ny, nx)) {
                        for (long ch = 0; ch < c; ch++) {
                            long plane = b * c + ch;
                            int at = offset(plane, nz, ny, nx);
                            gradIn[at] = r(gradIn[at] + gradOut[(int) (plane * outPlane + p)]);
                        }
                    }
                }
            }
        }
        return new double[][] {gradIn, gradGrid};
    }

    /**
     * The eight corners around (x, y, z), numbered by their offsets (bit 0: x + 1, bit 1: y + 1, bit 2: z + 1),
     * each with its distances to the opposite faces and their product, the corner's weight (ATen's tnw, tne, tsw,
     * tse, bnw, bne, bsw, bse in this order).
     */
    private final class Corners {
        final long x0;
        final long y0;
        final long z0;
        final double[] dx = new double[8];
        final double[] dy = new double[8];
        final double[] dz = new double[8];
        final double[] weight = new double[8];

        Corners(double x, double y, double z) {
            double fx = Math.floor(x);
            double fy = Math.floor(y);
            double fz = Math.floor(z);
            x0 = GridCoordinates.index(fx);
            y0 = GridCoordinates.index(fy);
            z0 = GridCoordinates.index(fz);
            for (int corner = 0; corner < 8; corner++) {
                // a corner on the low side of a dim is weighted by the distance from the point to the high side
                dx[corner] = (corner & 1) == 0 ? r(r(fx + 1) - x) : r(x - fx);
                dy[corner] = (corner >> 1 & 1) == 0 ? r(r(fy + 1) - y) : r(y - fy);
                dz[corner] = (corner >> 2) == 0 ? r(r(fz + 1) - z) : r(z - fz);
                weight[corner] = r(r(dx[corner] * dy[corner]) * dz[corner]);
            }
        }
    }
}
