package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** Interleaves the channels of {@code groups} groups ({@code torch.nn.ChannelShuffle}), as ShuffleNet mixes groups. */
public final class ChannelShuffle extends Module {
    private final long groups;

    public ChannelShuffle(long groups) {
        this.groups = groups;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.channel_shuffle(input, groups);
    }

    @Override
    protected String extraRepr() {
        return "groups=" + groups;
    }
}
