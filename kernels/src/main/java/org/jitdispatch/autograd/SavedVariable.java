package org.jitdispatch.autograd;

import java.util.Arrays;
import org.jitdispatch.Tensor;

/**
 * A tensor a backward function keeps from its forward call (torch::autograd::SavedVariable), with the
 * version it had then: unpacking it after an in-place change, or after the graph was freed, fails with
 * PyTorch's messages.
 */
public final class SavedVariable {
    /** PyTorch's ERR_BACKWARD_TWICE. */
    static final String BACKWARD_TWICE = "Trying to backward through the graph a second time (or directly access saved"
            + " tensors after they have already been freed). Saved intermediate values of the graph are freed when you"
            + " call .backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the graph"
            + " a second time or if you need to access saved tensors after calling backward.";

    private Tensor value;
    private final int savedVersion;
    private final boolean wasDefined;
    private final boolean isOutput;
    /** The saved tensor's output number when it was saved, for the error message. */
    private final int savedOutputNr;

    /**
     * Saves {@code value} (may be null). {@code isOutput} says it is an output of the saving node, which
     * PyTorch stores without a reference to the node (the JVM's collector needs no such care) and names by the
     * node in its errors.
     */
    public SavedVariable(Tensor value, boolean isOutput) {
        this.value = value;
        this.wasDefined = value != null;
        this.isOutput = isOutput;
        this.savedVersion = value == null ? 0 : value.version();
        this.savedOutputNr = value == null ? 0 : Autograd.outputNr(value);
    }

    /** The saved tensor; {@code saver} is the node asking (named in the errors). */
    public Tensor unpack(Node saver) {
        if (!wasDefined) {
            return null;
        }
        if (value == null) {
            throw new IllegalStateException(BACKWARD_TWICE);
        }
        if (value.version() != savedVersion) {
            throw new IllegalStateException("one of the variables needed for gradient computation has been modified by an"
                    + " inplace operation: " + describe(saver) + " is at version " + value.version() + "; expected version "
                    + savedVersion + " instead. Hint: enable anomaly detection to find the operation that failed to"
                    + " compute its gradient, with torch.autograd.set_detect_anomaly(True).");
        }
        return value;
    }

    /** Saves a tensor list (a {@code Tensor?[]} argument) element by element; null elements stay null. */
    public static SavedVariable[] saveList(Tensor[] values) {
        SavedVariable[] out = new SavedVariable[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = new SavedVariable(values[i], false);
        }
        return out;
    }

    /** The tensors of a saved list, each checked as {@link #unpack} checks it. */
    public static Tensor[] unpackList(SavedVariable[] saved, Node saver) {
        Tensor[] out = new Tensor[saved.length];
        for (int i = 0; i < saved.length; i++) {
            out[i] = saved[i].unpack(saver);
        }
        return out;
    }

    /** Frees every tensor of a saved list. */
    public static void resetList(SavedVariable[] saved) {
        if (saved != null) {
            for (SavedVariable s : saved) {
                s.reset();
            }
        }
    }

    /** Frees the tensor (after backward without retain_graph). */
    public void reset() {
        value = null;
    }

    /**
     * The tensor as PyTorch's error names it, built only for the error: by the node that made it, which for a
     * saved output is the saving node and for a saved input its grad_fn now (after a write to a view, the
     * regenerated one).
     */
    private String describe(Node saver) {
        String type = "[torch." + value.dtype().c10Name() + "Tensor " + Arrays.toString(value.sizes()) + "]";
        Node fn = isOutput ? saver : Autograd.gradFn(value);
        if (fn != null) {
            return type + ", which is output " + savedOutputNr + " of " + fn.name() + ",";
        }
        return type + ",";
    }
}
