package org.jitdispatch.runtime.schema;

/**
 * torchgen's SchemaKind: how an operator produces its result. The constants keep torchgen's
 * lowercase spelling, which other modules (and PyTorch documentation) use verbatim.
 */
public enum SchemaKind {
    /** Returns newly allocated outputs and mutates nothing ({@code add.Tensor}). */
    functional,
    /** Mutates {@code self} and returns it ({@code add_.Tensor}). */
    inplace,
    /** Writes into explicitly provided keyword-only {@code out} arguments ({@code add.out}). */
    out,
    /** Mutates positional arguments other than {@code self} ({@code _fused_moving_avg_obs_fq_helper}). */
    mutable,
    /** An out= operator that also takes {@code _scratch_} buffers for memory planning. */
    scratch
}
