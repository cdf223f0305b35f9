package org.jitdispatch.autograd;

import java.util.Arrays;
import java.util.function.Function;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.ScalarType;

/**
 * torch.autograd.gradcheck: compares the gradients autograd computes with central finite differences,
 * in float64, for every element of every input and output.
 */
public final class GradCheck {
    private GradCheck() {
    }

    /**
     * Checks {@code fn} at {@code inputs} (contiguous float64 leaf tensors that require grad); throws with
     * the first mismatching Jacobian entry, returns normally when every entry is within
     * {@code atol + rtol * |numerical|}.
     */
    public static void check(Function<Tensor[], Tensor> fn, Tensor[] inputs, double eps, double atol, double rtol) {
        for (Tensor x : inputs) {
            if (x.dtype() != ScalarType.Float64 || !x.isContiguous() || !x.requiresGrad()) {
                throw new IllegalArgumentException("gradcheck needs contiguous float64 inputs that require grad");
            }
        }
        Tensor out = fn.apply(inputs);
        int outputs = (int) out.numel();
        for (int k = 0; k < inputs.length; k++) {
            Tensor x = inputs[k];
            double[][] numerical = numericalJacobian(fn, inputs, x, outputs, eps);
            double[][] analytical = analyticalJacobian(fn, inputs, x, outputs);
            for (int i = 0; i < numerical.length; i++) {
                for (int j = 0; j < outputs; j++) {
                    double n = numerical[i][j];
                    double a = analytical[i][j];
                    if (Math.abs(a - n) > atol + rtol * Math.abs(n)) {
                        throw new IllegalStateException("Jacobian mismatch for output 0 with respect to input " + k
                                + " at (input element " + i + ", output element " + j + "): numerical " + n
                                + ", analytical " + a + "\nnumerical: " + Arrays.deepToString(numerical)
                                + "\nanalytical: " + Arrays.deepToString(analytical));
                    }
                }
            }
        }
    }

    public static void check(Function<Tensor[], Tensor> fn, Tensor... inputs) {
        check(fn, inputs, 1e-6, 1e-5, 1e-3);
    }

    /** d out_j / d x_i by central differences, perturbing x's storage in place. */
    private static double[][] numericalJacobian(Function<Tensor[], Tensor> fn, Tensor[] inputs, Tensor x, int outputs,
                                                double eps) {
        int n = (int) x.numel();
        double[] data = x.storage().doubles();
        int offset = (int) x.storageOffset();
        double[][] jac = new double[n][outputs];
        try (NoGrad g = NoGrad.enter()) {
            for (int i = 0; i < n; i++) {
                double orig = data[offset + i];
                data[offset + i] = orig + eps;
                double[] plus = fn.apply(inputs).toDoubleArray();
                data[offset + i] = orig - eps;
                double[] minus = fn.apply(inputs).toDoubleArray();
                data[offset + i] = orig;
                for (int j = 0; j < outputs; j++) {
                    jac[i][j] = (plus[j] - minus[j]) / (2 * eps);
                }
            }
        }
        return jac;
    }

    /** d out_j / d x_i by one backward pass per output element with a one-hot gradient. */
    private static double[][] analyticalJacobian(Function<Tensor[], Tensor> fn, Tensor[] inputs, Tensor x, int outputs) {
        int n = (int) x.numel();
        double[][] jac = new double[n][outputs];
        for (int j = 0; j < outputs; j++) {
            for (Tensor t : inputs) {
                Autograd.setGrad(t, null);
            }
            Tensor out = fn.apply(inputs);
            double[] oneHot = new double[outputs];
            oneHot[j] = 1;
            out.backward(Torch.tensor(oneHot).view(out.sizes()));
            Tensor grad = x.grad();
            if (grad != null) {
                double[] g = grad.toDoubleArray();
                for (int i = 0; i < n; i++) {
                    jac[i][j] = g[i];
                }
            }
        }
        return jac;
    }
}
