package org.jitdispatch.kernels;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a float32 kernel class, named {@code Float...}, as the one definition of its float64 twin: the build
 * (jit/codegen's TypeVariantGen) writes {@code Double...} from it by replacing {@code float} with
 * {@code double} in its types, names, literals and comments. Edit the template; the variant follows.
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.TYPE)
public @interface TypeTemplate {
}
