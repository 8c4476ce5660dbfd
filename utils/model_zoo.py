#!/usr/bin/env python3
"""Builds the TorchScript models used by the examples, tests and benchmarks.

    utils/model_zoo.py NAME OUT.pt
    utils/model_zoo.py --list

Run it with the Python of the project's virtual environment (.venv).
Models are randomly initialized (no downloads) and saved with
torch.jit.trace or torch.jit.script. Each entry also records the
torch-onnx-compile flags and verify_model.py flags that suit it, printed
with --flags and --verify-flags.

The image classification models (IMAGE_MODELS) have the architectures of
torchvision's models of the same names: ResNet, MobileNetV2, ConvNeXt,
Swin, ViT, EfficientNet and RegNet come from Hugging Face transformers
(random weights from a config), the others are written here.
"""
import argparse
import functools
import os
import sys
from typing import Optional, Tuple

import torch
import torch.nn as nn


# ---------------------------------------------------------------------------
# Modules from the user's documents.
# ---------------------------------------------------------------------------

class EmbeddingSubmodule(nn.Module):
    def __init__(self, embedding_dim, num_embeddings):
        super().__init__()
        self.embedding = nn.Embedding(num_embeddings, embedding_dim)
        self.state = torch.randn(1, embedding_dim)

    def forward(self, indices):
        embedded = self.embedding(indices)
        self.state = torch.add(self.state, embedded)
        return self.state


