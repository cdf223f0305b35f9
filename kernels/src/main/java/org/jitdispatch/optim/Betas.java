package org.jitdispatch.optim;

/** The check of {@code betas} that every optimizer of the Adam family makes, with PyTorch's messages. */
final class Betas {
    private Betas() {
    }

    static void check(double beta1, double beta2) {
        if (!(beta1 >= 0 && beta1 < 1)) {
            throw new IllegalArgumentException("Invalid beta parameter at index 0: " + PythonFloat.str(beta1));
        }
        if (!(beta2 >= 0 && beta2 < 1)) {
            throw new IllegalArgumentException("Invalid beta parameter at index 1: " + PythonFloat.str(beta2));
        }
    }
}
