"""The transformers zoo: the models users ship, built from transformers
configs with random weights (nothing is downloaded), at two sizes.

    reduced  at most a few million parameters, for the tests
    full     the published sizes: BERT-base, DistilBERT, RoBERTa-base,
             ViT-base, Whisper-tiny's encoder, T5-small's encoder, ResNet-50,
             ConvNeXt-tiny, Swin-tiny, MobileNetV2, GPT-2 small and a Llama
             of about 125M parameters (RoPE, RMSNorm, grouped-query
             attention, SiLU MLP, SDPA)

Each model is wrapped to return one tensor (Logits, TextLogits and
zoo_image_models.Logits: `.logits`; LastHidden: `.last_hidden_state`).
`example(name, size)` gives the module in eval mode,
its example arguments (the size it is traced or exported at), their input
names, the dynamic axes in torch.onnx.export's form, and arguments at a
second size on those axes. The decoders also come as one-token decode steps
(`gpt2_decode`, `llama_decode`) whose static KV cache lives in registered
buffers of DecodeStep, written at the position argument: `example` gives
their first step, `decode_steps` the arguments of each step.

    model = transformers_zoo.example("bert", "reduced")
    torch_onnx.export(model.module, model.args, "bert.onnx",
                      input_names=model.names,
                      dynamic_axes=model.dynamic_axes)

`transformers` is imported when a model is built, not when this module is.
"""
import functools
import inspect
from typing import Callable, Dict, List, NamedTuple, Optional, Tuple

import torch
from torch import nn

SIZES = ("reduced", "full")

# The small text config of the tests: 128 tokens, width 64, 2 layers.
SMALL = dict(vocab_size=128, hidden_size=64, num_hidden_layers=2,
             num_attention_heads=4, intermediate_size=128,
             max_position_embeddings=64)


def transformers_module():
    import transformers
    transformers.logging.set_verbosity_error()
    return transformers


# --- Wrappers ----------------------------------------------------------------


class Logits(nn.Module):
    """A transformers model returning its logits alone, as a tensor."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, *args):
        return self.model(*args).logits


class TextLogits(nn.Module):
    """A transformers text model returning its logits alone, with named
    arguments, which torch.export's dynamic_shapes and the graph's input
    names take."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, input_ids, attention_mask=None):
        if attention_mask is None:
            return self.model(input_ids).logits
        return self.model(input_ids, attention_mask).logits


