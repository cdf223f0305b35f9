package org.jitdispatch.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.random.CPUGenerator;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * DataLoader, RandomSampler and randomSplit against PyTorch 1.13's torch.utils.data (data/data_loader.json, from
 * kernels/src/test/python/make_data_golden.py): the same batches for two passes after the same seed, the same
 * number of batches, and the default generator left in the same state (the two numbers drawn after).
 */
class DataLoaderGoldenTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode golden() throws IOException {
        try (InputStream in = DataLoaderGoldenTest.class.getResourceAsStream("/data/data_loader.json")) {
            return JSON.readTree(in);
        }
    }

    @TestFactory
    Stream<DynamicTest> loadersYieldPyTorchsBatches() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode c : golden().get("loaders")) {
            tests.add(dynamicTest(c.toString().substring(0, 160), () -> runLoader(c)));
        }
        return tests.stream();
    }

    private static void runLoader(JsonNode c) {
        long n = c.get("n").asLong();
        Torch.manual_seed(c.get("seed").asLong());
        Tensor indices = Torch.arange(Scalar.of(n));
        TensorDataset data = new TensorDataset(indices, indices.mul(Scalar.of(10)));
        CPUGenerator generator = c.get("generator_seed").isNull() ? null
                : (CPUGenerator) new CPUGenerator().manual_seed(c.get("generator_seed").asLong());
        DataLoader.Options options = DataLoader.Options.batchSize(c.get("batch_size").asLong())
                .withDropLast(c.get("drop_last").asBoolean());
        if (!c.get("replacement").isNull()) {
            // the script gives its generator to the sampler only: the loader's base seed comes from the default one
            Long numSamples = c.get("num_samples").isNull() ? null : c.get("num_samples").asLong();
            options = options.withSampler(new RandomSampler(data, c.get("replacement").asBoolean(), numSamples, generator));
        } else {
            options = options.withShuffle(c.get("shuffle").asBoolean()).withGenerator(generator);
        }
        DataLoader loader = new DataLoader(data, options);
        assertEquals(c.get("len").asLong(), loader.size(), "len(loader)");
        for (JsonNode epoch : c.get("epochs")) {
            Iterator<Tensor[]> pass = loader.iterator();
            for (JsonNode expected : epoch) {
                Tensor[] batch = pass.next();
                long[] want = new long[expected.size()];
                for (int i = 0; i < want.length; i++) {
                    want[i] = expected.get(i).asLong();
                }
                assertArrayEquals(want, batch[0].toLongArray());
                assertArrayEquals(batch[0].mul(Scalar.of(10)).toLongArray(), batch[1].toLongArray());
                assertEquals(ScalarType.Int64, batch[0].dtype());
            }
            assertEquals(false, pass.hasNext());
        }
        assertAfter(c.get("after"));
    }

    @TestFactory
    Stream<DynamicTest> randomSplitMakesPyTorchsSubsets() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode c : golden().get("splits")) {
            tests.add(dynamicTest(c.toString().substring(0, 80), () -> {
                Torch.manual_seed(c.get("seed").asLong());
                TensorDataset data = new TensorDataset(Torch.arange(Scalar.of(c.get("n").asLong())));
                CPUGenerator generator = c.get("generator_seed").isNull() ? null
                        : (CPUGenerator) new CPUGenerator().manual_seed(c.get("generator_seed").asLong());
                JsonNode lengths = c.get("lengths");
                List<Subset<Tensor[]>> subsets;
                if (lengths.get(0).isIntegralNumber()) {
                    long[] l = new long[lengths.size()];
                    for (int i = 0; i < l.length; i++) {
                        l[i] = lengths.get(i).asLong();
                    }
                    subsets = Datasets.randomSplit(data, l, generator);
                } else {
                    double[] f = new double[lengths.size()];
                    for (int i = 0; i < f.length; i++) {
                        f[i] = lengths.get(i).asDouble();
                    }
                    subsets = Datasets.randomSplit(data, f, generator);
                }
                assertEquals(c.get("subsets").size(), subsets.size());
                for (int s = 0; s < subsets.size(); s++) {
                    JsonNode want = c.get("subsets").get(s);
                    assertEquals(want.size(), subsets.get(s).size());
                    for (int i = 0; i < want.size(); i++) {
                        assertEquals(want.get(i).asLong(), subsets.get(s).indices()[i]);
                        assertEquals(want.get(i).asLong(), subsets.get(s).get(i)[0].item().toLong());
                    }
                }
                assertAfter(c.get("after"));
            }));
        }
        return tests.stream();
    }

    private static void assertAfter(JsonNode after) {
        float[] drawn = Torch.rand(2).toFloatArray();
        for (int i = 0; i < 2; i++) {
            assertEquals(Float.parseFloat(after.get(i).asText()), drawn[i], "the default generator's next draw " + i);
        }
    }

    @Test
    void badArgumentsGetPyTorchsMessages() {
        Tensor x = Torch.zeros(3);
        assertEquals("Size mismatch between tensors",
                assertThrows(IllegalArgumentException.class, () -> new TensorDataset(x, Torch.zeros(4))).getMessage());
        assertEquals("Dimension specified as 0 but tensor has no dimensions", assertThrows(
                IndexOutOfBoundsException.class, () -> new TensorDataset(Torch.scalarTensor(Scalar.of(1.0)))).getMessage());
        TensorDataset data = new TensorDataset(x);
        assertEquals("batch_size should be a positive integer value, but got batch_size=0",
                assertThrows(IllegalArgumentException.class, () -> new DataLoader(data, 0)).getMessage());
        assertEquals("num_samples should be a positive integer value, but got num_samples=0",
                assertThrows(IllegalArgumentException.class,
                        () -> new DataLoader(new TensorDataset(Torch.zeros(0)), 2, true)).getMessage());
        assertEquals("sampler option is mutually exclusive with shuffle", assertThrows(IllegalArgumentException.class,
                () -> DataLoader.Options.batchSize(2).withSampler(new SequentialSampler(data)).withShuffle(true))
                .getMessage());
        assertEquals("Sum of input lengths does not equal the length of the input dataset!",
                assertThrows(IllegalArgumentException.class,
                        () -> Datasets.randomSplit(data, new long[] {1, 1}, null)).getMessage());
        assertEquals("Fraction at index 2 is not between 0 and 1", assertThrows(IllegalArgumentException.class,
                () -> Datasets.randomSplit(data, new double[] {0.5, 0.7, -0.2}, null)).getMessage());
    }

    @Test
    void batchesAreCopiesAndSamplesAreViews() {
        Tensor x = Torch.tensor(new float[][] {{1, 2}, {3, 4}, {5, 6}});
        TensorDataset data = new TensorDataset(x);
        Tensor[] first = new DataLoader(data, 2).iterator().next();
        first[0].zero_();
        assertArrayEquals(new float[] {1, 2, 3, 4, 5, 6}, x.toFloatArray());
        data.get(1)[0].zero_();
        assertArrayEquals(new float[] {1, 2, 0, 0, 5, 6}, x.toFloatArray());
    }

    @Test
    void aDatasetOfItsOwnIsStackedSampleBySample() {
        Dataset<Tensor[]> squares = new Dataset<>() {
            @Override
            public long size() {
                return 5;
            }

            @Override
            public Tensor[] get(long index) {
                return new Tensor[] {Torch.tensor(new float[] {index, index * index}), Torch.tensor(new long[] {index})};
            }
        };
        List<Tensor[]> batches = new ArrayList<>();
        new DataLoader(squares, 2).forEach(batches::add);
        assertEquals(3, batches.size());
        assertArrayEquals(new long[] {2, 2}, batches.get(0)[0].sizes());
        assertArrayEquals(new float[] {2, 4, 3, 9}, batches.get(1)[0].toFloatArray());
        assertArrayEquals(new long[] {1, 1}, batches.get(2)[1].sizes());
    }
}
