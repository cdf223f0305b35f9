package org.jitdispatch.optim;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** PythonFloat.str against what Python 3 prints for the same doubles. */
class PythonFloatTest {
    @Test
    void printsAsPythonsStr() {
        double[] values = {1e-8, -1e-08, 0.5, -1.0, 1e16, 1.5e16, 123456789012345.0, 1e-4, 9.9e-5, 0.1, 1.0 / 3,
            2.5e-300, 1e300, -0.0, 100.0, 1e15, 12345.678, Double.NaN, Double.NEGATIVE_INFINITY};
        String[] python = {"1e-08", "-1e-08", "0.5", "-1.0", "1e+16", "1.5e+16", "123456789012345.0", "0.0001",
            "9.9e-05", "0.1", "0.3333333333333333", "2.5e-300", "1e+300", "-0.0", "100.0", "1000000000000000.0",
            "12345.678", "nan", "-inf"};
        for (int i = 0; i < values.length; i++) {
            assertEquals(python[i], PythonFloat.str(values[i]), "str(" + values[i] + ")");
        }
    }
}