class LastHidden(nn.Module):
    """A transformers encoder returning last_hidden_state alone."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, *args):
        return self.model(*args).last_hidden_state


@functools.lru_cache(maxsize=None)
def _buffer_layer_class():
    """A transformers StaticLayer over tensors that it does not own, written
    at a position given to it rather than at its own running count."""
    from transformers.cache_utils import StaticLayer

    class BufferLayer(StaticLayer):
        def __init__(self, keys, values, position, write):
            super().__init__(max_cache_len=keys.shape[2])
            self.keys, self.values = keys, values
            self.position, self.write = position, write
            self.batch_size, self.num_heads = keys.shape[:2]
            self.k_head_dim = keys.shape[-1]
            self.v_head_dim = values.shape[-1]
            self.device = keys.device
            self.is_initialized = True

        def update(self, key_states, value_states, *args, **kwargs):
            if self.write == "index_copy":
                self.keys.index_copy_(2, self.position, key_states)
                self.values.index_copy_(2, self.position, value_states)
            else:
                self.keys[:, :, self.position] = key_states
                self.values[:, :, self.position] = value_states
            return self.keys, self.values

    return BufferLayer


class DecodeStep(nn.Module):
    """One-token decode step of a transformers causal LM with a static KV
    cache in registered buffers.

    forward(token (1, 1) int64, pos (1,) int64) -> logits (1, 1, vocab).

    Layer i's keys and values are the buffers key_cache_i and
    value_cache_i, (1, KV heads, max_len, head dim). Each call writes the
    new key and value at `pos` (with index_copy_, or with a slice assignment
    when `write` is "slice_assignment") through a transformers Cache built
    over the buffers, and attends to positions 0 to `pos` through a 4-D
    additive mask, which transformers takes as it is.
    """

    def __init__(self, model, max_len, write="index_copy"):
        super().__init__()
        config = model.config
        self.model = model
        self.write = write
        self.layers = config.num_hidden_layers
        heads = config.num_attention_heads
        kv_heads = getattr(config, "num_key_value_heads", None) or heads
        head_dim = getattr(config, "head_dim", None) or \
            config.hidden_size // heads
        dtype = next(model.parameters()).dtype
        for i in range(self.layers):
            shape = (1, kv_heads, max_len, head_dim)
            for kind in ("key", "value"):
                self.register_buffer(f"{kind}_cache_{i}",
                                     torch.zeros(shape, dtype=dtype))
        self.register_buffer("positions", torch.arange(max_len),
                             persistent=False)

    def cache_names(self):
        return [f"{kind}_cache_{i}" for i in range(self.layers)
                for kind in ("key", "value")]

    def forward(self, token, pos):
        from transformers.cache_utils import Cache
        layer = _buffer_layer_class()
        cache = Cache(layers=[
            layer(self.get_buffer(f"key_cache_{i}"),
                  self.get_buffer(f"value_cache_{i}"), pos, self.write)
            for i in range(self.layers)])
        dtype = self.get_buffer("key_cache_0").dtype
        visible = (self.positions <= pos).view(1, 1, 1, -1)
        mask = torch.zeros(visible.shape, dtype=dtype).masked_fill(
            ~visible, torch.finfo(dtype).min)
        return self.model(input_ids=token, attention_mask=mask,
                          position_ids=pos.view(1, 1), cache=cache,
                          use_cache=True).logits


# --- Configs -----------------------------------------------------------------


def bert_config(t, size):
    """BERT-base: BertConfig's defaults."""
    return t.BertConfig(**SMALL) if size == "reduced" else t.BertConfig()


def distilbert_config(t, size):
    """DistilBERT (distilbert-base): DistilBertConfig's defaults."""
    if size == "reduced":
        return t.DistilBertConfig(vocab_size=128, dim=64, n_layers=2,
                                  n_heads=4, hidden_dim=128,
                                  max_position_embeddings=64)
    return t.DistilBertConfig()


def roberta_config(t, size):
    """RoBERTa-base: positions start after the padding index 1."""
    if size == "reduced":
        return t.RobertaConfig(**dict(SMALL, max_position_embeddings=66),
                               pad_token_id=1, bos_token_id=0,
                               eos_token_id=2)
    return t.RobertaConfig(max_position_embeddings=514, type_vocab_size=1,
                           pad_token_id=1, bos_token_id=0, eos_token_id=2)


def gpt2_config(t, size, use_cache=False, **options):
    """GPT-2 small: GPT2Config's defaults; `options` go to GPT2Config."""
    if size == "reduced":
        return t.GPT2Config(vocab_size=128, n_embd=64, n_layer=2, n_head=4,
                            n_positions=64, bos_token_id=0, eos_token_id=0,
                            use_cache=use_cache, **options)
    return t.GPT2Config(use_cache=use_cache, **options)


# The Llama-architecture scale models of bench/zoo.py --scale, after
# Llama 3.2 1B and 3B and Llama 2 7B.
LLAMA_SCALE = {
    "llama_1b": dict(hidden_size=2048, num_hidden_layers=16,
                     num_attention_heads=32, num_key_value_heads=8,
                     intermediate_size=8192, vocab_size=128256,
                     tie_word_embeddings=True),
    "llama_3b": dict(hidden_size=3072, num_hidden_layers=28,
                     num_attention_heads=24, num_key_value_heads=8,
                     intermediate_size=8192, vocab_size=128256,
                     tie_word_embeddings=True),
    "llama_7b": dict(hidden_size=4096, num_hidden_layers=32,
                     num_attention_heads=32, num_key_value_heads=32,
                     intermediate_size=11008, vocab_size=32000),
}


