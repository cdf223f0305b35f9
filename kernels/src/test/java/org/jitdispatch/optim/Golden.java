package org.jitdispatch.optim;

import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.autograd.Autograd;
import org.jitdispatch.runtime.ScalarType;

/** The inputs make_optim_golden.py and make_optim_more_golden.py give PyTorch, and comparisons with its outputs. */
final class Golden {
    private Golden() {
    }

    static JsonNode load(String resource) {
        try (InputStream in = Golden.class.getResourceAsStream(resource)) {
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The scripts' two parameters, of {@code dtype}. */
    static List<Tensor> params(ScalarType dtype) {
        Tensor a = Torch.tensor(new double[] {0.5, -1.0, 2.0, 0.25, 1.5, -0.75}, 2, 3).to(dtype);
        Tensor b = Torch.tensor(new double[] {0.1, -0.2, 0.3}, 3).to(dtype);
        a.requiresGrad_(true);
        b.requiresGrad_(true);
        return List.of(a, b);
    }

    /** The gradient the scripts give a parameter of {@code shape} at {@code step} (computed in float64). */
    static Tensor gradient(int step, long[] shape, int phase) {
        int n = (int) (shape.length == 1 ? shape[0] : shape[0] * shape[1]);
        double[] g = new double[n];
        for (int i = 0; i < n; i++) {
            g[i] = Math.sin(0.7 * step + 0.3 * i + phase) * (1 + 0.1 * i);
        }
        return Torch.tensor(g, shape);
    }

    static void setGradients(List<Tensor> ps, int step) {
        for (int k = 0; k < ps.size(); k++) {
            Tensor p = ps.get(k);
            Autograd.setGrad(p, gradient(step, p.sizes(), k).to(p.dtype()));
        }
    }

    static double[] doubles(JsonNode array) {
        double[] out = new double[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = array.get(i).asDouble();
        }
        return out;
    }

    /**
     * Every element within {@code maxUlps} units in the last place of PyTorch's, counted at the parameters' scale:
     * the ulp of the tensor's dtype at {@code max(|expected|, 1)}, so that a value that cancels to near zero is held
     * to the precision of the terms it came from. Bit-for-bit agreement is not to be had: ATen's vectorized
     * {@code add(alpha=)}, {@code addcmul} and {@code addcdiv} kernels fuse the multiply-add (its CPU builds use FMA),
     * which changes the last bit of some elements against the kernels here.
     */
    static void assertClose(double[] expected, Tensor actual, int maxUlps, String what) {
        double[] got = actual.toDoubleArray();
        boolean single = actual.dtype() == ScalarType.Float32;
        for (int i = 0; i < expected.length; i++) {
            double scale = Math.max(Math.abs(expected[i]), 1.0);
            double ulp = single ? Math.ulp((float) scale) : Math.ulp(scale);
            double off = Math.abs(expected[i] - got[i]) / ulp;
            if (!(off <= maxUlps)) {
                fail(what + ", element " + i + ": expected " + expected[i] + " but was " + got[i] + " (" + off
                        + " ulps at the parameters' scale)");
            }
        }
    }
}
