"""StatefulSession: runs a torch-onnx model in onnxruntime and carries its
lifted state from one call to the next.

torch-onnx lifts the state that forward writes (buffers, attributes,
counters) into a graph input named after the attribute (`running_avg`) and
an output that returns its next value (`running_avg.out`); the model's
metadata property `torch_onnx.state` maps each state input to its output,
and each state input's initializer holds the module's initial value.

A traced module's model also records how forward's arguments and results
map to the flat graph inputs and outputs, in two metadata properties of
JSON text. Each is built of specs:

    0, 1, ...            the tensor that is the user input (or output) of
                         that index, lifted state left out
    null                 None (no input or output)
    {"tuple": [spec, ...]}, {"list": [spec, ...]}
    {"dict": [[key, spec], ...]}   keys in the dict's order
    {"constant": value}  an int, float, bool or str argument, which the
                         model computes with as a constant

`torch_onnx.input_structure` is [[argument name, spec], ...] in the order
forward takes its arguments; `torch_onnx.output_structure` is the spec of
forward's result. The graph's inputs and outputs are the tensor leaves in
that order: depth first, dicts in their items' order, Nones left out.
"""
import json
import os
from collections.abc import Mapping
from typing import Dict, List

import numpy as np

STATE_METADATA_KEY = "torch_onnx.state"
INPUT_STRUCTURE_KEY = "torch_onnx.input_structure"
OUTPUT_STRUCTURE_KEY = "torch_onnx.output_structure"