def llama_config(t, size, use_cache=False):
    """A Llama of about 125M parameters: hidden 768, 12 layers, 12 query
    and 4 key/value heads, SiLU MLP of 2048, vocabulary 32000."""
    if size == "reduced":
        return t.LlamaConfig(**SMALL, num_key_value_heads=2,
                             use_cache=use_cache)
    if size in LLAMA_SCALE:
        return t.LlamaConfig(**LLAMA_SCALE[size], use_cache=use_cache,
                             max_position_embeddings=4096)
    return t.LlamaConfig(hidden_size=768, num_hidden_layers=12,
                         num_attention_heads=12, num_key_value_heads=4,
                         intermediate_size=2048, vocab_size=32000,
                         use_cache=use_cache)


def t5_config(t, size):
    """T5-small: T5Config's defaults."""
    if size == "reduced":
        return t.T5Config(vocab_size=128, d_model=64, d_kv=16, d_ff=128,
                          num_layers=2, num_heads=4)
    return t.T5Config()


def whisper_config(t, size):
    """Whisper-tiny: 80 mel bins, width 384, 4 layers of 6 heads; its
    encoder takes 2 * max_source_positions frames."""
    common = dict(pad_token_id=0, bos_token_id=0, eos_token_id=0,
                  decoder_start_token_id=0)
    if size == "reduced":
        return t.WhisperConfig(
            vocab_size=128, d_model=64, encoder_layers=2, decoder_layers=1,
            encoder_attention_heads=4, decoder_attention_heads=4,
            encoder_ffn_dim=128, decoder_ffn_dim=128, num_mel_bins=16,
            max_source_positions=32, **common)
    return t.WhisperConfig(
        vocab_size=51865, d_model=384, encoder_layers=4, decoder_layers=4,
        encoder_attention_heads=6, decoder_attention_heads=6,
        encoder_ffn_dim=1536, decoder_ffn_dim=1536, num_mel_bins=80,
        max_source_positions=1500, **common)


def image_classifier(name, size):
    """A transformers image classifier in zoo_image_models' Logits: `full`
    is zoo_image_models' model of torchvision's name and size (1000
    classes, 224x224), `reduced` the same architecture on 32x32 images with
    10 classes."""
    from zoo_image_models import Logits as ImageLogits, transformers_model
    t = transformers_module()
    if size == "full":
        return transformers_model(name)
    if name == "resnet50":
        model = t.ResNetForImageClassification(t.ResNetConfig(
            embedding_size=16, hidden_sizes=[32, 64, 128, 256],
            depths=[1, 1, 1, 1], layer_type="bottleneck", num_labels=10))
    elif name == "convnext_tiny":
        model = t.ConvNextForImageClassification(t.ConvNextConfig(
            hidden_sizes=[16, 32, 64, 128], depths=[1, 1, 1, 1],
            num_labels=10))
    elif name == "swin_t":
        model = t.SwinForImageClassification(t.SwinConfig(
            image_size=32, patch_size=2, embed_dim=16, depths=[1, 1],
            num_heads=[2, 4], window_size=4, num_labels=10))
    elif name == "mobilenet_v2":
        from zoo_image_models import init_like_torchvision
        model = init_like_torchvision(t.MobileNetV2ForImageClassification(
            t.MobileNetV2Config(depth_multiplier=0.35, image_size=32,
                                tf_padding=False, num_labels=10)))
    elif name == "vit_b_16":
        model = t.ViTForImageClassification(t.ViTConfig(
            image_size=32, patch_size=8, hidden_size=64, num_hidden_layers=2,
            num_attention_heads=4, intermediate_size=128, num_labels=10))
    else:
        raise KeyError(name)
    return ImageLogits(model)


# --- Examples ----------------------------------------------------------------


class Example(NamedTuple):
    module: nn.Module  # in eval mode, returning one tensor
    args: Tuple[torch.Tensor, ...]  # the example (traced) arguments
    names: List[str]  # their input names
    # torch.onnx.export's dynamic_axes: {input name: {dim: axis name}}.
    dynamic_axes: Dict[str, Dict[int, str]]
    # Arguments at a second size on the dynamic axes; None without any.
    second: Optional[Tuple[torch.Tensor, ...]]
    # The largest size of each axis, for torch.export's Dims.
    bounds: Dict[str, int]


