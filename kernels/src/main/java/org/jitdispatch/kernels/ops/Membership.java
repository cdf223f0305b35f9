package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.structured.StructuredMeta;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * isin (PyTorch 1.13's TensorCompare.cpp): whether each element is among the test elements, after both are
 * promoted to their result type, as equality sees it (NaN is never among them, -0.0 is 0.0); {@code invert} asks
 * the opposite. The test elements are sorted once and each element is looked up; ATen picks between a scan and a
 * sort by their counts, which give the same answers. {@code assume_unique} only lets ATen skip its unique(), so
 * it changes nothing here: where the inputs are not unique, as PyTorch documents, the result of that flag is
 * not specified. bool and bfloat16 are refused, as ATen's sort-based path does not take them, and a float16 common
 * type has no kernel, as in ATen's CPU build.
 */
public final class Membership implements MembershipDeclarations {

    @Override
    public void meta_isin_Tensor_Tensor(StructuredMeta op, Tensor elements, Tensor testElements, boolean assumeUnique,
            boolean invert) {
        checkSupported(elements.dtype());
        checkSupported(testElements.dtype());
        op.setOutputRawStrided(0, elements.sizes(), null, ScalarType.Bool, elements.device());
    }

    @Override
    public void isin_Tensor_Tensor_out(StructuredMeta op, Tensor elements, Tensor testElements, boolean assumeUnique,
            boolean invert, Tensor out) {
        if (elements.numel() == 0) {
            return;
        }
        ScalarType common = Elementwise.resultType(elements, testElements);
        if (common == ScalarType.Float16) {
            // ATen's two paths, chosen by numpy's heuristic, both lack a float16 kernel on the CPU
            boolean scan = testElements.numel() < (long) (10.0f * Math.pow(elements.numel(), 0.145));
            throw Elementwise.notImplemented(scan ? "isin_default_cpu" : "unique", common);
        }
        boolean[] found = common.isFloatingPoint()
                ? amongDoubles(elements.to(common).toDoubleArray(), testElements.to(common).toDoubleArray())
                : amongLongs(elements.to(common).toLongArray(), testElements.to(common).toLongArray());
        if (invert) {
            for (int i = 0; i < found.length; i++) {
                found[i] = !found[i];
            }
        }
        out.copy_(Torch.tensor(found).reshape(elements.sizes()));
    }

    @Override
    public void meta_isin_Tensor_Scalar(StructuredMeta op, Tensor elements, Scalar testElement, boolean assumeUnique,
            boolean invert) {
        checkSupported(elements.dtype());
        checkSupported(testElement.type());
        op.setOutputRawStrided(0, elements.sizes(), null, ScalarType.Bool, elements.device());
    }

    /** ATen's: one test element is equality (or inequality, inverted). */
    @Override
    public void isin_Tensor_Scalar_out(StructuredMeta op, Tensor elements, Scalar testElement, boolean assumeUnique,
            boolean invert, Tensor out) {
        if (invert) {
            Torch.ne_out(out, elements, testElement);
        } else {
            Torch.eq_out(out, elements, testElement);
        }
    }

    /** ATen's meta declares a [0] output, which the impl's isin_out then resizes to the element's 0-dim shape. */
    @Override
    public void meta_isin_Scalar_Tensor(StructuredMeta op, Scalar element, Tensor testElements, boolean assumeUnique,
            boolean invert) {
        checkSupported(element.type());
        checkSupported(testElements.dtype());
        op.setOutputRawStrided(0, new long[] {0}, null, ScalarType.Bool, testElements.device());
    }

    @Override
    public void isin_Scalar_Tensor_out(StructuredMeta op, Scalar element, Tensor testElements, boolean assumeUnique,
            boolean invert, Tensor out) {
        Torch.isin_out(out, Elementwise.wrappedScalarTensor(element), testElements, assumeUnique, invert);
    }

    /** check_for_unsupported_isin_dtype: the types ATen's sorting algorithm does not take. */
    private static void checkSupported(ScalarType type) {
        if (type == ScalarType.Bool || type == ScalarType.BFloat16) {
            throw new IllegalArgumentException("Unsupported input type encountered for isin(): " + type.c10Name());
        }
    }

    private static boolean[] amongDoubles(double[] elements, double[] tests) {
        // sorted, NaN left out (it equals nothing) and -0.0 folded into 0.0 (they are equal)
        double[] sorted = Arrays.stream(tests).filter(v -> v == v).map(v -> v + 0.0).sorted().toArray();
        boolean[] found = new boolean[elements.length];
        for (int i = 0; i < elements.length; i++) {
            double v = elements[i];
            found[i] = v == v && Arrays.binarySearch(sorted, v + 0.0) >= 0;
        }
        return found;
    }

    private static boolean[] amongLongs(long[] elements, long[] tests) {
        long[] sorted = tests.clone();
        Arrays.sort(sorted);
        boolean[] found = new boolean[elements.length];
        for (int i = 0; i < elements.length; i++) {
            found[i] = Arrays.binarySearch(sorted, elements[i]) >= 0;
        }
        return found;
    }
}
