package org.jitdispatch.autograd;

/**
 * How a view was made (PyTorch's CreationMeta), kept as a byte on the view's TensorImpl: views made by an
 * operator that returns several of them, or made while the user had switched gradients off, may not be
 * written in place while gradients are recorded. (PyTorch's IN_CUSTOM_FUNCTION and INFERENCE_MODE have no
 * counterpart here: there are no custom autograd functions and no inference mode.)
 */
enum CreationMeta {
    DEFAULT,
    MULTI_OUTPUT_NODE,
    NO_GRAD_MODE;

    private static final CreationMeta[] BY_CODE = values();

    byte code() {
        return (byte) ordinal();
    }

    static CreationMeta of(byte code) {
        return BY_CODE[code];
    }

    /**
     * PyTorch's propagate_creation_meta: a view of a view is at least as restricted as the view it was made
     * from.
     */
    static CreationMeta propagate(CreationMeta previous, CreationMeta made) {
        return made == DEFAULT ? previous : made;
    }
}
