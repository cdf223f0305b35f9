package org.example.gate;

/**
 * A method too big for C2 to inline at a hot call site: its bytecode is far above HotSpot's FreqInlineSize
 * (325 bytes on x86-64 and AArch64), so C2 compiles it on its own and calls it ("hot method too big", or
 * "already compiled into a big method" once it has been). The negative control of this example's gate.
 */
public final class Mixer {
    private Mixer() {
    }

    public static long mix(long seed) {
        long x = seed;
        x = (x ^ (x >>> 7)) * 0x1E3779B97F4A7C15L + 7L;
        x = (x ^ (x >>> 8)) * 0x3C6EF372FE94F82AL + 38L;
        x = (x ^ (x >>> 9)) * 0x5AA66D2C7DDF743FL + 69L;
        x = (x ^ (x >>> 10)) * 0x78DDE6E5FD29F054L + 100L;
        x = (x ^ (x >>> 11)) * 0x1715609F7C746C69L + 131L;
        x = (x ^ (x >>> 12)) * 0x354CDA58FBBEE87EL + 162L;
        x = (x ^ (x >>> 13)) * 0x538454127B096493L + 193L;
        x = (x ^ (x >>> 14)) * 0x71BBCDCBFA53E0A8L + 224L;
        x = (x ^ (x >>> 15)) * 0xFF34785799E5CBDL + 255L;
        x = (x ^ (x >>> 16)) * 0x2E2AC13EF8E8D8D2L + 286L;
        x = (x ^ (x >>> 17)) * 0x4C623AF8783354E7L + 317L;
        x = (x ^ (x >>> 18)) * 0x6A99B4B1F77DD0FCL + 348L;
        x = (x ^ (x >>> 19)) * 0x8D12E6B76C84D11L + 379L;
        x = (x ^ (x >>> 20)) * 0x2708A824F612C926L + 410L;
        x = (x ^ (x >>> 21)) * 0x454021DE755D453BL + 441L;
        x = (x ^ (x >>> 22)) * 0x63779B97F4A7C150L + 472L;
        x = (x ^ (x >>> 23)) * 0x1AF155173F23D65L + 503L;
        x = (x ^ (x >>> 24)) * 0x1FE68F0AF33CB97AL + 534L;
        x = (x ^ (x >>> 25)) * 0x3E1E08C47287358FL + 565L;
        x = (x ^ (x >>> 26)) * 0x5C55827DF1D1B1A4L + 596L;
        x = (x ^ (x >>> 27)) * 0x7A8CFC37711C2DB9L + 627L;
        x = (x ^ (x >>> 28)) * 0x18C475F0F066A9CEL + 658L;
        x = (x ^ (x >>> 29)) * 0x36FBEFAA6FB125E3L + 689L;
        x = (x ^ (x >>> 7)) * 0x55336963EEFBA1F8L + 720L;
        x = (x ^ (x >>> 8)) * 0x736AE31D6E461E0DL + 751L;
        x = (x ^ (x >>> 9)) * 0x11A25CD6ED909A22L + 782L;
        x = (x ^ (x >>> 10)) * 0x2FD9D6906CDB1637L + 813L;
        x = (x ^ (x >>> 11)) * 0x4E115049EC25924CL + 844L;
        x = (x ^ (x >>> 12)) * 0x6C48CA036B700E61L + 875L;
        x = (x ^ (x >>> 13)) * 0xA8043BCEABA8A76L + 906L;
        x = (x ^ (x >>> 14)) * 0x28B7BD766A05068BL + 937L;
        x = (x ^ (x >>> 15)) * 0x46EF372FE94F82A0L + 968L;
        x = (x ^ (x >>> 16)) * 0x6526B0E96899FEB5L + 999L;
        x = (x ^ (x >>> 17)) * 0x35E2AA2E7E47ACAL + 1030L;
        x = (x ^ (x >>> 18)) * 0x2195A45C672EF6DFL + 1061L;
        x = (x ^ (x >>> 19)) * 0x3FCD1E15E67972F4L + 1092L;
        x = (x ^ (x >>> 20)) * 0x5E0497CF65C3EF09L + 1123L;
        x = (x ^ (x >>> 21)) * 0x7C3C1188E50E6B1EL + 1154L;
        x = (x ^ (x >>> 22)) * 0x1A738B426458E733L + 1185L;
        x = (x ^ (x >>> 23)) * 0x38AB04FBE3A36348L + 1216L;
        x = (x ^ (x >>> 24)) * 0x56E27EB562EDDF5DL + 1247L;
        x = (x ^ (x >>> 25)) * 0x7519F86EE2385B72L + 1278L;
        x = (x ^ (x >>> 26)) * 0x135172286182D787L + 1309L;
        x = (x ^ (x >>> 27)) * 0x3188EBE1E0CD539CL + 1340L;
        x = (x ^ (x >>> 28)) * 0x4FC0659B6017CFB1L + 1371L;
        x = (x ^ (x >>> 29)) * 0x6DF7DF54DF624BC6L + 1402L;
        x = (x ^ (x >>> 7)) * 0xC2F590E5EACC7DBL + 1433L;
        x = (x ^ (x >>> 8)) * 0x2A66D2C7DDF743F0L + 1464L;
        return x;
    }
}
