"""Reference values of the loss modules that PyTorch 1.13 writes in Python (nn.GaussianNLLLoss,
nn.MultiLabelSoftMarginLoss), of the margin and embedding loss modules and of nn.CTCLoss and
nn.MultiLabelMarginLoss, for LossGoldenTest.

Regenerate, from the repository root, with Debian's python3-torch (for /usr/bin/python3):

    /usr/bin/python3 kernels/src/test/python/make_loss_golden.py

Each case holds its inputs, the loss and the gradient of every input that requires one (float64).
"""
import json
import pathlib

import torch
from torch import nn

OUT = pathlib.Path(__file__).resolve().parents[1] / "resources" / "nn" / "losses.json"


def case(name, module, *inputs, grads=None):
    leaves = [t.clone().double().requires_grad_(i in (grads or range(len(inputs))) and t.is_floating_point())
              if t.is_floating_point() else t.clone() for i, t in enumerate(inputs)]
    loss = module(*leaves)
    upstream = torch.linspace(-1, 1, loss.numel(), dtype=torch.float64).view(loss.shape)
    loss.backward(upstream)
    return {"name": name,
            "inputs": [{"shape": list(t.shape), "values": t.detach().flatten().tolist(),
                        "dtype": "float64" if t.is_floating_point() else "int64"} for t in leaves],
            "loss": {"shape": list(loss.shape), "values": loss.detach().flatten().tolist()},
            "upstream": upstream.flatten().tolist(),
            "grads": [t.grad.flatten().tolist() if t.is_floating_point() and t.grad is not None else None
                      for t in leaves]}


torch.manual_seed(0)
x, y = torch.randn(4, 3), torch.randn(4, 3)
sign = torch.where(torch.randn(4, 3) > 0, 1.0, -1.0)
labels = (torch.rand(4, 3) > 0.5).double()
weights = {"multilabel_soft_margin_weight_none": torch.rand(3).double(), "multi_margin_p2": torch.rand(3).double()}
cases = [
    case("gaussian_nll", nn.GaussianNLLLoss(), x, y, torch.rand(4, 3) + 0.1),
    case("gaussian_nll_full_sum", nn.GaussianNLLLoss(full=True, reduction="sum"), x, y, torch.rand(4, 1) + 0.1),
    case("gaussian_nll_short_var_none", nn.GaussianNLLLoss(eps=0.2, reduction="none"), x, y, torch.rand(4)),
    case("multilabel_soft_margin", nn.MultiLabelSoftMarginLoss(), x, labels),
    case("multilabel_soft_margin_weight_none", nn.MultiLabelSoftMarginLoss(weight=weights["multilabel_soft_margin_weight_none"],
                                                                         reduction="none"), x, labels),
    case("margin_ranking", nn.MarginRankingLoss(margin=0.3), x, y, sign),
    case("cosine_embedding_sum", nn.CosineEmbeddingLoss(margin=0.1, reduction="sum"), x, y, sign[:, 0]),
    case("triplet_swap", nn.TripletMarginLoss(margin=0.5, p=1.0, swap=True), x, y, torch.randn(4, 3)),
    case("hinge_embedding", nn.HingeEmbeddingLoss(margin=0.7), x.abs(), sign),
    case("soft_margin_none", nn.SoftMarginLoss(reduction="none"), x, sign, grads=[0]),
    case("poisson_nll_full", nn.PoissonNLLLoss(full=True), x, torch.rand(4, 3) * 4),
    case("multi_margin_p2", nn.MultiMarginLoss(p=2, margin=0.5, weight=weights["multi_margin_p2"]), x,
         torch.tensor([0, 2, 1, 2])),
    case("ctc_mean", nn.CTCLoss(), torch.randn(6, 3, 5).log_softmax(2),
         torch.tensor([[1, 1, 2], [3, 4, 0], [2, 0, 0]]), torch.tensor([6, 5, 4]), torch.tensor([3, 2, 0])),
    case("ctc_sum_blank_zero_infinity", nn.CTCLoss(blank=4, reduction="sum", zero_infinity=True),
         torch.randn(5, 3, 5).log_softmax(2), torch.tensor([0, 0, 0, 1, 2, 3, 3]), torch.tensor([4, 5, 4]),
         torch.tensor([3, 2, 2])),
    case("ctc_none_unbatched", nn.CTCLoss(reduction="none"), torch.randn(6, 4).log_softmax(1),
         torch.tensor([1, 3, 3]), torch.tensor([6]), torch.tensor([3])),
    case("multilabel_margin", nn.MultiLabelMarginLoss(), x, torch.tensor([[2, 0, -1], [1, -1, 0], [0, 1, 2], [-1, 2, 1]])),
    case("multilabel_margin_none", nn.MultiLabelMarginLoss(reduction="none"), y,
         torch.tensor([[1, -1, 2], [2, 2, -1], [0, 2, -1], [1, 0, -1]])),
]
OUT.write_text(json.dumps({"torch_version": torch.__version__, "cases": cases,
                           "weights": {k: v.tolist() for k, v in weights.items()}}, indent=1) + "\n")
print("written", OUT, len(cases))
