package org.jitdispatch.runtime;

/** Memory formats named in schemas ({@code MemoryFormat memory_format=contiguous_format}). */
public enum MemoryFormat {
    Contiguous("contiguous_format"),
    Preserve("preserve_format"),
    ChannelsLast("channels_last"),
    ChannelsLast3d("channels_last_3d");

    private final String schemaName;

    MemoryFormat(String schemaName) {
        this.schemaName = schemaName;
    }

    public String schemaName() {
        return schemaName;
    }
}
