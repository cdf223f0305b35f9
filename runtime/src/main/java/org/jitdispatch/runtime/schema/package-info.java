/**
 * Operator schemas: a parser for PyTorch's {@code func:} schema grammar and an immutable model of it.
 *
 * <p>The model is a port of torchgen's {@code model.py} (PyTorch 1.13): {@link FunctionSchema},
 * {@link OperatorName}, {@link Argument}, {@link Return}, {@link Annotation} and the {@link Type}
 * hierarchy. As in torchgen, the model is a lossless representation of the text it was parsed
 * from: {@code FunctionSchema.parse(s).toString()} reproduces {@code s} for every schema in
 * PyTorch's {@code native_functions.yaml}. The parser is a little more forgiving than torchgen
 * about whitespace between tokens (like TorchScript's schema parser is); such input is printed
 * back in the canonical spacing.
 *
 * <p>Grammar (canonical spacing shown; {@code [x]} is optional, {@code x*} repeats):
 * <pre>
 * schema      := operator '(' [params] ')' ' -> ' returns
 * operator    := [namespace '::'] name ['.' overload]        (identifiers)
 * params      := param (', ' param)*       param := '*' | argument
 * argument    := annotated-type ' ' name ['=' default]
 * returns     := '()' | return | '(' return (', ' return)* ')'
 * return      := annotated-type [' ' name]
 * annotated-type := 'Tensor(' annotation ')' ('' | '?' | '[]') | type
 * type        := base-type | '__torch__.torch.classes.' dotted-name | type '?' | type '[' [size] ']'
 * annotation  := alias ('|' alias)* ['!'] [' -> ' ('*' | alias ('|' alias)*)]   (alias: a-z)
 * default     := None | True | False | int | float | inf | -inf | nan | string | list | identifier
 * </pre>
 *
 * <p>Everything that is malformed, and every violation of PyTorch's schema invariants (see
 * {@link FunctionSchema#parse}), is reported as a {@link SchemaParseException}.
 */
package org.jitdispatch.runtime.schema;
