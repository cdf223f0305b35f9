/**
 * The ops.yaml data model and its validation: a port of torchgen's {@code model.py} (PyTorch 1.13)
 * {@code NativeFunction}, {@code NativeFunctionsGroup} and {@code BackendMetadata} for a Java code generator.
 *
 * <p>{@link org.jitdispatch.jit.model.OpsYaml#load} turns a {@link org.jitdispatch.jit.yaml.YamlFile} into
 * {@link org.jitdispatch.jit.model.NativeFunction}s and {@link org.jitdispatch.jit.model.StructuredGroup}s,
 * or throws an {@link org.jitdispatch.jit.model.OpsYamlException} listing every problem in the file as
 * {@code FILE:LINE: message (in entry 'func: <schema>')}, LINE being the line of the offending key (the
 * entry's first line for problems of the whole entry). Where torchgen has an assert message for a rule, the
 * message is torchgen's.
 *
 * <h2>Keys of an entry</h2>
 * <ul>
 *   <li>{@code func} (required): the schema; parse errors are reported at this line.
 *   <li>{@code variants}: {@code function}, {@code method}, or both comma-separated; default {@code function}.
 *   <li>{@code dispatch}: kernel per dispatch key; a key may be a list ({@code CPU, Meta: relu}). Keys:
 *       CPU, Meta, Lazy, PrivateUse1, CompositeImplicitAutograd, CompositeExplicitAutograd. Kernels:
 *       {@code method} (a static method of the generator's default kernel class) or {@code Class::method}
 *       (see {@link org.jitdispatch.jit.model.KernelRef}).
 *   <li>{@code structured}, {@code manual_bindings}: YAML booleans (unquoted True/False/true/false).
 *   <li>{@code structured_delegate}: an operator name without namespace; {@code structured_inherits}: a
 *       class's simple name; {@code device_check}: NoCheck or ExactSame; {@code tags}: {@code a, b} or a
 *       list of identifiers; {@code autogen}: comma-separated operator names; {@code category_override}.
 *   <li>torchgen's other keys (python_module, device_guard, manual_cpp_binding, manual_kernel_registration,
 *       cpp_no_default_args, precomputed, ufunc_inner_loop, use_const_ref_for_mutable_tensors) are accepted
 *       and recorded as {@link org.jitdispatch.jit.model.IgnoredKey}s; their values are not checked.
 *   <li>Any other key is an error that lists the allowed ones.
 * </ul>
 *
 * <h2>Rules</h2>
 * Within an entry:
 * <ul>
 *   <li>functions with out arguments have only the function variant; a method variant needs a
 *       {@code Tensor self} argument;
 *   <li>{@code structured} only on out= functions, {@code structured_delegate} only on functional and inplace
 *       functions, never both; {@code structured_inherits} only with {@code structured};
 *   <li>no Meta kernel on structured or structured-delegate functions (it is generated), no CPU kernel on
 *       structured-delegate functions (it is delegated), no CompositeImplicitAutograd on structured ones;
 *   <li>CompositeImplicitAutograd alone: not with CompositeExplicitAutograd nor with backend keys;
 *   <li>no table means {@code CompositeImplicitAutograd: }<i>cpp name</i> (except for structured,
 *       structured-delegate and manual-bindings entries); writing exactly that table is an error, and a
 *       lone CompositeImplicitAutograd kernel must use the cpp name; factory functions ({@code new_*},
 *       {@code *_like}, TensorOptions without tensor arguments) cannot get the default;
 *   <li>{@code manual_bindings} needs a CPU kernel: a CPU entry, or structured / structured_delegate;
 *   <li>{@code _foreach} functions need {@code device_check: NoCheck}.
 * </ul>
 * Across entries:
 * <ul>
 *   <li>operator names are unique; no two functions of one kind (functional, inplace, out=, ...) share a
 *       signature (torchgen's {@code FunctionSchema.signature()}, which groups variants);
 *   <li>a structured delegate exists in the file, is structured, and has the delegating function's signature;
 *   <li>a structured out= function has a functional variant, and its functional and inplace variants name
 *       it as their structured delegate.
 * </ul>
 * Rules that read an entry with errors of its own are skipped, so one mistake is reported once.
 *
 * <p>Not ported: the rules about tags ({@code nondeterministic_seeded} for random operators,
 * {@code inplace_view}, {@code generated}), since tags are carried but not interpreted here; the checks
 * of the ignored keys' values; and the special case of {@code bernoulli.p} in the signature.
 */
package org.jitdispatch.jit.model;
