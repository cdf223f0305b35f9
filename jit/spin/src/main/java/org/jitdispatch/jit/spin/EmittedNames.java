package org.jitdispatch.jit.spin;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jitdispatch.runtime.schema.OperatorName;

/**
 * The names of everything that is emitted for an operator, build time and run time, named once: the
 * packages the generator writes into, the registration classes ({@code RegisterCPU}) and their wrappers
 * ({@code wrapper_CPU_add_Tensor}), and the spinner's call-site classes ({@code Site_aten__add_Tensor}).
 * The spinner, its dump, its {@link InliningHints}, the generator ({@code org.jitdispatch.jit.gen.api.JavaNames}
 * delegates here), the command line and the benchmarks' {@code @InlineChain} claims all use these methods,
 * so an operator's whole story can be found by its name. Plain strings, so that nothing here needs the
 * generator's libraries.
 *
 * <p>For {@code aten::add.Tensor}: op field {@code add_Tensor}, registration class {@code RegisterCPU},
 * wrapper {@code RegisterCPU.wrapper_CPU_add_Tensor}, spun site {@code Site_aten__add_Tensor}.
 */
public final class EmittedNames {
    /** Package of the user-facing API: Torch and Tensor. */
    public static final String API_PACKAGE = "org.jitdispatch";
    /** Package of generated plumbing: Ops, registrations, wrappers. */
    public static final String GENERATED_PACKAGE = "org.jitdispatch.kernels.generated";
    /** Package of the hand-written kernels and their generated declaration interfaces. */
    public static final String KERNEL_PACKAGE = "org.jitdispatch.kernels.ops";
    /** Package the spun call-site classes are defined in (hidden classes of the spinner's own package). */
    public static final String SITE_PACKAGE = "org.jitdispatch.jit.spin";
    /** The simple-name prefix of every spun call-site class. */
    public static final String SITE_PREFIX = "Site_";
    /** The simple-name prefix of every registration class. */
    public static final String REGISTER_PREFIX = "Register";
    /** The name prefix of every kernel wrapper method in a registration class. */
    public static final String WRAPPER_PREFIX = "wrapper_";

    private EmittedNames() {
    }

    /**
     * A class-name-safe form of an operator name: every character that cannot be part of a Java identifier
     * becomes {@code _}, so {@code aten::add.Tensor} -&gt; {@code aten__add_Tensor} (the two colons give two
     * underscores).
     */
    public static String sanitize(OperatorName op) {
        return op.toString().replaceAll("[^A-Za-z0-9_$]", "_");
    }

    /** The simple name of an operator's spun call-site class: {@code aten::add.Tensor} -&gt; {@code Site_aten__add_Tensor}. */
    public static String siteClass(OperatorName op) {
        return SITE_PREFIX + sanitize(op);
    }

    /** The internal (slash-separated) name of an operator's spun call-site class. */
    public static String siteInternalName(OperatorName op) {
        return SITE_PACKAGE.replace('.', '/') + "/" + siteClass(op);
    }

    /** An operator's field in {@code Ops}: {@code add.Tensor} -&gt; {@code add_Tensor}; {@code add} -&gt; {@code add}. */
    public static String opField(OperatorName name) {
        return name.overloadName().isEmpty() ? name.name() : name.name() + "_" + name.overloadName();
    }

    /** The simple name of a dispatch key's registration class: {@code CPU} -&gt; {@code RegisterCPU}. */
    public static String registerClass(String key) {
        return REGISTER_PREFIX + key;
    }

    /** A wrapper method in the registration class of {@code key}: {@code wrapper_CPU_add_Tensor}. */
    public static String wrapper(String key, OperatorName name) {
        return WRAPPER_PREFIX + key + "_" + opField(name);
    }

    /** {@code Site(OP).method}: a call into an operator's spun call-site class. */
    private static final Pattern SITE_LINK = Pattern.compile("Site\\(([^()]+)\\)\\.(\\w+)");
    /** {@code Register(KEY).wrapper(OP)}: a call to an operator's kernel wrapper for a dispatch key. */
    private static final Pattern WRAPPER_LINK = Pattern.compile("Register\\((\\w+)\\)\\.wrapper\\(([^()]+)\\)");

    /**
     * One link of an {@code @InlineChain} claim, with the operator notation expanded to the emitted names:
     * <ul>
     *   <li>{@code Site(aten::add.Tensor).call} -&gt; {@code Site_aten__add_Tensor.call}
     *       (a method of the operator's spun call-site class);</li>
     *   <li>{@code Register(CPU).wrapper(aten::add.Tensor)} -&gt; {@code RegisterCPU.wrapper_CPU_add_Tensor}
     *       (the operator's kernel wrapper for a dispatch key).</li>
     * </ul>
     * Any other link ({@code org.jitdispatch.Torch.add}, a plain {@code Class.method}) is returned as it is.
     *
     * @throws IllegalArgumentException when the operator in a notation link is no operator name
     */
    public static String chainLink(String link) {
        Matcher site = SITE_LINK.matcher(link);
        if (site.matches()) {
            return siteClass(OperatorName.parse(site.group(1).trim())) + "." + site.group(2);
        }
        Matcher wrapper = WRAPPER_LINK.matcher(link);
        if (wrapper.matches()) {
            String key = wrapper.group(1);
            return registerClass(key) + "." + wrapper(key, OperatorName.parse(wrapper.group(2).trim()));
        }
        return link;
    }
}
