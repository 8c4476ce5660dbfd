"""StatefulSession: runs a torch-onnx model in onnxruntime and carries its
lifted state from one call to the next.

torch-onnx lifts the state that forward writes (buffers, attributes,
counters) into a graph input named after the attribute (`running_avg`) and
an output that returns its next value (`running_avg.out`); the model's
metadata property `torch_onnx.state` maps each state input to its output,
and each state input's initializer holds the module's initial value.
"""
import json
import os
from collections.abc import Mapping
from typing import Dict, List

import numpy as np

STATE_METADATA_KEY = "torch_onnx.state"


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
        arrays or torch tensors. Returns the user outputs (the list
        `output_names` names) and keeps the new state."""
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