class ZooModel(NamedTuple):
    build: Callable[[str], Example]
    about: str
    kind: str  # "encoder", "vision", "decoder" or "decode"


def token_inputs(vocab, batch, sequence, with_mask, generator):
    """Token ids, and with `with_mask` an attention mask whose last row
    is padded over its last third."""
    ids = torch.randint(0, vocab, (batch, sequence), generator=generator)
    if not with_mask:
        return (ids,)
    mask = torch.ones(batch, sequence, dtype=torch.long)
    mask[-1, -(sequence // 3):] = 0
    return (ids, mask)


def text_sizes(size):
    """(batch, sequence) of the example and of the second size. The batch is
    never 1, which torch.export would specialize."""
    return [(2, 8), (3, 11)] if size == "reduced" else [(2, 128), (3, 37)]


def text_example(module, vocab, size, with_mask, max_sequence):
    generator = torch.Generator().manual_seed(0)
    (b, s), (b2, s2) = text_sizes(size)
    names = ["input_ids", "attention_mask"] if with_mask else ["input_ids"]
    return Example(
        module.eval(), token_inputs(vocab, b, s, with_mask, generator), names,
        {name: {0: "batch", 1: "sequence"} for name in names},
        token_inputs(vocab, b2, s2, with_mask, generator),
        {"batch": 64, "sequence": max_sequence})


def text_classifier(model_class, make_config, with_mask=True):
    def build(size):
        t = transformers_module()
        config = make_config(t, size)
        model = getattr(t, model_class)(config)
        return text_example(TextLogits(model), config.vocab_size, size,
                            with_mask, config.max_position_embeddings - 2)
    return build


def causal_lm(model_class, make_config):
    def build(size):
        t = transformers_module()
        config = make_config(t, size)
        # The scale models are made in bfloat16 (half the memory).
        dtype = torch.get_default_dtype()
        if size in LLAMA_SCALE:
            torch.set_default_dtype(torch.bfloat16)
        try:
            model = getattr(t, model_class)(config)
        finally:
            torch.set_default_dtype(dtype)
        return text_example(TextLogits(model), config.vocab_size, size,
                            False, config.max_position_embeddings)
    return build


def t5_encoder(size):
    t = transformers_module()
    config = t5_config(t, size)
    return text_example(LastHidden(t.T5EncoderModel(config)),
                        config.vocab_size, size, True, 512)


def whisper_encoder(size):
    t = transformers_module()
    config = whisper_config(t, size)
    model = LastHidden(t.WhisperModel(config).get_encoder())
    generator = torch.Generator().manual_seed(0)
    frames = 2 * config.max_source_positions
    batch = 2
    features = (config.num_mel_bins, frames)
    return Example(model.eval(),
                   (torch.randn(batch, *features, generator=generator),),
                   ["input_features"], {"input_features": {0: "batch"}},
                   (torch.randn(batch + 1, *features, generator=generator),),
                   {"batch": 64})


def vision(name):
    def build(size):
        model = image_classifier(name, size)
        generator = torch.Generator().manual_seed(0)
        pixels = 32 if size == "reduced" else 224
        batch = 2
        shape = (3, pixels, pixels)
        return Example(model.eval(),
                       (torch.randn(batch, *shape, generator=generator),),
                       ["pixel_values"], {"pixel_values": {0: "batch"}},
                       (torch.randn(batch + 1, *shape, generator=generator),),
                       {"batch": 64})
    return build


DECODE_STEPS = 8


def decode_max_len(size):
    return 16 if size == "reduced" else 256


def decoder_step(model_class, make_config, write):
    def build(size):
        t = transformers_module()
        config = make_config(t, size, use_cache=True)
        model = DecodeStep(getattr(t, model_class)(config),
                           decode_max_len(size), write)
        token, pos = decode_steps(config.vocab_size, 1)[0]
        return Example(model.eval(), (token, pos), ["token", "pos"], {}, None,
                       {})
    return build


def decode_steps(vocab, steps=DECODE_STEPS):
    """The arguments of `steps` decode steps: a random token at positions
    0, 1, ..."""
    generator = torch.Generator().manual_seed(1)
    tokens = torch.randint(0, vocab, (steps, 1, 1), generator=generator)
    return [(tokens[i], torch.tensor([i])) for i in range(steps)]


ZOO = {
    "bert": ZooModel(text_classifier("BertForSequenceClassification",
                                     bert_config),
                     "BERT-base classifier, with an attention mask",
                     "encoder"),
    "distilbert": ZooModel(
        text_classifier("DistilBertForSequenceClassification",
                        distilbert_config),
        "DistilBERT classifier, with an attention mask", "encoder"),
    "roberta": ZooModel(text_classifier("RobertaForSequenceClassification",
                                        roberta_config),
                        "RoBERTa-base classifier, with an attention mask",
                        "encoder"),
    "vit": ZooModel(vision("vit_b_16"), "ViT-base/16 classifier", "vision"),
    "whisper_encoder": ZooModel(whisper_encoder,
                                "Whisper-tiny's encoder", "encoder"),
    "t5_encoder": ZooModel(t5_encoder,
                           "T5-small's encoder, with an attention mask",
                           "encoder"),
    "resnet50": ZooModel(vision("resnet50"), "ResNet-50 classifier",
                         "vision"),
    "convnext_tiny": ZooModel(vision("convnext_tiny"),
                              "ConvNeXt-tiny classifier", "vision"),
    "swin_tiny": ZooModel(vision("swin_t"), "Swin-tiny classifier", "vision"),
    "mobilenet_v2": ZooModel(vision("mobilenet_v2"),
                             "MobileNetV2 classifier", "vision"),
    "gpt2": ZooModel(causal_lm("GPT2LMHeadModel", gpt2_config),
                     "GPT-2 small, prefill", "decoder"),
    "llama": ZooModel(causal_lm("LlamaForCausalLM", llama_config),
                      "Llama-architecture decoder, prefill", "decoder"),
    "gpt2_decode": ZooModel(
        decoder_step("GPT2LMHeadModel", gpt2_config, "slice_assignment"),
        "GPT-2 small, one-token decode step, KV cache in buffers written "
        "by slice assignment", "decode"),
    "llama_decode": ZooModel(
        decoder_step("LlamaForCausalLM", llama_config, "index_copy"),
        "Llama-architecture decoder, one-token decode step, KV cache in "
        "buffers written by index_copy_", "decode"),
}


def example(name, size="reduced"):
    """ZOO[name] built at `size` ("reduced" or "full"; "llama" also takes
    the keys of LLAMA_SCALE, in bfloat16), after torch.manual_seed(0)."""
    if size not in SIZES and not (name == "llama" and size in LLAMA_SCALE):
        raise KeyError(size)
    torch.manual_seed(0)
    return ZOO[name].build(size)


def parameter_count(module):
    return sum(p.numel() for p in module.parameters())


def export_dynamic_shapes(built):
    """torch.export's dynamic_shapes for `built` (an Example): one Dim per
    axis name, shared by the inputs that name it, from 2 (torch.export
    specializes sizes 0 and 1) to the axis' bound; None without any."""
    if not built.dynamic_axes:
        return None
    from torch.export import Dim
    dims = {axis: Dim(axis, min=1 if axis == "batch" else 2,
                      max=built.bounds[axis])
            for axes in built.dynamic_axes.values() for axis in axes.values()}
    specs = tuple({dim: dims[axis] for dim, axis in
                   built.dynamic_axes.get(name, {}).items()}
                  for name in built.names)
    kinds = [p.kind for p in
             inspect.signature(built.module.forward).parameters.values()]
    if inspect.Parameter.VAR_POSITIONAL in kinds:
        return {"args": specs}
    return specs