class StatefulSession:
    """An onnxruntime.InferenceSession that feeds each call's state outputs
    back as the next call's state inputs.

        session = torch_onnx.StatefulSession("running_average.onnx")
        y = session.run(x)[0]            # or session.run({"input": x})
        session.state["running_avg"]     # the state after that call
        session.reset()                  # back to the initial state

    `model` is a path, the model's bytes, or an ExportResult.
    `sess_options`, `providers` (CPUExecutionProvider unless given) and
    other keyword arguments go to onnxruntime.InferenceSession. Models
    without lifted state work too: `state` is then empty.

    `state` maps each state attribute to its current value (a numpy array);
    assigning an entry sets the state the next call starts from.

    A model exported from a traced module whose forward takes tuples,
    lists, dicts or constants also runs on forward's own arguments:
    `session.run((a, b), cfg={"w": w})`; `unflatten_outputs` gives the
    outputs the structure of forward's result.
    """

    def __init__(self, model, sess_options=None, providers=None,
                 **ort_kwargs):
        import onnxruntime

        source = _model_source(model)
        if sess_options is None:
            sess_options = onnxruntime.SessionOptions()
            # Not the warning that a state input's initializer is not a
            # constant: that is what makes it the initial state.
            sess_options.log_severity_level = 3
        if providers is None:
            providers = ["CPUExecutionProvider"]
        self.session = onnxruntime.InferenceSession(
            source, sess_options, providers=providers, **ort_kwargs)
        metadata = self.session.get_modelmeta().custom_metadata_map
        bindings = json.loads(metadata.get(STATE_METADATA_KEY, "{}"))
        self._state_outputs: Dict[str, str] = dict(bindings)
        state_outputs = set(bindings.values())
        self.input_names: List[str] = [
            i.name for i in self.session.get_inputs()
            if i.name not in bindings]
        self.output_names: List[str] = [
            o.name for o in self.session.get_outputs()
            if o.name not in state_outputs]
        self._all_outputs = [o.name for o in self.session.get_outputs()]
        self.input_structure = _structure(metadata, INPUT_STRUCTURE_KEY)
        self.output_structure = _structure(metadata, OUTPUT_STRUCTURE_KEY)
        self._initial = _initializers(source, bindings) if bindings else {}
        self.state: Dict[str, np.ndarray] = {}
        self.reset()

    @property
    def state_bindings(self) -> Dict[str, str]:
        """{state input: state output}, as the model's metadata says."""
        return dict(self._state_outputs)

    def reset(self):
        """Sets the state back to its initial value (the state inputs'
        initializers)."""
        self.state = {name: value.copy() for name, value in
                      self._initial.items()}

    def run(self, *inputs, **named_inputs) -> List[np.ndarray]:
        """Runs one step. Inputs are given in the order of `input_names`, as
        one dict {name: value}, or by name as keyword arguments; numpy
        arrays or torch tensors. For a model with an input structure (see
        the module's docs), they may also be forward's arguments, nested
        tuples, lists and dicts included; constant arguments may be left
        out, and must have their exported value when given. Returns the
        user outputs (the list `output_names` names) and keeps the new
        state."""
        if not self._is_flat_call(inputs, named_inputs):
            inputs, named_inputs = _bind(self.input_structure, inputs,
                                         named_inputs), {}
        feeds = self._feeds(inputs, named_inputs)
        missing = [n for n in self._state_outputs if n not in self.state]
        if missing:
            raise ValueError(f"state {', '.join(missing)} has no initial "
                             f"value in the model: set session.state[name] "
                             f"before the first run")
        feeds.update(self.state)
        values = dict(zip(self._all_outputs,
                          self.session.run(self._all_outputs, feeds)))
        self.state = {name: values[output]
                      for name, output in self._state_outputs.items()}
        return [values[name] for name in self.output_names]

    __call__ = run

    def unflatten_outputs(self, outputs):
        """The outputs of `run` in the structure of forward's result (a
        tensor's place holds its array), or as they are when the model
        records no output structure."""
        return unflatten(self.output_structure, outputs)

    def _is_flat_call(self, inputs, named_inputs):
        """Whether run's arguments are the graph's inputs rather than
        forward's arguments (the two agree when forward takes tensors)."""
        structure = self.input_structure
        if not structure or all(isinstance(spec, int) and
                                not isinstance(spec, bool)
                                for _, spec in structure):
            return True
        values = list(inputs) + list(named_inputs.values())
        if all(_is_array(v) for v in values):
            return True
        if len(inputs) == 1 and not named_inputs and \
                isinstance(inputs[0], Mapping):
            # A dict of feeds, unless forward's first argument is a dict
            # that this one can be.
            first = structure[0][1]
            names = set(self.input_names) | set(self._state_outputs)
            return not (isinstance(first, dict) and "dict" in first) or \
                set(inputs[0]) <= names
        return False

    def _feeds(self, inputs, named_inputs):
        if len(inputs) == 1 and isinstance(inputs[0], Mapping):
            feeds = dict(inputs[0])
        else:
            if len(inputs) > len(self.input_names):
                raise ValueError(f"the model takes {len(self.input_names)} "
                                 f"input(s) ({', '.join(self.input_names)}), "
                                 f"got {len(inputs)}")
            feeds = dict(zip(self.input_names, inputs))
        feeds.update(named_inputs)
        unknown = [n for n in feeds if n not in self.input_names]
        if unknown:
            hint = (" (state is fed by the session; set session.state "
                    "instead)" if any(n in self._state_outputs
                                      for n in unknown) else "")
            raise ValueError(f"unknown input(s) {', '.join(unknown)}{hint}; "
                             f"the inputs are {', '.join(self.input_names)}")
        missing = [n for n in self.input_names if n not in feeds]
        if missing:
            raise ValueError(f"missing input(s): {', '.join(missing)}")
        return {name: _to_numpy(value) for name, value in feeds.items()}


def unflatten(spec, outputs):
    """`outputs`, a list of the user outputs' values, in the structure that
    `spec` (an output structure) gives; the list itself when spec is None."""
    outputs = list(outputs)
    if spec is None:
        return outputs
    count = _leaf_count(spec)
    if len(outputs) != count:
        raise ValueError(f"the model has {count} user output(s), got "
                         f"{len(outputs)} value(s)")
    return _build(spec, outputs)


def _build(spec, values):
    if isinstance(spec, int) and not isinstance(spec, bool):
        return values[spec]
    if spec is None:
        return None
    if "tuple" in spec:
        return tuple(_build(s, values) for s in spec["tuple"])
    if "list" in spec:
        return [_build(s, values) for s in spec["list"]]
    if "dict" in spec:
        return {key: _build(s, values) for key, s in spec["dict"]}
    return spec["constant"]


