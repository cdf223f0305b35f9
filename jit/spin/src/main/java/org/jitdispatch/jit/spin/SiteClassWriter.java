package org.jitdispatch.jit.spin;

import static org.objectweb.asm.Opcodes.ACC_FINAL;
import static org.objectweb.asm.Opcodes.ACC_PRIVATE;
import static org.objectweb.asm.Opcodes.ACC_PUBLIC;
import static org.objectweb.asm.Opcodes.ACC_STATIC;
import static org.objectweb.asm.Opcodes.ACC_SUPER;
import static org.objectweb.asm.Opcodes.ALOAD;
import static org.objectweb.asm.Opcodes.ASTORE;
import static org.objectweb.asm.Opcodes.BIPUSH;
import static org.objectweb.asm.Opcodes.CHECKCAST;
import static org.objectweb.asm.Opcodes.GETSTATIC;
import static org.objectweb.asm.Opcodes.ILOAD;
import static org.objectweb.asm.Opcodes.INVOKEINTERFACE;
import static org.objectweb.asm.Opcodes.INVOKESTATIC;
import static org.objectweb.asm.Opcodes.INVOKEVIRTUAL;
import static org.objectweb.asm.Opcodes.IRETURN;
import static org.objectweb.asm.Opcodes.ISUB;
import static org.objectweb.asm.Opcodes.LAND;
import static org.objectweb.asm.Opcodes.LCONST_0;
import static org.objectweb.asm.Opcodes.LLOAD;
import static org.objectweb.asm.Opcodes.LOR;
import static org.objectweb.asm.Opcodes.LSTORE;
import static org.objectweb.asm.Opcodes.PUTSTATIC;
import static org.objectweb.asm.Opcodes.RETURN;
import static org.objectweb.asm.Opcodes.V17;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.util.List;
import org.jitdispatch.runtime.TensorImpl;
import org.jitdispatch.runtime.dispatch.DispatchKeyExtraction;
import org.jitdispatch.runtime.dispatch.DispatchKeySet;
import org.jitdispatch.runtime.dispatch.LocalDispatchKeySet;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * Emits the bytecode of one operator's call-site class for one table snapshot: one small method per
 * bytecode shape, as the JDK's own invoke generators are written.
 *
 * <pre>
 * static R call(P...)            // every thread's include/exclude sets are the defaults: folded in
 * static R callTls(P...)         // reads this thread's sets
 *   long ks = keys(dispatch arg 1) | keys(dispatch arg 2) ...
 *   ks = (ks | INCLUDED) &amp; (MASK &amp; ~EXCLUDED)            // or LocalDispatchKeySet.applyTo(ks, MASK)
 *   switch (63 - Long.numberOfLeadingZeros(ks)) {         // the highest key
 *     case CPU:  return RegisterCPU.wrapper_CPU_add_Tensor(a, b, alpha);   // invokestatic, inlinable
 *     case Meta: return RegisterMeta.wrapper_Meta_add_Tensor(a, b, alpha);
 *     default:   return SLOW.invokeExact(ks, a, b, alpha);  // fallbacks, boxed kernels, the error
 *   }
 * </pre>
 */
final class SiteClassWriter {
    static final String CALL = "call";
    static final String CALL_TLS = "callTls";
    static final String REDISPATCH = "redispatch";

    private final String internalName;
    private final MethodType signature;
    private final int[] dispatchArgs;
    private final long mask;
    private final List<SitePlan.Case> cases;
    private final int keySetLocal;

    SiteClassWriter(String internalName, SitePlan plan) {
        this.internalName = internalName;
        this.signature = plan.signature();
        this.dispatchArgs = plan.dispatchArgs();
        this.mask = plan.nonFallthroughKeys();
        this.cases = plan.cases();
        int slots = 0;
        for (Class<?> p : signature.parameterArray()) {
            slots += Type.getType(p).getSize();
        }
        this.keySetLocal = slots;
    }

    /** Field names of the handles handed over as class data, in class-data order. */
    static String constantField(int i) {
        return "K" + i;
    }

    static final String SLOW = "SLOW";

