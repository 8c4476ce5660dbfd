"""The --input-shape grammar of torch-onnx-compile, for the Python tools.

A shape is its dims and an element type joined by `x`: `1x3x224x224xf32`,
`2x?xsi64` (`?` is a dim of unknown size), or the element type alone for a
0-d tensor (`si64`). The element types are those of the compiler's parser;
each maps to the dtype of the same name in numpy and torch.

Nothing here imports torch until a torch tensor is asked for, so that tools
that only need numpy stay light.
"""
from typing import List, NamedTuple, Optional

# Element type -> numpy/torch dtype name. The first spelling of each dtype is
# the one format_shape() writes.
ELEMENT_TYPES = {
    "f32": "float32",
    "f16": "float16",
    "bf16": "bfloat16",
    "f64": "float64",
    "si64": "int64",
    "i64": "int64",
    "si32": "int32",
    "i32": "int32",
    "si16": "int16",
    "i16": "int16",
    "si8": "int8",
    "i8": "int8",
    "ui8": "uint8",
    "i1": "bool",
    "bool": "bool",
}

_SPELLINGS = {}
for _spelling, _dtype in ELEMENT_TYPES.items():
    _SPELLINGS.setdefault(_dtype, _spelling)

# Random example integers are drawn from [0, INT_HIGH): valid indices into
# any dim of at least this size.
INT_HIGH = 10


class InputShape(NamedTuple):
    dims: List[Optional[int]]  # None for `?`
    dtype: str  # numpy/torch dtype name, e.g. "float32"


def parse(text: str) -> InputShape:
    """Parses `text`; raises ValueError when it is not a shape."""
    *dims, element_type = text.split("x")
    if element_type not in ELEMENT_TYPES:
        raise ValueError(f"invalid --input-shape '{text}': '{element_type}' "
                         f"is not an element type (expected one of "
                         f"{', '.join(ELEMENT_TYPES)})")
    sizes = []
    for dim in dims:
        if dim == "?":
            sizes.append(None)
        elif dim.isdigit():
            sizes.append(int(dim))
        else:
            raise ValueError(f"invalid --input-shape '{text}': '{dim}' is not "
                             f"a dim (expected a size or '?')")
    return InputShape(sizes, ELEMENT_TYPES[element_type])


def element_type(dtype) -> str:
    """The element type of `dtype`, a dtype name or a numpy or torch dtype;
    raises ValueError when it has none."""
    name = str(dtype).replace("torch.", "")
    if name not in _SPELLINGS:
        raise ValueError(f"dtype {dtype} has no --input-shape element type")
    return _SPELLINGS[name]


def format_shape(dims, dtype) -> str:
    """The shape of `dims` and `dtype` (as element_type() takes it)."""
    return "x".join([str(d) for d in dims] + [element_type(dtype)])


def _sizes(shape: InputShape, text: str):
    if None in shape.dims:
        raise ValueError(f"--input-shape '{text}' has a dim of unknown size; "
                         f"an example needs every size")
    return shape.dims


def torch_example(text: str):
    """A random torch tensor of shape `text`: normal floats, integers in
    [0, INT_HIGH), and random bools."""
    import torch
    shape = parse(text)
    sizes = _sizes(shape, text)
    dtype = getattr(torch, shape.dtype)
    if dtype.is_floating_point:
        return torch.randn(sizes, dtype=dtype)
    if dtype == torch.bool:
        return torch.randint(0, 2, sizes).to(torch.bool)
    return torch.randint(0, INT_HIGH, sizes, dtype=dtype)


def numpy_example(text: str, rng):
    """A random numpy array of shape `text`, drawn from `rng` (a
    numpy.random.Generator) as torch_example() draws its tensors."""
    import numpy as np
    shape = parse(text)
    sizes = _sizes(shape, text)
    dtype = np.dtype(shape.dtype)
    if np.issubdtype(dtype, np.floating):
        return rng.standard_normal(sizes).astype(dtype)
    if dtype == np.bool_:
        return rng.integers(0, 2, sizes).astype(dtype)
    return rng.integers(0, INT_HIGH, sizes).astype(dtype)