def _bind(structure, args, kwargs):
    """The user inputs' values, in order, that forward's arguments `args`
    and `kwargs` hold, laid out as the input structure says."""
    names = [name for name, _ in structure]
    if len(args) > len(names):
        raise ValueError(f"forward takes {len(names)} argument(s) "
                         f"({', '.join(names)}), got {len(args)}")
    given = dict(zip(names, args))
    for name, value in kwargs.items():
        if name not in names:
            raise ValueError(f"forward has no argument '{name}' (its "
                             f"arguments: {', '.join(names)})")
        if name in given:
            raise ValueError(f"argument '{name}' is given twice")
        given[name] = value
    found = {}
    for name, spec in structure:
        if name in given:
            _match(spec, given[name], name, found)
        elif _leaf_count(spec):
            raise ValueError(f"missing argument '{name}'")
    return [found[i] for i in range(len(found))]


def _match(spec, value, path, found):
    """Puts the tensors of `value` into found {input index: value}; raises
    ValueError where `value` does not have the structure of `spec`."""
    if isinstance(spec, int) and not isinstance(spec, bool):
        found[spec] = value
        return
    if spec is None:
        if value is not None:
            raise ValueError(f"'{path}' was None when exported, which the "
                             f"model keeps; got {type(value).__name__}")
        return
    if "constant" in spec:
        if _is_array(value) or value != spec["constant"]:
            raise ValueError(f"'{path}' is the constant {spec['constant']!r} "
                             f"in the model, which cannot take {value!r}")
        return
    kind = next(iter(spec))
    items = spec[kind]
    if kind == "dict":
        if not isinstance(value, Mapping) or \
                set(value) != {key for key, _ in items}:
            raise ValueError(f"'{path}' must be a dict with the keys "
                             f"{[key for key, _ in items]}")
        for key, item in items:
            _match(item, value[key], f"{path}[{key!r}]", found)
        return
    if not isinstance(value, (tuple, list)) or len(value) != len(items):
        raise ValueError(f"'{path}' must be a {kind} of {len(items)} "
                         f"item(s)")
    for index, (item, element) in enumerate(zip(items, value)):
        _match(item, element, f"{path}[{index}]", found)


def _leaf_count(spec):
    """The number of tensors in `spec`."""
    if isinstance(spec, int) and not isinstance(spec, bool):
        return 1
    if not isinstance(spec, dict) or "constant" in spec:
        return 0
    items = spec.get("tuple") or spec.get("list") or \
        [s for _, s in spec.get("dict", [])]
    return sum(_leaf_count(s) for s in items)


def _structure(metadata, key):
    text = metadata.get(key)
    return None if text is None else json.loads(text)


def _is_array(value):
    return isinstance(value, np.ndarray) or hasattr(value, "detach")


def _model_source(model):
    """A path or bytes that onnxruntime and onnx can load."""
    if isinstance(model, (str, os.PathLike)):
        return os.fspath(model)
    if isinstance(model, (bytes, bytearray)):
        return bytes(model)
    path = getattr(model, "path", None)
    data = getattr(model, "model_bytes", None)
    if data is not None:
        return data
    if path is not None:
        return path
    raise TypeError(f"StatefulSession takes a path, bytes or an "
                    f"ExportResult, not {type(model).__name__}")


def _initializers(source, names):
    """{name: array} of the initializers of `names` in the model."""
    import onnx
    from onnx import numpy_helper

    if isinstance(source, bytes):
        model, base = onnx.load_from_string(source), None
    else:
        model = onnx.load(source, load_external_data=False)
        base = os.path.dirname(os.path.abspath(source))
    values = {}
    for tensor in model.graph.initializer:
        if tensor.name in names:
            values[tensor.name] = numpy_helper.to_array(tensor, base or "")
    return values


def _to_numpy(value):
    if hasattr(value, "detach"):  # a torch.Tensor
        return value.detach().cpu().numpy()
    return np.asarray(value)