class RunningAverageSubmodule(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.register_buffer('running_avg', torch.zeros(dim))
        self.count = 0

    def forward(self, input):
        self.count += 1
        self.running_avg = (self.running_avg * (self.count - 1) + input) / self.count
        return self.running_avg


class LSTMSubmodule(nn.Module):
    def __init__(self, input_size, hidden_size):
        super().__init__()
        self.lstm = nn.LSTM(input_size, hidden_size)
        self.hidden = None

    def forward(self, input):
        output, self.hidden = self.lstm(input, self.hidden)
        return output


def scaled_add(tensor, scale):
    return tensor + scale


class BadModule(nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale
        self.add_partial = functools.partial(scaled_add, scale=self.scale)

    def forward(self, x):
        return self.add_partial(x)


class ConditionalModule(nn.Module):
    def __init__(self, add_val, mult_val):
        super().__init__()
        self.add_val = nn.Parameter(torch.tensor(add_val, dtype=torch.float32))
        self.mult_val = nn.Parameter(torch.tensor(mult_val, dtype=torch.float32))

    def forward(self, x, use_mult):
        if use_mult:
            return x * self.mult_val
        else:
            return x + self.add_val


# ---------------------------------------------------------------------------
# Further test modules.
# ---------------------------------------------------------------------------

class SmallConvNet(nn.Module):
    """The bundled example: conv, batch norm, pooling and a classifier."""

    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(),
            nn.MaxPool2d(2), nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(),
            nn.AdaptiveAvgPool2d(1))
        self.classifier = nn.Linear(16, 10)

    def forward(self, x):
        return self.classifier(torch.flatten(self.features(x), 1))


class TiedConvBatchNorm(nn.Module):
    """Convolutions followed by batch norm whose weights are shared: `a` and
    `b` have one weight, and `c`'s weight is a view of the weight `big` that
    forward also uses. Fusing a batch norm must change none of them in
    place."""

    def __init__(self):
        super().__init__()
        self.a = nn.Conv2d(4, 8, 3, padding=1, bias=False)
        self.b = nn.Conv2d(4, 8, 3, padding=1, bias=False)
        self.b.weight = self.a.weight
        self.big = nn.Parameter(torch.randn(16, 4, 3, 3))
        self.c = nn.Conv2d(4, 8, 3, padding=1)
        self.c.weight = nn.Parameter(self.big.data[:8])
        self.norms = nn.ModuleList(nn.BatchNorm2d(8) for _ in range(3))
        with torch.no_grad():
            for norm in self.norms:
                norm.weight.uniform_(0.5, 2.0)
                norm.bias.normal_()
                norm.running_mean.normal_()
                norm.running_var.uniform_(0.5, 2.0)

    def forward(self, x):
        y = sum(norm(conv(x)) for norm, conv in
                zip(self.norms, (self.a, self.b, self.c)))
        return y + nn.functional.conv2d(x, self.big, padding=1)[:, :8]


class KVCache(nn.Module):
    """Keeps the last 4 keys, rolling the buffer with torch.cat."""

    def __init__(self):
        super().__init__()
        self.register_buffer('cache', torch.zeros(1, 4, 8))
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        k = self.proj(x)
        self.cache = torch.cat([self.cache[:, 1:], k], dim=1)
        return self.cache.sum(dim=1)


class SetStateScale(nn.Module):
    """Restores itself with __setstate__, which doubles the scale: a loader
    that skipped __setstate__ would compute half the result."""

    def __init__(self):
        super().__init__()
        self.weight = torch.randn(4, 4)
        self.scale = 1.5

    @torch.jit.export
    def __getstate__(self) -> Tuple[torch.Tensor, float, bool]:
        return (self.weight, self.scale, self.training)

    @torch.jit.export
    def __setstate__(self, state: Tuple[torch.Tensor, float, bool]) -> None:
        self.weight = state[0]
        self.scale = state[1] * 2.0
        self.training = state[2]

    def forward(self, x):
        return torch.mm(x, self.weight) * self.scale


class ScriptedLoop(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 6)

    def forward(self, x, n: int):
        for _ in range(n):
            x = torch.tanh(self.fc(x))
        return x


class FixedLoop(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(6, 6)
        self.steps = 3

    def forward(self, x):
        for i in range(self.steps):
            x = torch.tanh(self.fc(x)) + i
        return x


class DeepMLP(nn.Module):
    def __init__(self, blocks):
        super().__init__()
        self.blocks = nn.Sequential(*[
            nn.Sequential(nn.Linear(16, 16), nn.LayerNorm(16), nn.GELU())
            for _ in range(blocks)])

    def forward(self, x):
        return self.blocks(x)


class SumModule(nn.Module):
    """The dynamic_axes example of the torch.onnx documentation."""

    def forward(self, x):
        return torch.sum(x, dim=1)


class ReshapeByTensor(nn.Module):
    """Reshapes by a size held in a tensor input (x.reshape(y, -1))."""

    def forward(self, x, y):
        return x.reshape(int(y), -1)


class ShapeArithmetic(nn.Module):
    """Reads sizes from states.shape and does int arithmetic on them."""

    def forward(self, states):
        batch_size, seq_length = states.shape[:2]
        real_seq_length = seq_length
        real_seq_length += 2
        return states * (real_seq_length + seq_length) + batch_size


class SelfAttention(nn.Module):
    """Multi-head self attention through F.scaled_dot_product_attention, as
    transformers' decoders call it: causal, or with an additive float mask
    given as the second argument."""

    def __init__(self, dim=16, heads=2, causal=True):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)
        self.heads = heads
        self.causal = causal

    def forward(self, x, mask: Optional[torch.Tensor] = None):
        batch, length, dim = x.shape
        q, k, v = self.qkv(x).split(dim, dim=2)
        shape = (batch, length, self.heads, dim // self.heads)
        q, k, v = (t.view(shape).transpose(1, 2) for t in (q, k, v))
        y = torch.nn.functional.scaled_dot_product_attention(
            q, k, v, attn_mask=mask, is_causal=self.causal)
        return self.out(y.transpose(1, 2).reshape(batch, length, dim))


class SamePaddingConv(nn.Module):
    """Convolutions with string padding, which trace to _convolution_mode."""

    def __init__(self):
        super().__init__()
        self.same = nn.Conv2d(3, 4, (3, 4), padding="same", dilation=(1, 2))
        self.valid = nn.Conv1d(4, 2, 3, padding="valid")

    def forward(self, x):
        y = self.same(x)
        return self.valid(y.flatten(2))


class PackedSequenceStarts(nn.Module):
    """Where packed sequences start in position ids, as transformers' masking
    code finds them: torch.diff with a prepended value."""

    def forward(self, position_ids):
        first = position_ids[:, :1] - 1
        steps = torch.diff(position_ids, prepend=first, dim=-1)
        return (steps != 1).cumsum(-1), torch.diff(position_ids.float(), n=2)


# ---------------------------------------------------------------------------
# Image classification models: 1x3x224x224 images to 1000 logits.
# ---------------------------------------------------------------------------

class Logits(nn.Module):
    """A transformers image classifier that returns its logits as a tensor,
    as tracing needs, rather than an output object."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, pixel_values):
        return self.model(pixel_values).logits


def init_like_torchvision(model):
    """Initializes convolutions, batch norms and linear layers as
    torchvision's CNNs do. transformers draws EfficientNet's batch-norm
    scales from N(0, 0.02) as well, and its logits vanish (around 1e-31)
    even with calibrated running statistics."""
    for m in model.modules():
        if isinstance(m, nn.Conv2d):
            nn.init.kaiming_normal_(m.weight, mode="fan_out")
            if m.bias is not None:
                nn.init.zeros_(m.bias)
        elif isinstance(m, nn.BatchNorm2d):
            nn.init.ones_(m.weight)
            nn.init.zeros_(m.bias)
        elif isinstance(m, nn.Linear):
            nn.init.normal_(m.weight, 0.0, 0.01)
            nn.init.zeros_(m.bias)
    return model


def transformers_model(name):
    """The transformers model with the architecture of torchvision's
    `name`, wrapped in Logits."""
    import transformers
    transformers.logging.set_verbosity_error()
    t = transformers
    if name == "resnet18":
        model = t.ResNetForImageClassification(t.ResNetConfig(
            depths=[2, 2, 2, 2], layer_type="basic",
            hidden_sizes=[64, 128, 256, 512], num_labels=1000))
    elif name == "resnet50":
        model = t.ResNetForImageClassification(t.ResNetConfig(
            depths=[3, 4, 6, 3], layer_type="bottleneck",
            hidden_sizes=[256, 512, 1024, 2048], num_labels=1000))
    elif name == "mobilenet_v2":
        # Symmetric padding as in torchvision, not TensorFlow's.
        model = init_like_torchvision(t.MobileNetV2ForImageClassification(
            t.MobileNetV2Config(tf_padding=False, num_labels=1000)))
    elif name == "efficientnet_b0":
        model = init_like_torchvision(t.EfficientNetForImageClassification(
            t.EfficientNetConfig(width_coefficient=1.0, depth_coefficient=1.0,
                                 image_size=224, hidden_dim=1280,
                                 dropout_rate=0.2, num_labels=1000)))
    elif name == "regnet_x_400mf":
        model = t.RegNetForImageClassification(t.RegNetConfig(
            embedding_size=32, hidden_sizes=[32, 64, 160, 400],
            depths=[1, 2, 7, 12], groups_width=16, layer_type="x",
            num_labels=1000))
    elif name == "convnext_tiny":
        model = t.ConvNextForImageClassification(t.ConvNextConfig(
            depths=[3, 3, 9, 3], hidden_sizes=[96, 192, 384, 768],
            num_labels=1000))
    # Eager attention: matmul and softmax, as torchvision's models run it.
    elif name == "swin_t":
        model = t.SwinForImageClassification(t.SwinConfig(
            embed_dim=96, depths=[2, 2, 6, 2], num_heads=[3, 6, 12, 24],
            window_size=7, num_labels=1000, attn_implementation="eager"))
    elif name == "vit_b_16":
        model = t.ViTForImageClassification(t.ViTConfig(
            patch_size=16, hidden_size=768, num_hidden_layers=12,
            num_attention_heads=12, intermediate_size=3072,
            num_labels=1000, attn_implementation="eager"))
    else:
        raise KeyError(name)
    return Logits(model)


class AlexNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 64, 11, stride=4, padding=2), nn.ReLU(inplace=True),
            nn.MaxPool2d(3, 2),
            nn.Conv2d(64, 192, 5, padding=2), nn.ReLU(inplace=True),
            nn.MaxPool2d(3, 2),
            nn.Conv2d(192, 384, 3, padding=1), nn.ReLU(inplace=True),
            nn.Conv2d(384, 256, 3, padding=1), nn.ReLU(inplace=True),
            nn.Conv2d(256, 256, 3, padding=1), nn.ReLU(inplace=True),
            nn.MaxPool2d(3, 2))
        self.avgpool = nn.AdaptiveAvgPool2d((6, 6))
        self.classifier = nn.Sequential(
            nn.Dropout(0.5), nn.Linear(256 * 6 * 6, 4096), nn.ReLU(inplace=True),
            nn.Dropout(0.5), nn.Linear(4096, 4096), nn.ReLU(inplace=True),
            nn.Linear(4096, 1000))

    def forward(self, x):
        x = torch.flatten(self.avgpool(self.features(x)), 1)
        return self.classifier(x)


class VGG(nn.Module):
    """VGG with batch norm; `layers` lists output channels, "M" a pool."""

    def __init__(self, layers):
        super().__init__()
        features, channels = [], 3
        for layer in layers:
            if layer == "M":
                features.append(nn.MaxPool2d(2, 2))
            else:
                features += [nn.Conv2d(channels, layer, 3, padding=1),
                             nn.BatchNorm2d(layer), nn.ReLU(inplace=True)]
                channels = layer
        self.features = nn.Sequential(*features)
        self.avgpool = nn.AdaptiveAvgPool2d((7, 7))
        self.classifier = nn.Sequential(
            nn.Linear(512 * 7 * 7, 4096), nn.ReLU(inplace=True), nn.Dropout(),
            nn.Linear(4096, 4096), nn.ReLU(inplace=True), nn.Dropout(),
            nn.Linear(4096, 1000))
        init_like_torchvision(self)

    def forward(self, x):
        x = torch.flatten(self.avgpool(self.features(x)), 1)
        return self.classifier(x)


class Fire(nn.Module):
    def __init__(self, channels, squeeze, expand):
        super().__init__()
        self.squeeze = nn.Conv2d(channels, squeeze, 1)
        self.squeeze_activation = nn.ReLU(inplace=True)
        self.expand1x1 = nn.Conv2d(squeeze, expand, 1)
        self.expand1x1_activation = nn.ReLU(inplace=True)
        self.expand3x3 = nn.Conv2d(squeeze, expand, 3, padding=1)
        self.expand3x3_activation = nn.ReLU(inplace=True)

    def forward(self, x):
        x = self.squeeze_activation(self.squeeze(x))
        return torch.cat([self.expand1x1_activation(self.expand1x1(x)),
                          self.expand3x3_activation(self.expand3x3(x))], 1)


class SqueezeNet(nn.Module):
    """SqueezeNet 1.1."""

    def __init__(self):
        super().__init__()
        pool = lambda: nn.MaxPool2d(3, 2, ceil_mode=True)
        self.features = nn.Sequential(
            nn.Conv2d(3, 64, 3, stride=2), nn.ReLU(inplace=True), pool(),
            Fire(64, 16, 64), Fire(128, 16, 64), pool(),
            Fire(128, 32, 128), Fire(256, 32, 128), pool(),
            Fire(256, 48, 192), Fire(384, 48, 192), Fire(384, 64, 256),
            Fire(512, 64, 256))
        final_conv = nn.Conv2d(512, 1000, 1)
        self.classifier = nn.Sequential(
            nn.Dropout(0.5), final_conv, nn.ReLU(inplace=True),
            nn.AdaptiveAvgPool2d((1, 1)))
        for m in self.modules():
            if isinstance(m, nn.Conv2d):
                if m is final_conv:
                    nn.init.normal_(m.weight, 0.0, 0.01)
                else:
                    nn.init.kaiming_uniform_(m.weight)
                nn.init.zeros_(m.bias)

    def forward(self, x):
        return torch.flatten(self.classifier(self.features(x)), 1)


def channel_shuffle(x, groups: int):
    batch, channels, height, width = x.size()
    x = x.view(batch, groups, channels // groups, height, width)
    x = torch.transpose(x, 1, 2).contiguous()
    return x.view(batch, -1, height, width)


class ShuffleUnit(nn.Module):
    """A ShuffleNetV2 unit: a stride-1 unit splits its input channels in
    halves and transforms one; a stride-2 unit transforms the whole input
    in two branches."""

    def __init__(self, channels_in, channels_out, stride):
        super().__init__()
        self.stride = stride
        half = channels_out // 2
        depthwise = lambda c: [nn.Conv2d(c, c, 3, stride, 1, groups=c,
                                         bias=False), nn.BatchNorm2d(c)]
        pointwise = lambda a, b: [nn.Conv2d(a, b, 1, bias=False),
                                  nn.BatchNorm2d(b), nn.ReLU(inplace=True)]
        if stride > 1:
            self.branch1 = nn.Sequential(*depthwise(channels_in),
                                         *pointwise(channels_in, half))
        else:
            self.branch1 = nn.Sequential()
        self.branch2 = nn.Sequential(
            *pointwise(channels_in if stride > 1 else half, half),
            *depthwise(half), *pointwise(half, half))

    def forward(self, x):
        if self.stride == 1:
            x1, x2 = x.chunk(2, dim=1)
            out = torch.cat((x1, self.branch2(x2)), dim=1)
        else:
            out = torch.cat((self.branch1(x), self.branch2(x)), dim=1)
        return channel_shuffle(out, 2)


class ShuffleNetV2(nn.Module):
    def __init__(self, repeats, channels):
        super().__init__()
        self.conv1 = nn.Sequential(
            nn.Conv2d(3, channels[0], 3, 2, 1, bias=False),
            nn.BatchNorm2d(channels[0]), nn.ReLU(inplace=True))
        self.maxpool = nn.MaxPool2d(3, 2, 1)
        stages = []
        for repeat, (c_in, c_out) in zip(repeats, zip(channels, channels[1:])):
            stages.append(nn.Sequential(
                ShuffleUnit(c_in, c_out, 2),
                *[ShuffleUnit(c_out, c_out, 1) for _ in range(repeat - 1)]))
        self.stage2, self.stage3, self.stage4 = stages
        self.conv5 = nn.Sequential(
            nn.Conv2d(channels[-2], channels[-1], 1, bias=False),
            nn.BatchNorm2d(channels[-1]), nn.ReLU(inplace=True))
        self.fc = nn.Linear(channels[-1], 1000)

    def forward(self, x):
        x = self.maxpool(self.conv1(x))
        x = self.conv5(self.stage4(self.stage3(self.stage2(x))))
        return self.fc(x.mean([2, 3]))


def make_divisible(value, divisor=8):
    """`value` rounded to a multiple of `divisor`, by at most 10% down."""
    rounded = max(divisor, int(value + divisor / 2) // divisor * divisor)
    return rounded + divisor if rounded < 0.9 * value else rounded


def conv_bn(channels_in, channels_out, kernel, stride=1, groups=1,
            activation=None):
    layers = [nn.Conv2d(channels_in, channels_out, kernel, stride,
                        (kernel - 1) // 2, groups=groups, bias=False),
              nn.BatchNorm2d(channels_out, eps=0.001, momentum=0.01)]
    if activation is not None:
        layers.append(activation(inplace=True))
    return nn.Sequential(*layers)


class SqueezeExcitation(nn.Module):
    def __init__(self, channels, squeezed):
        super().__init__()
        self.avgpool = nn.AdaptiveAvgPool2d(1)
        self.fc1 = nn.Conv2d(channels, squeezed, 1)
        self.fc2 = nn.Conv2d(squeezed, channels, 1)
        self.activation = nn.ReLU()
        self.scale_activation = nn.Hardsigmoid()

    def forward(self, x):
        scale = self.fc2(self.activation(self.fc1(self.avgpool(x))))
        return self.scale_activation(scale) * x


class MobileNetV3Block(nn.Module):
    def __init__(self, channels_in, kernel, expanded, channels_out, use_se,
                 activation, stride):
        super().__init__()
        self.use_residual = stride == 1 and channels_in == channels_out
        layers = []
        if expanded != channels_in:
            layers.append(conv_bn(channels_in, expanded, 1,
                                  activation=activation))
        layers.append(conv_bn(expanded, expanded, kernel, stride,
                              groups=expanded, activation=activation))
        if use_se:
            layers.append(SqueezeExcitation(
                expanded, make_divisible(expanded // 4)))
        layers.append(conv_bn(expanded, channels_out, 1))
        self.block = nn.Sequential(*layers)

    def forward(self, x):
        y = self.block(x)
        return y + x if self.use_residual else y


class MobileNetV3Small(nn.Module):
    def __init__(self):
        super().__init__()
        RE, HS = nn.ReLU, nn.Hardswish
        # input, kernel, expanded, output, squeeze-excitation, activation,
        # stride
        blocks = [(16, 3, 16, 16, True, RE, 2), (16, 3, 72, 24, False, RE, 2),
                  (24, 3, 88, 24, False, RE, 1), (24, 5, 96, 40, True, HS, 2),
                  (40, 5, 240, 40, True, HS, 1), (40, 5, 240, 40, True, HS, 1),
                  (40, 5, 120, 48, True, HS, 1), (48, 5, 144, 48, True, HS, 1),
                  (48, 5, 288, 96, True, HS, 2), (96, 5, 576, 96, True, HS, 1),
                  (96, 5, 576, 96, True, HS, 1)]
        self.features = nn.Sequential(
            conv_bn(3, 16, 3, 2, activation=HS),
            *[MobileNetV3Block(*block) for block in blocks],
            conv_bn(96, 576, 1, activation=HS))
        self.avgpool = nn.AdaptiveAvgPool2d(1)
        self.classifier = nn.Sequential(
            nn.Linear(576, 1024), nn.Hardswish(inplace=True),
            nn.Dropout(0.2, inplace=True), nn.Linear(1024, 1000))
        init_like_torchvision(self)

    def forward(self, x):
        x = torch.flatten(self.avgpool(self.features(x)), 1)
        return self.classifier(x)


# name -> (builder of the eval-mode module, input height and width)
IMAGE_MODELS = {
    name: (functools.partial(transformers_model, name), 224)
    for name in ["resnet18", "resnet50", "mobilenet_v2", "efficientnet_b0",
                 "regnet_x_400mf", "convnext_tiny", "swin_t", "vit_b_16"]}
IMAGE_MODELS.update({
    "alexnet": (AlexNet, 224),
    "vgg11_bn": (lambda: VGG([64, "M", 128, "M", 256, 256, "M", 512, 512,
                              "M", 512, 512, "M"]), 224),
    "squeezenet1_1": (SqueezeNet, 224),
    "shufflenet_v2_x0_5": (lambda: ShuffleNetV2([4, 8, 4],
                                                [24, 48, 96, 192, 1024]), 224),
    "mobilenet_v3_small": (MobileNetV3Small, 224),
})


def make_outputs_informative(model, size):
    """Gives `model`'s all-zero weight matrices random values, sets the
    running statistics of its batch normalizations to those of random
    inputs, and returns it in eval mode.

    With the default statistics (mean 0, variance 1) the activations of a
    deep random network can vanish (mobilenet_v2's logits are around 1e-9,
    efficientnet_b0's around 1e-14), and a zero head gives zero logits:
    any comparison of such outputs passes.
    """
    with torch.no_grad():
        for param in model.parameters():
            if param.dim() >= 2 and not param.any():
                param.normal_(0.0, 0.02)
    norms = [m for m in model.modules()
             if isinstance(m, nn.modules.batchnorm._BatchNorm)]
    if norms:
        momenta = [norm.momentum for norm in norms]
        for norm in norms:
            norm.reset_running_stats()
            norm.momentum = None  # a cumulative average
        model.train()
        with torch.no_grad():
            for _ in range(2):
                model(torch.randn(2, 3, size, size))
        for norm, momentum in zip(norms, momenta):
            norm.momentum = momentum
    return model.eval()


def image_model(name, informative=True):
    """Image model `name` in eval mode, and its example input. Unless
    `informative` is false, its outputs are made informative first."""
    build, size = IMAGE_MODELS[name]
    model = build()
    if informative:
        model = make_outputs_informative(model, size)
    return model.eval(), (torch.randn(1, 3, size, size),)


def trace(model, inputs):
    with torch.no_grad():
        return torch.jit.trace(model, inputs, check_trace=False)


# name -> (builder returning a ScriptModule, compile flags, verify flags,
#          example input shapes in --input-shape syntax)
def _registry():
    r = {}

    def add(name, build, flags=(), verify=(), shapes=()):
        shapes = list(shapes)
        flags = list(flags)
        for i, flag in enumerate(flags[:-1]):
            if flag == "--input-shape":
                shapes.append(flags[i + 1])
        r[name] = (build, flags, list(verify), shapes)

    for name, (_, size) in IMAGE_MODELS.items():
        add(name, functools.partial(lambda n: trace(*image_model(n)), name),
            shapes=[f"1x3x{size}x{size}xf32"])
    add("small_convnet",
        lambda: trace(SmallConvNet().eval(), (torch.randn(1, 3, 32, 32),)),
        shapes=["1x3x32x32xf32"])

    torch.manual_seed(0)
    add("embedding", lambda: torch.jit.script(EmbeddingSubmodule(10, 100)),
        ["--input-shape", "1xsi64"], ["--int-high", "100"])
    add("running_average",
        lambda: torch.jit.script(RunningAverageSubmodule(5)),
        ["--input-shape", "5xf32"])

    def lstm():
        model = LSTMSubmodule(10, 20)
        with torch.no_grad():
            model(torch.randn(5, 10))
        return trace(model, (torch.randn(5, 10),))
    add("lstm", lstm, ["--dynamic-dim", "input:0=seq_len"],
        ["--dim", "seq_len=5"], shapes=["5x10xf32"])
    def lstm_stateful():
        model = LSTMSubmodule(10, 20)
        with torch.no_grad():
            model(torch.randn(5, 10))  # Gives `hidden` its tuple type.
        return torch.jit.script(model)
    add("lstm_stateful", lstm_stateful,
        ["--input-shape", "5x10xf32", "--dynamic-dim", "input:0=seq_len"],
        ["--dim", "seq_len=5"])
    add("bad_partial",
        lambda: trace(BadModule(2.0), (torch.randn(1, 3, 16, 16),)),
        shapes=["1x3x16x16xf32"])
    add("conditional",
        lambda: torch.jit.script(ConditionalModule(2.0, 3.0)),
        ["--input-shape", "1x3x8x8xf32", "--input-shape", "1xi1"])

    def transformer():
        layer = nn.TransformerEncoderLayer(32, 4, 64, batch_first=True)
        model = nn.TransformerEncoder(layer, 2).eval()
        return trace(model, (torch.randn(2, 5, 32),))
    add("transformer_encoder", transformer, shapes=["2x5x32xf32"])
    add("kv_cache", lambda: torch.jit.script(KVCache()),
        ["--input-shape", "1x1x8xf32"])
    add("gru", lambda: trace(nn.GRU(8, 16, 2, batch_first=True).eval(),
                             (torch.randn(3, 5, 8),)),
        shapes=["3x5x8xf32"])
    add("scripted_loop", lambda: torch.jit.script(ScriptedLoop()),
        ["--input-shape", "2x6xf32"])
    add("setstate_scale", lambda: torch.jit.script(SetStateScale().eval()),
        ["--input-shape", "2x4xf32"])
    add("fixed_loop", lambda: torch.jit.script(FixedLoop()),
        ["--input-shape", "2x6xf32"])
    add("tied_conv_bn",
        lambda: trace(TiedConvBatchNorm().eval(), (torch.randn(1, 4, 8, 8),)),
        shapes=["1x4x8x8xf32"])
    add("bn_train", lambda: trace(nn.BatchNorm1d(6).train(),
                                  (torch.randn(4, 6),)),
        shapes=["4x6xf32"])
    for n in [3, 100, 200, 400, 800, 1600]:
        add(f"deep_mlp_{n}", functools.partial(
            lambda k: trace(DeepMLP(k).eval(), (torch.randn(4, 16),)), n),
            shapes=["4x16xf32"])
    # The torch.onnx documentation's examples.
    add("sum_dynamic", lambda: trace(SumModule(), (torch.ones(2, 2),)),
        ["--input-names", "x", "--output-names", "sum",
         "--dynamic-dim", "x:0=my_custom_axis_name"],
        ["--dim", "my_custom_axis_name=3"], shapes=["2x2xf32"])
    add("reshape_by_tensor", lambda: torch.jit.script(ReshapeByTensor()),
        ["--input-shape", "4x6xf32", "--input-shape", "si64"],
        ["--int-low", "1", "--int-high", "5"])
    add("shape_arithmetic",
        lambda: trace(ShapeArithmetic(), (torch.randn(2, 5, 3),)),
        ["--dynamic-dim", "0:0=batch", "--dynamic-dim", "0:1=seq"],
        ["--dim", "batch=3", "--dim", "seq=4"], shapes=["2x5x3xf32"])

    # A sequence model with dynamic batch and sequence axes.
    def sequence_model():
        layer = nn.TransformerEncoderLayer(64, 4, 128, batch_first=True)
        model = nn.TransformerEncoder(layer, 1).eval()
        return trace(model, (torch.randn(1, 10, 64),))
    add("dynamic_sequence", sequence_model,
        ["--input-names", "input", "--output-names", "output",
         "--dynamic-dim", "input:0=batch_size", "--dynamic-dim",
         "input:1=seq_len"],
        ["--dim", "batch_size=2", "--dim", "seq_len=7"], shapes=["1x10x64xf32"])

    # F.scaled_dot_product_attention: causal, with a mask, and causal over a
    # sequence longer than the traced one.
    add("sdpa_causal",
        lambda: trace(SelfAttention().eval(), (torch.randn(2, 5, 16),)),
        shapes=["2x5x16xf32"])
    add("sdpa_mask",
        lambda: trace(SelfAttention(causal=False).eval(),
                      (torch.randn(2, 5, 16), torch.randn(2, 1, 5, 5))),
        shapes=["2x5x16xf32", "2x1x5x5xf32"])
    add("sdpa_dynamic",
        lambda: trace(SelfAttention().eval(), (torch.randn(1, 5, 16),)),
        ["--dynamic-dim", "x:0=batch", "--dynamic-dim", "x:1=seq"],
        ["--dim", "batch=3", "--dim", "seq=9"], shapes=["1x5x16xf32"])
    add("conv_same_padding",
        lambda: trace(SamePaddingConv().eval(), (torch.randn(2, 3, 8, 8),)),
        shapes=["2x3x8x8xf32"])
    add("packed_sequence_starts",
        lambda: trace(PackedSequenceStarts(), (torch.arange(12).view(2, 6),)),
        ["--dynamic-dim", "position_ids:1=seq"],
        ["--dim", "seq=9", "--int-high", "4"], shapes=["2x6xsi64"])
    return r


REGISTRY = _registry()


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("name", nargs="?")
    parser.add_argument("out", nargs="?")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--flags", action="store_true",
                        help="print the model's torch-onnx-compile flags")
    parser.add_argument("--verify-flags", action="store_true",
                        help="print the model's verify_model.py flags")
    parser.add_argument("--shapes", action="store_true",
                        help="print the example input shapes")
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(sorted(REGISTRY)))
        return 0
    if args.name not in REGISTRY:
        print(f"unknown model '{args.name}'; see --list", file=sys.stderr)
        return 2
    build, flags, verify, shapes = REGISTRY[args.name]
    if args.flags:
        shape_flags = [] if "--input-shape" in flags else [
            f for shape in shapes for f in ("--input-shape", shape)]
        print(" ".join(shape_flags + flags))
        return 0
    if args.shapes:
        print(" ".join(shapes))
        return 0
    if args.verify_flags:
        print(" ".join(verify))
        return 0
    if not args.out:
        parser.error("missing OUT.pt")
    torch.manual_seed(0)
    module = build()
    tmp = args.out + ".tmp"
    module.save(tmp)
    os.replace(tmp, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
