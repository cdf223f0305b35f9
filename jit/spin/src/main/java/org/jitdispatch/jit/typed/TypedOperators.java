package org.jitdispatch.jit.typed;

import java.lang.invoke.CallSite;
import java.lang.invoke.ConstantCallSite;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.dynamic.loading.ClassLoadingStrategy;
import net.bytebuddy.implementation.InvokeDynamic;
import net.bytebuddy.matcher.ElementMatchers;
import org.jitdispatch.jit.spin.CallSites;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.JavaSignatures;
import org.jitdispatch.runtime.dispatch.Library;
import org.jitdispatch.runtime.dispatch.OperatorHandle;
import org.jitdispatch.runtime.schema.FunctionSchema;
import org.jitdispatch.runtime.schema.OperatorName;

/**
 * Operators defined at run time from a Java interface:
 *
 * <pre>{@code
 * interface MyOps {
 *     @Op("myops::scale(Tensor x, float f) -> Tensor")
 *     Tensor scale(Tensor x, double f);
 * }
 * Library defs = TypedOperators.define(dispatcher, MyOps.class);          // defines myops::scale
 * dispatcher.libraryImpl("myops", DispatchKey.CPU).impl("scale", kernel); // kernels as usual
 * MyOps ops = TypedOperators.implement(dispatcher, MyOps.class);
 * Tensor y = ops.scale(x, 2.0);
 * }</pre>
 *
 * The implementation is generated with ByteBuddy; each method is one {@code invokedynamic} whose call
 * site is bound, at its first call, to the operator's compiled call site, so a call costs what a call
 * through the generated API costs.
 */
public final class TypedOperators {
    private static final Map<Integer, Dispatcher> DISPATCHERS = new ConcurrentHashMap<>();
    private static final Map<Dispatcher, Integer> IDS = new ConcurrentHashMap<>();
    private static final AtomicInteger NEXT_ID = new AtomicInteger();
    private static final Method BOOTSTRAP;

    static {
        try {
            BOOTSTRAP = TypedOperators.class.getMethod("bootstrap", MethodHandles.Lookup.class, String.class,
                    MethodType.class, int.class, String.class);
        } catch (NoSuchMethodException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private TypedOperators() {
    }

    /**
     * Defines the operator of every {@code @Op} method of {@code iface}, in fragment libraries of their
     * namespaces; closing the returned libraries removes the definitions.
     */
    public static List<Library> define(Dispatcher dispatcher, Class<?> iface) {
        Map<String, Library> libraries = new LinkedHashMap<>();
        for (Map.Entry<Method, FunctionSchema> e : schemas(iface).entrySet()) {
            OperatorName name = e.getValue().name();
            Library lib = libraries.computeIfAbsent(name.namespace(), dispatcher::libraryFragment);
            lib.def(e.getValue().toString(), iface.getName() + "." + e.getKey().getName());
        }
        return new ArrayList<>(libraries.values());
    }

    /** An implementation of {@code iface} that calls each method's operator through its compiled call site. */
    public static <T> T implement(Dispatcher dispatcher, Class<T> iface) {
        Map<Method, FunctionSchema> schemas = schemas(iface);
        int id = IDS.computeIfAbsent(dispatcher, d -> {
            int next = NEXT_ID.getAndIncrement();
            DISPATCHERS.put(next, d);
            return next;
        });
        for (Map.Entry<Method, FunctionSchema> e : schemas.entrySet()) {
            String op = e.getValue().name().toString();
            if (dispatcher.findSchema(e.getValue().name()).isEmpty()) {
                throw new IllegalStateException(iface.getName() + "." + e.getKey().getName() + " calls " + op
                        + ", which is not defined in this dispatcher; call TypedOperators.define first");
            }
        }
        DynamicType.Builder<Object> builder = new ByteBuddy()
                .subclass(Object.class)
                .implement(iface)
                .name(iface.getName() + "$Ops");
        for (Map.Entry<Method, FunctionSchema> e : schemas.entrySet()) {
            builder = builder.method(ElementMatchers.is(e.getKey()))
                    .intercept(InvokeDynamic.bootstrap(BOOTSTRAP, id, e.getValue().name().toString())
                            .withMethodArguments());
        }
        try (DynamicType.Unloaded<Object> unloaded = builder.make()) {
            Class<?> impl = unloaded.load(iface.getClassLoader(), ClassLoadingStrategy.Default.WRAPPER)
                    .getLoaded();
            return iface.cast(impl.getDeclaredConstructor().newInstance());
        } catch (ReflectiveOperationException ex) {
            throw new IllegalStateException("cannot instantiate the generated implementation of " + iface.getName(), ex);
        }
    }

    /**
     * The invokedynamic bootstrap of generated implementations: binds the call to the operator's compiled
     * call site. Public only because the generated class must reach it.
     */
    public static CallSite bootstrap(MethodHandles.Lookup caller, String name, MethodType type, int dispatcherId,
                                     String op) {
        Dispatcher d = DISPATCHERS.get(dispatcherId);
        OperatorHandle handle = d.findSchemaOrThrow(op);
        return new ConstantCallSite(CallSites.of(d).invoker(handle, type));
    }

    /** Every method of the interface with its parsed, checked schema. */
    private static Map<Method, FunctionSchema> schemas(Class<?> iface) {
        if (!iface.isInterface() || !Modifier.isPublic(iface.getModifiers())) {
            throw new IllegalArgumentException(iface.getName() + " must be a public interface");
        }
        Map<Method, FunctionSchema> out = new LinkedHashMap<>();
        for (Method m : iface.getMethods()) {
            if (m.isDefault() || Modifier.isStatic(m.getModifiers())) {
                continue;
            }
            Op op = m.getAnnotation(Op.class);
            String where = iface.getName() + "." + m.getName();
            if (op == null) {
                throw new IllegalArgumentException(where + " has no @Op schema");
            }
            FunctionSchema schema;
            try {
                schema = FunctionSchema.parse(op.value());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
            }
            if (schema.name().namespace().isEmpty()) {
                throw new IllegalArgumentException(where + ": the @Op schema needs a namespace, e.g. 'myops::"
                        + schema + "'");
            }
            JavaSignatures.check(schema, MethodType.methodType(m.getReturnType(), m.getParameterTypes()), where);
            out.put(m, schema);
        }
        return out;
    }
}
