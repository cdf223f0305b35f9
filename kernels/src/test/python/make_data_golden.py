"""Golden batches from PyTorch 1.13's torch.utils.data for DataLoaderGoldenTest.

Run with Debian's python3-torch:  /usr/bin/python3 kernels/src/test/python/make_data_golden.py
It writes kernels/src/test/resources/data/data_loader.json. Each loader case iterates a DataLoader over
TensorDataset(arange(n)) (so each batch holds the indices it took) for two epochs after torch.manual_seed(seed),
then draws torch.rand(2), which shows how far the default generator moved. Each split case records the indices
of each subset random_split makes.
"""
import json
import os

import torch
from torch.utils.data import DataLoader, RandomSampler, TensorDataset, random_split

LOADERS = []
SPLITS = []


def loader_case(n, batch_size, shuffle=False, drop_last=False, seed=0, generator_seed=None, replacement=None,
                num_samples=None):
    torch.manual_seed(seed)
    data = TensorDataset(torch.arange(n), torch.arange(n) * 10)
    generator = None if generator_seed is None else torch.Generator().manual_seed(generator_seed)
    if replacement is not None:
        sampler = RandomSampler(data, replacement=replacement, num_samples=num_samples, generator=generator)
        loader = DataLoader(data, batch_size=batch_size, sampler=sampler, drop_last=drop_last)
    else:
        loader = DataLoader(data, batch_size=batch_size, shuffle=shuffle, drop_last=drop_last, generator=generator)
    epochs = []
    for _ in range(2):
        batches = []
        for x, y in loader:
            assert torch.equal(y, x * 10)
            batches.append(x.tolist())
        epochs.append(batches)
    LOADERS.append({"n": n, "batch_size": batch_size, "shuffle": shuffle, "drop_last": drop_last, "seed": seed,
                    "generator_seed": generator_seed, "replacement": replacement, "num_samples": num_samples,
                    "len": len(loader), "epochs": epochs, "after": [repr(v) for v in torch.rand(2).tolist()]})


def split_case(n, lengths, seed=0, generator_seed=None):
    torch.manual_seed(seed)
    kwargs = {} if generator_seed is None else {"generator": torch.Generator().manual_seed(generator_seed)}
    subsets = random_split(list(range(n)), lengths, **kwargs)
    SPLITS.append({"n": n, "lengths": lengths, "seed": seed, "generator_seed": generator_seed,
                   "subsets": [list(s.indices) for s in subsets],
                   "after": [repr(v) for v in torch.rand(2).tolist()]})


loader_case(10, 3)
loader_case(10, 3, drop_last=True)
loader_case(10, 5)
loader_case(10, 3, shuffle=True, seed=0)
loader_case(10, 4, shuffle=True, seed=42, drop_last=True)
loader_case(7, 2, shuffle=True, seed=3, generator_seed=11)
loader_case(100, 16, shuffle=True, seed=5)
loader_case(1, 4, shuffle=True, seed=1)
loader_case(9, 4, seed=2, replacement=True)
loader_case(9, 4, seed=2, replacement=True, num_samples=70)
loader_case(9, 5, seed=4, replacement=False, num_samples=20)
loader_case(9, 5, seed=4, replacement=True, num_samples=20, generator_seed=8)

split_case(10, [3, 7])
split_case(10, [3, 7], generator_seed=42)
split_case(30, [0.3, 0.3, 0.4], seed=9)
split_case(11, [0.5, 0.5], seed=1)
split_case(5, [0.2, 0.3, 0.5], seed=2)

out = os.path.join(os.path.dirname(__file__), "..", "resources", "data", "data_loader.json")
with open(out, "w") as f:
    # one case a line
    f.write('{"torch_version": %s,\n "loaders": [\n' % json.dumps(torch.__version__))
    f.write(",\n".join("  " + json.dumps(c) for c in LOADERS))
    f.write('],\n "splits": [\n')
    f.write(",\n".join("  " + json.dumps(c) for c in SPLITS))
    f.write("]}\n")
print("wrote", len(LOADERS), "loaders and", len(SPLITS), "splits to", os.path.normpath(out))
