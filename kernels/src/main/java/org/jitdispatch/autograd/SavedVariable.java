package org.jitdispatch.autograd;

import java.util.Arrays;
import org.jitdispatch.Tensor;

/**
 * A tensor a backward function keeps from its forward call (torch::autograd::SavedVariable), with the
 * version it had then: unpacking it after an in-place change, or after the graph was freed, fails with
 * PyTorch's messages.
 */
public final class SavedVariable {
    private Tensor value;
    private final int savedVersion;
    private final boolean wasDefined;
    private final String description;

    /**
     * Saves {@code value} (may be null); {@code isOutput} and the producing node name the tensor in the
     * error PyTorch gives when it was modified ("which is output 0 of MulBackward0").
     */
    public SavedVariable(Tensor value, boolean isOutput) {
        this.value = value;
        this.wasDefined = value != null;
        this.savedVersion = value == null ? 0 : value.version();
        this.description = value == null ? "" : describe(value, isOutput);
    }

    /** The saved tensor; {@code saver} is the node asking (named in the errors). */
    public Tensor unpack(Node saver) {
        if (!wasDefined) {
            return null;
        }
        if (value == null) {
            throw new IllegalStateException("Trying to backward through the graph a second time (or directly access saved"
                    + " tensors after they have already been freed). Saved intermediate values of the graph are freed when"
                    + " you call .backward() or autograd.grad(). Specify retain_graph=True if you need to backward through"
                    + " the graph a second time or if you need to access saved tensors after calling backward.");
        }
        if (value.version() != savedVersion) {
            throw new IllegalStateException("one of the variables needed for gradient computation has been modified by an"
                    + " inplace operation: " + description + " is at version " + value.version() + "; expected version "
                    + savedVersion + " instead. Hint: enable anomaly detection to find the operation that failed to"
                    + " compute its gradient, with torch.autograd.set_detect_anomaly(True).");
        }
        return value;
    }

    /** Frees the tensor (after backward without retain_graph). */
    public void reset() {
        value = null;
    }

    private static String describe(Tensor t, boolean isOutput) {
        String type = "[torch." + t.dtype().c10Name() + "Tensor " + Arrays.toString(t.sizes()) + "]";
        Node fn = Autograd.gradFn(t);
        if (fn != null) {
            return type + ", which is " + (isOutput ? "output " : "input ") + Autograd.outputNr(t) + " of " + fn.name() + ",";
        }
        return type + ",";
    }
}
