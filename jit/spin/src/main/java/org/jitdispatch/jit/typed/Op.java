package org.jitdispatch.jit.typed;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The schema of an operator that an interface method calls, with its namespace:
 * {@code @Op("myops::scale(Tensor x, float f) -> Tensor")}. The method's parameters and return type
 * follow the dispatcher's Java calling convention for that schema.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Op {
    String value();
}
