"""Image classification models of the model zoo (model_zoo.py): 1x3xNxN
images to 1000 logits.

They have the architectures of torchvision's models of the same names:
ResNet, MobileNetV2, ConvNeXt, Swin, ViT, EfficientNet and RegNet come from
Hugging Face transformers (random weights from a config), the others are
written here. Nothing is downloaded.
"""
import functools

import torch
import torch.nn as nn


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