    byte[] write(int constants) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(V17, ACC_PUBLIC | ACC_FINAL | ACC_SUPER, internalName, null, "java/lang/Object", null);
        String mhDesc = Type.getDescriptor(MethodHandle.class);
        for (int i = 0; i < constants; i++) {
            cw.visitField(ACC_PRIVATE | ACC_STATIC | ACC_FINAL, constantField(i), mhDesc, null, null).visitEnd();
        }
        cw.visitField(ACC_PRIVATE | ACC_STATIC | ACC_FINAL, SLOW, mhDesc, null, null).visitEnd();
        emitClassInit(cw, constants);
        emitCall(cw, CALL, true);
        emitCall(cw, CALL_TLS, false);
        emitRedispatch(cw);
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** Fills the static final handles from the class data list: K0..Kn-1, then SLOW. */
    private void emitClassInit(ClassWriter cw, int constants) {
        MethodVisitor mv = cw.visitMethod(ACC_STATIC, "<clinit>", "()V", null, null);
        mv.visitCode();
        mv.visitMethodInsn(INVOKESTATIC, "java/lang/invoke/MethodHandles", "lookup",
                "()Ljava/lang/invoke/MethodHandles$Lookup;", false);
        mv.visitLdcInsn("_");
        mv.visitLdcInsn(Type.getType(List.class));
        mv.visitMethodInsn(INVOKESTATIC, "java/lang/invoke/MethodHandles", "classData",
                "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/Object;", false);
        mv.visitTypeInsn(CHECKCAST, "java/util/List");
        mv.visitVarInsn(ASTORE, 0);
        for (int i = 0; i <= constants; i++) {
            mv.visitVarInsn(ALOAD, 0);
            mv.visitLdcInsn(i);
            mv.visitMethodInsn(INVOKEINTERFACE, "java/util/List", "get", "(I)Ljava/lang/Object;", true);
            mv.visitTypeInsn(CHECKCAST, Type.getInternalName(MethodHandle.class));
            mv.visitFieldInsn(PUTSTATIC, internalName, i < constants ? constantField(i) : SLOW,
                    Type.getDescriptor(MethodHandle.class));
        }
        mv.visitInsn(RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    private void emitCall(ClassWriter cw, String name, boolean assumeDefaultTls) {
        MethodVisitor mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, name, signature.toMethodDescriptorString(), null, null);
        mv.visitCode();
        Slots slots = new Slots(0, keySetLocal);
        emitKeyExtraction(mv);
        emitKeySetAdjustment(mv, assumeDefaultTls);
        mv.visitVarInsn(LSTORE, slots.keySet());
        emitDispatch(mv, slots);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /**
     * {@code redispatch(long ks, P...)}: c10's redispatch for kernels that call below themselves. The key
     * set comes from the caller; only the fallthrough mask is applied, no TLS.
     */
    private void emitRedispatch(ClassWriter cw) {
        MethodType type = signature.insertParameterTypes(0, long.class);
        MethodVisitor mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, REDISPATCH, type.toMethodDescriptorString(), null, null);
        Slots slots = new Slots(2, 0);
        mv.visitCode();
        mv.visitVarInsn(LLOAD, slots.keySet());
        mv.visitLdcInsn(mask);
        mv.visitInsn(LAND);
        mv.visitVarInsn(LSTORE, slots.keySet());
        emitDispatch(mv, slots);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /** OR of the key sets of the dispatch arguments (none: 0). */
    private void emitKeyExtraction(MethodVisitor mv) {
        if (dispatchArgs.length == 0) {
            mv.visitInsn(LCONST_0);
            return;
        }
        String owner = Type.getInternalName(DispatchKeyExtraction.class);
        for (int i = 0; i < dispatchArgs.length; i++) {
            Class<?> p = signature.parameterType(dispatchArgs[i]);
            mv.visitVarInsn(ALOAD, slotOf(dispatchArgs[i]));
            String desc = p.isArray() ? "([" + Type.getDescriptor(TensorImpl.class) + ")J"
                    : "(" + Type.getDescriptor(TensorImpl.class) + ")J";
            mv.visitMethodInsn(INVOKESTATIC, owner, "keysOf", desc, false);
            if (i > 0) {
                mv.visitInsn(LOR);
            }
        }
    }

    /** {@code ((ks | included) & ~excluded) & mask}, with the default sets folded into two constants. */
    private void emitKeySetAdjustment(MethodVisitor mv, boolean assumeDefaultTls) {
        if (assumeDefaultTls) {
            long add = LocalDispatchKeySet.DEFAULT_INCLUDED & mask;
            long keep = mask & ~LocalDispatchKeySet.DEFAULT_EXCLUDED;
            if (add != 0) {
                mv.visitLdcInsn(add);
                mv.visitInsn(LOR);
            }
            mv.visitLdcInsn(keep);
            mv.visitInsn(LAND);
        } else {
            mv.visitLdcInsn(mask);
            mv.visitMethodInsn(INVOKESTATIC, Type.getInternalName(LocalDispatchKeySet.class), "applyTo", "(JJ)J", false);
        }
    }

    /** Where a method keeps its arguments and its key set. */
    private record Slots(int firstArgument, int keySet) {
    }

    /** The switch on the highest key, its cases and the slow path. */
    private void emitDispatch(MethodVisitor mv, Slots slots) {
        emitHighestKeyIndex(mv, slots);
        Label slow = new Label();
        emitSwitch(mv, slow, slots);
        mv.visitLabel(slow);
        emitSlowPath(mv, slots);
    }

    /** {@code 63 - Long.numberOfLeadingZeros(ks)}: the highest key's ordinal, -1 for no key. */
    private void emitHighestKeyIndex(MethodVisitor mv, Slots slots) {
        mv.visitIntInsn(BIPUSH, 63);
        mv.visitVarInsn(LLOAD, slots.keySet());
        mv.visitMethodInsn(INVOKESTATIC, "java/lang/Long", "numberOfLeadingZeros", "(J)I", false);
        mv.visitInsn(ISUB);
    }

    private void emitSwitch(MethodVisitor mv, Label slow, Slots slots) {
        if (cases.isEmpty()) {
            mv.visitInsn(org.objectweb.asm.Opcodes.POP);
            return;
        }
        int[] keys = new int[cases.size()];
        Label[] labels = new Label[cases.size()];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = cases.get(i).key().ordinal();
            labels[i] = new Label();
        }
        mv.visitLookupSwitchInsn(slow, keys, labels);
        for (int i = 0; i < keys.length; i++) {
            mv.visitLabel(labels[i]);
            emitKernelCall(mv, cases.get(i), slots);
        }
    }

    private void emitKernelCall(MethodVisitor mv, SitePlan.Case c, Slots slots) {
        KernelCall call = c.call();
        if (call instanceof KernelCall.Static s) {
            if (s.takesKeySet()) {
                mv.visitVarInsn(LLOAD, slots.keySet());
                mv.visitMethodInsn(INVOKESTATIC, Type.getInternalName(DispatchKeySet.class), "fromRaw",
                        "(J)" + Type.getDescriptor(DispatchKeySet.class), false);
            }
            loadArguments(mv, slots);
            mv.visitMethodInsn(INVOKESTATIC, Type.getInternalName(s.owner()), s.name(),
                    s.type().toMethodDescriptorString(), false);
        } else {
            mv.visitFieldInsn(GETSTATIC, internalName, constantField(c.constantIndex()), Type.getDescriptor(MethodHandle.class));
            mv.visitVarInsn(LLOAD, slots.keySet());
            loadArguments(mv, slots);
            mv.visitMethodInsn(INVOKEVIRTUAL, Type.getInternalName(MethodHandle.class), "invokeExact",
                    signature.insertParameterTypes(0, long.class).toMethodDescriptorString(), false);
        }
        emitReturn(mv);
    }

    /** Out of line in effect: everything that is not an inlined kernel goes through the table's handle. */
    private void emitSlowPath(MethodVisitor mv, Slots slots) {
        mv.visitFieldInsn(GETSTATIC, internalName, SLOW, Type.getDescriptor(MethodHandle.class));
        mv.visitVarInsn(LLOAD, slots.keySet());
        loadArguments(mv, slots);
        mv.visitMethodInsn(INVOKEVIRTUAL, Type.getInternalName(MethodHandle.class), "invokeExact",
                signature.insertParameterTypes(0, long.class).toMethodDescriptorString(), false);
        emitReturn(mv);
    }

    private void loadArguments(MethodVisitor mv, Slots slots) {
        int slot = slots.firstArgument();
        for (Class<?> p : signature.parameterArray()) {
            Type t = Type.getType(p);
            mv.visitVarInsn(t.getOpcode(ILOAD), slot);
            slot += t.getSize();
        }
    }

    private void emitReturn(MethodVisitor mv) {
        mv.visitInsn(Type.getType(signature.returnType()).getOpcode(IRETURN));
    }

    private int slotOf(int param) {
        int slot = 0;
        for (int i = 0; i < param; i++) {
            slot += Type.getType(signature.parameterType(i)).getSize();
        }
        return slot;
    }

}
