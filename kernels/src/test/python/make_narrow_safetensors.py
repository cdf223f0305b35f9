"""A safetensors file of PyTorch tensors of the narrow dtypes, and their values as JSON, for StateDicts' tests.

Regenerate, from the repository root, with Debian's PyTorch (`apt-get install python3-torch`):

    /usr/bin/python3 kernels/src/test/python/make_narrow_safetensors.py

Writes kernels/src/test/resources/nn/narrow.safetensors (the format of safetensors.torch.save_file, written
with the standard library) and narrow.json ({name: {"dtype", "shape", "values"}}, values as Python floats or
ints). The float16 and bfloat16 values include ones that round, subnormals and infinities.
"""
import json
import math
import pathlib
import struct

import torch

OUT = pathlib.Path(__file__).resolve().parents[1] / "resources" / "nn"
CODES = {torch.uint8: "U8", torch.int8: "I8", torch.int16: "I16", torch.float16: "F16", torch.bfloat16: "BF16"}
NAMES = {torch.uint8: "UInt8", torch.int8: "Int8", torch.int16: "Int16", torch.float16: "Float16",
         torch.bfloat16: "BFloat16"}


def tensors():
    floats = torch.tensor([[0.1, -2.5, 65504.0, 1e-7], [1 / 3, -0.0, math.inf, 3e38]], dtype=torch.float64)
    return {
        "u8": torch.tensor([0, 1, 127, 128, 255], dtype=torch.uint8),
        "i8": torch.tensor([[-128, -1], [0, 127]], dtype=torch.int8),
        "i16": torch.tensor([-32768, -2, 3, 32767], dtype=torch.int16),
        "f16": floats.to(torch.float16),
        "bf16": floats.to(torch.bfloat16),
        "bf16_scalar": torch.tensor(1.5, dtype=torch.bfloat16),
    }


def value(v):
    return str(v) if isinstance(v, float) and (math.isinf(v) or math.isnan(v)) else v


def main():
    header, blobs, offset, values = {}, [], 0, {}
    for name, t in tensors().items():
        # numpy has no bfloat16: write the 16 bits of each element
        bits = t.view(torch.int16) if t.dtype is torch.bfloat16 else t
        data = bits.contiguous().numpy().tobytes()
        header[name] = {"dtype": CODES[t.dtype], "shape": list(t.shape), "data_offsets": [offset, offset + len(data)]}
        blobs.append(data)
        offset += len(data)
        values[name] = {"dtype": NAMES[t.dtype], "shape": list(t.shape),
                        "values": [value(v) for v in t.flatten().tolist()]}
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)
    (OUT / "narrow.safetensors").write_bytes(struct.pack("<Q", len(text)) + text + b"".join(blobs))
    (OUT / "narrow.json").write_text(json.dumps(values, indent=1) + "\n")


if __name__ == "__main__":
    main()
