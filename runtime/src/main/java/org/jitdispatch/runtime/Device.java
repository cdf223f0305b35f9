package org.jitdispatch.runtime;

import java.util.Objects;

/** A device type and an index (-1 means "the current device", as in c10). */
public final class Device {
    public static final Device CPU = new Device(DeviceType.CPU, -1);
    public static final Device META = new Device(DeviceType.Meta, -1);
    public static final Device LAZY = new Device(DeviceType.Lazy, -1);

    private final DeviceType type;
    private final int index;

    private Device(DeviceType type, int index) {
        this.type = Objects.requireNonNull(type, "type");
        this.index = index;
    }

    public static Device of(DeviceType type) {
        switch (type) {
            case CPU: return CPU;
            case Meta: return META;
            case Lazy: return LAZY;
            default: return new Device(type, -1);
        }
    }

    public static Device of(DeviceType type, int index) {
        if (index < -1) {
            throw new IllegalArgumentException("Device index must be -1 or non-negative, got " + index);
        }
        return index == -1 ? of(type) : new Device(type, index);
    }

    /** Parses {@code cpu}, {@code meta}, {@code lazy:0}. */
    public static Device parse(String s) {
        int colon = s.indexOf(':');
        if (colon < 0) {
            return of(DeviceType.fromString(s));
        }
        try {
            return of(DeviceType.fromString(s.substring(0, colon)), Integer.parseInt(s.substring(colon + 1)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Invalid device string: '" + s + "'");
        }
    }

    public DeviceType type() {
        return type;
    }

    public int index() {
        return index;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Device d && d.type == type && d.index == index;
    }

    @Override
    public int hashCode() {
        return type.hashCode() * 31 + index;
    }

    @Override
    public String toString() {
        return index < 0 ? type.lowerName() : type.lowerName() + ":" + index;
    }
}
