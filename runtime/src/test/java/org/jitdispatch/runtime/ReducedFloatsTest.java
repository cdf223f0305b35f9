package org.jitdispatch.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * c10's float16 and bfloat16 conversions: every bit pattern widens exactly and narrows back to itself, and a
 * float narrows to the nearest value with ties to even, overflowing to infinity past the largest finite value.
 */
class ReducedFloatsTest {
    @Test
    void everyFloat16WidensAndNarrowsBackToItself() {
        for (int bits = 0; bits < 0x10000; bits++) {
            short h = (short) bits;
            float f = Half.toFloat(h);
            if (Float.isNaN(f)) {
                assertEquals(0x7E00, Half.fromFloat(f) & 0x7FFF, "NaN " + Integer.toHexString(bits) + " becomes a quiet NaN");
            } else {
                assertEquals(h, Half.fromFloat(f), "float16 " + Integer.toHexString(bits) + " = " + f);
            }
        }
    }

    @Test
    void float16ValuesAreIeeeBinary16() {
        assertEquals(1.0f, Half.toFloat((short) 0x3C00));
        assertEquals(65504f, Half.toFloat((short) 0x7BFF));
        assertEquals(0x1.0p-24f, Half.toFloat((short) 0x0001), "smallest subnormal");
        assertEquals(-2.0f, Half.toFloat((short) 0xC000));
        assertEquals(Float.POSITIVE_INFINITY, Half.toFloat((short) 0x7C00));
        assertEquals((short) 0x8000, Half.fromFloat(-0.0f), "signed zero");
        assertEquals((short) 0x7C00, Half.fromFloat(65520f), "65520 is halfway to 2^16 and rounds up to infinity");
        assertEquals((short) 0x7BFF, Half.fromFloat(65519f));
        assertEquals((short) 0x0000, Half.fromFloat(0x1.0p-25f), "halfway to the smallest subnormal: ties to even (zero)");
        assertEquals((short) 0x0001, Half.fromFloat(0x1.8p-25f));
        assertEquals((short) 0x6800, Half.fromFloat(2049f), "2049 is halfway between 2048 and 2050: ties to even");
        assertEquals((short) 0x6802, Half.fromFloat(2051f), "2051: ties to even, up");
    }

    @Property(tries = 20000)
    void float16IsTheNearestValueTiesToEven(@ForAll float f) {
        nearestTiesToEven(f, Half.fromFloat(f), Half::toFloat, 65504f, 0x7C00);
    }

    @Test
    void everyBFloat16WidensAndNarrowsBackToItself() {
        for (int bits = 0; bits < 0x10000; bits++) {
            short b = (short) bits;
            float f = BFloat16.toFloat(b);
            if (Float.isNaN(f)) {
                assertEquals((short) 0x7FC0, BFloat16.fromFloat(f));
            } else {
                assertEquals(b, BFloat16.fromFloat(f), "bfloat16 " + Integer.toHexString(bits));
            }
        }
    }

    @Property(tries = 20000)
    void bfloat16IsTheNearestValueTiesToEven(@ForAll float f) {
        nearestTiesToEven(f, BFloat16.fromFloat(f), BFloat16::toFloat, BFloat16.MAX_VALUE, 0x7F80);
    }

    @Test
    void doublesNarrowThroughFloat32AsC10Does() {
        // 1 + 2^-11 + 2^-40 rounds up in one step but is exactly halfway once rounded to float32 first
        double d = 1 + 0x1.0p-11 + 0x1.0p-40;
        assertEquals((short) 0x3C00, Half.fromDouble(d));
        assertEquals(Half.fromFloat((float) d), Half.fromDouble(d));
    }

    @Test
    void storageHoldsTheNarrowTypesInByteAndShortArrays() {
        Storage u8 = Storage.allocate(ScalarType.UInt8, 3);
        u8.setLong(0, 255);
        u8.setLong(1, -1);
        u8.setDouble(2, 300.7);
        assertEquals(255, u8.getLong(0));
        assertEquals(255, u8.getLong(1), "wraps as a C++ cast to uint8_t");
        assertEquals(44, u8.getLong(2));
        Storage i8 = Storage.allocate(ScalarType.Int8, 1);
        i8.setLong(0, 200);
        assertEquals(-56, i8.getLong(0));
        Storage h = Storage.allocate(ScalarType.Float16, 1);
        h.setDouble(0, 1.0 / 3);
        assertEquals(Half.toFloat(Half.fromFloat(1f / 3)), (float) h.getDouble(0));
        assertTrue(h.data() instanceof short[]);
        assertEquals(ScalarType.Int8, Storage.wrap(new byte[2]).dtype());
        assertEquals(ScalarType.BFloat16, Storage.wrap(ScalarType.BFloat16, new short[2]).dtype());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Storage.wrap(ScalarType.Float16, new float[2]));
        assertEquals("A storage of Float16 wraps a short[], not float[]", e.getMessage());
    }

    @Test
    void theNewDtypesHavePyTorchsNames() {
        assertEquals("torch.uint8", ScalarType.UInt8.pythonName());
        assertEquals("Char", ScalarType.Int8.c10Name());
        assertEquals("Half", ScalarType.Float16.c10Name());
        assertEquals(ScalarType.BFloat16, ScalarType.fromName("torch.bfloat16"));
        assertTrue(ScalarType.Float16.isReducedFloatingPoint());
        assertTrue(ScalarType.UInt8.isIntegral(false));
    }

    private interface Widen {
        float apply(short bits);
    }

    private static void nearestTiesToEven(float f, short got, Widen widen, float max, int infinityBits) {
        if (Float.isNaN(f)) {
            assertTrue(Float.isNaN(widen.apply(got)));
            return;
        }
        float value = widen.apply(got);
        if (Float.isInfinite(value)) {
            assertTrue(Math.abs(f) >= max, f + " overflowed");
            assertEquals(infinityBits, got & 0x7FFF);
            return;
        }
        BigDecimal exact = new BigDecimal(f);
        BigDecimal error = exact.subtract(new BigDecimal(value)).abs();
        for (int step : new int[] {-1, 1}) {
            float neighbour = widen.apply((short) (got + step));
            if (Float.isNaN(neighbour) || Float.isInfinite(neighbour) || Math.signum(neighbour) * Math.signum(value) < 0) {
                continue;
            }
            int c = error.compareTo(exact.subtract(new BigDecimal(neighbour)).abs());
            assertTrue(c <= 0, f + " -> " + value + " but " + neighbour + " is nearer");
            if (c == 0) {
                assertEquals(0, got & 1, f + " is a tie and must round to the even value");
            }
        }
    }
}
