package org.jitdispatch.runtime;

/** Memory layouts named in schemas ({@code Layout layout=strided}); only Strided tensors exist so far. */
public enum Layout {
    Strided("strided"),
    Sparse("sparse_coo"),
    SparseCsr("sparse_csr"),
    Mkldnn("_mkldnn");

    private final String schemaName;

    Layout(String schemaName) {
        this.schemaName = schemaName;
    }

    /** The spelling in schema defaults and Python, e.g. {@code strided}. */
    public String schemaName() {
        return schemaName;
    }
}
