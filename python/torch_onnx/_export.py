"""torch_onnx.export: a PyTorch module to an ONNX file, compiled in-process.

The module is traced (or scripted, or taken as it is when it is already a
ScriptModule) and handed to the C++ compiler, `torch_onnx._C`, without a
round trip through a file. The example arguments give every input's shape
and element type.

`TORCH_ONNX_EXPORT_ARGUMENTS` lists each argument of `torch.onnx.export`
with its status here, for the docs and for the checks in `export`.
"""
import contextlib
import copy
import inspect
import os
import shutil
import tempfile
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Dict, List, NamedTuple, Optional

import torch

from . import _C
from ._session import (INPUT_STRUCTURE_KEY, OUTPUT_STRUCTURE_KEY,
                       unflatten)

# Each argument of torch.onnx.export (PyTorch 2.13) and what torch_onnx.export
# does with it: "same", "different" (how), "ignored", or "not supported"
# (why; only the value torch takes by default is accepted).
TORCH_ONNX_EXPORT_ARGUMENTS: Dict[str, tuple] = {
    "model": ("different",
              "an nn.Module is traced with args (as with dynamo=False), or "
              "scripted with script=True; a ScriptModule is used as it is; a "
              "path to a saved TorchScript archive is compiled as saved. "
              "Tracing runs forward once; the buffers and attributes it "
              "changes are put back afterwards (torch.onnx.export leaves "
              "them changed), so lifted state starts from the module's "
              "state before export. ExportedProgram and ScriptFunction are "
              "not supported"),
    "args": ("different",
             "a tuple of forward's arguments, optionally ending in a dict of "
             "keyword arguments. For a traced module, tuples, lists and "
             "dicts of tensors (nested too) flatten to inputs in "
             "torch.onnx.export's order; int, float, bool and str "
             "arguments are constants of the model (torch.onnx.export makes "
             "0-d inputs of them) and None is left out. A scripted module "
             "or an archive takes tensors only"),
    "f": ("different",
          "a path or a binary file object; None keeps the model in memory "
          "(ExportResult.model_bytes) instead of returning an ONNXProgram"),
    "kwargs": ("same", "keyword arguments of forward, as args"),
    "verbose": ("different",
                "True prints the result's summary and its diagnostics, not "
                "the graph"),
    "input_names": ("same",
                    "names of the graph's user inputs, the tensors of the "
                    "flattened arguments in order (constants take no name, "
                    "unlike torch.onnx.export's 0-d inputs); names beyond "
                    "the number of inputs (which name parameters in "
                    "torch.onnx.export) are ignored with a remark. Lifted "
                    "state inputs are named after their attribute"),
    "output_names": ("same",
                     "names of the graph's user outputs, the tensors of "
                     "forward's flattened result; lifted state outputs are "
                     "named '<attribute>.out'"),
    "opset_version": ("different",
                      f"{_C.MIN_OPSET} to {_C.MAX_OPSET}; None means 17, "
                      "the default"),
    "dynamo": ("ignored",
               "the module is always traced or scripted to TorchScript and "
               "compiled by torch-onnx; no torch.export is involved"),
    "external_data": ("different",
                      "None (the default): external data only when the model "
                      "would pass protobuf's 2 GiB limit; True: initializers "
                      "of at least 1 KiB go to '<f>.data'; False: never (an "
                      "error for a model above 2 GiB)"),
    "dynamic_shapes": ("not supported",
                       "torch.export's specification; use dynamic_axes"),
    "custom_translation_table": ("different",
                                 "{op: function}: an op (OpOverload, "
                                 "OpOverloadPacket, or its name "
                                 "'mylib::foo[.overload]') to one onnxscript "
                                 "function or onnx.FunctionProto, called as "
                                 "a model-local function; tensor arguments "
                                 "are its inputs in schema order, constant "
                                 "arguments the attributes of the same name "
                                 "that it declares. A list of functions "
                                 "(by dtype) is not supported"),
    "report": ("ignored", "str(result) is the summary"),
    "optimize": ("ignored", "the compiler always folds and simplifies"),
    "verify": ("same",
               "runs the model in onnxruntime against PyTorch on args "
               "(stateful models over 3 steps, dynamic dims also at a "
               "second size) and raises ExportError on a mismatch, leaving "
               "no model behind"),
    "profile": ("ignored", "no profiling"),
    "dump_exported_program": ("ignored", "there is no ExportedProgram"),
    "artifacts_dir": ("ignored", "no artifacts are written"),
    "export_params": ("not supported",
                      "False (a model without its weights) is not supported; "
                      "weights are always initializers"),
    "keep_initializers_as_inputs": ("not supported",
                                    "True is not supported: weights are "
                                    "initializers only; lifted state inputs "
                                    "do carry an initializer with their "
                                    "initial value"),
    "dynamic_axes": ("same",
                     "{name: {axis: symbol}} or {name: [axes]} with torch's "
                     "automatic symbols; a key that names no input or output "
                     "is an error (torch warns and ignores it); an output's "
                     "dims follow from the inputs'"),
    "training": ("same",
                 "EVAL (default), PRESERVE or TRAINING, restored afterwards; "
                 "a saved archive is compiled in the mode it was saved in"),
    "operator_export_type": ("different",
                             "ONNX (default); ONNX_FALLTHROUGH and "
                             "ONNX_ATEN_FALLBACK emit ops that have no "
                             "lowering as nodes of the custom domain "
                             "org.pytorch.aten; ONNX_ATEN is not supported"),
    "do_constant_folding": ("ignored", "constants are always folded"),
    "custom_opsets": ("not supported",
                      "custom domains' versions cannot be set yet"),
    "export_modules_as_functions": ("same",
                                    "True or a set of module classes; a "
                                    "traced module only (scripted ones have "
                                    "no module scopes); a module called "
                                    "inside another exported one stays "
                                    "inlined in the outer function"),
    "autograd_inlining": ("not supported",
                          "False is not supported; TorchScript cannot save "
                          "autograd Functions, so there is nothing to inline"),
}

# The arguments above that are "not supported": the values accepted, which
# are torch's defaults (None and empty collections included).
_ACCEPTED_VALUES = {
    "export_params": lambda v: v is True,
    "keep_initializers_as_inputs": lambda v: v is None or v is False,
    "dynamic_shapes": lambda v: not v,
    "custom_opsets": lambda v: not v,
    "autograd_inlining": lambda v: v is True,
}

# torch dtype -> the compiler's element type (the --input-shape grammar).
_ELEMENT_TYPES = {
    torch.float32: "f32",
    torch.float16: "f16",
    torch.bfloat16: "bf16",
    torch.float64: "f64",
    torch.int64: "si64",
    torch.int32: "si32",
    torch.int16: "si16",
    torch.int8: "si8",
    torch.uint8: "ui8",
    torch.bool: "i1",
}

# external_data=True moves initializers of at least this many bytes out.
EXTERNAL_DATA_THRESHOLD = 1024


class ExportError(RuntimeError):
    """torch_onnx.export failed. The message lists every error with its
    Python source location; `diagnostics` holds them as Diagnostic values."""

    def __init__(self, message, diagnostics=()):
        super().__init__(message)
        self.diagnostics = list(diagnostics)


class Diagnostic(NamedTuple):
    """One message of the compiler or of the tracer."""
    severity: str  # "error", "warning", "remark" or "note"
    message: str
    location: str  # "file.py:LINE[:COL]", or "" when unknown

    def __str__(self):
        prefix = f"{self.location}: " if self.location else ""
        return f"{prefix}{self.severity}: {self.message}"


class StateBinding(NamedTuple):
    """Lifted state: the graph input that takes the state, the output that
    returns its next value, and the module attribute it is (`running_avg`,
    `sub.cache`, `hidden.0` for a tuple's first element)."""
    input: str
    output: str
    attribute: str


@dataclass
class ExportResult:
    """What torch_onnx.export produced.

    `input_names` and `output_names` are all the graph's inputs and outputs
    in order, lifted state included; `user_input_names` and
    `user_output_names` leave the state out. `path` is None when the model
    went to a file object or stayed in memory (`model_bytes`, for f=None).
    `input_structure` and `output_structure` say how forward's arguments
    and result flatten to the user inputs and outputs, as the model's
    metadata records them (see torch_onnx._session); None for a module that
    was not traced.
    """
    path: Optional[str]
    input_names: List[str]
    output_names: List[str]
    state: List[StateBinding]
    warnings: List[Diagnostic]
    node_count: int
    opset: int = 17
    external_data: bool = False
    model_bytes: Optional[bytes] = field(default=None, repr=False)
    input_structure: Optional[list] = field(default=None, repr=False)
    output_structure: Any = field(default=None, repr=False)

    @property
    def user_input_names(self) -> List[str]:
        state = {s.input for s in self.state}
        return [n for n in self.input_names if n not in state]

    @property
    def user_output_names(self) -> List[str]:
        state = {s.output for s in self.state}
        return [n for n in self.output_names if n not in state]

    def unflatten_outputs(self, outputs):
        """`outputs`, the values of the user outputs (or of all outputs) in
        order, in the structure of forward's result: nested tuples, lists
        and dicts, with None where forward returned None. Without an output
        structure, the list of user outputs."""
        outputs = list(outputs)
        if len(outputs) == len(self.output_names) and self.state:
            state = {s.output for s in self.state}
            outputs = [value for name, value in
                       zip(self.output_names, outputs) if name not in state]
        return unflatten(self.output_structure, outputs)

    @property
    def model(self):
        """The model as an onnx.ModelProto (loaded on each access)."""
        import onnx
        if self.model_bytes is not None:
            return onnx.load_from_string(self.model_bytes)
        if self.path is None:
            raise ValueError("the model was written to a file object")
        return onnx.load(self.path)

    def save(self, destination):
        """Writes the model to `destination`, a path or a binary file object
        (for a model exported with f=None, or a copy of one on disk)."""
        if self.model_bytes is not None:
            data = self.model_bytes
        elif self.path is not None and not self.external_data:
            with open(self.path, "rb") as source:
                data = source.read()
        else:
            raise ValueError("nothing to save: the model is on disk with "
                             "external data, or in a file object")
        if hasattr(destination, "write"):
            destination.write(data)
        else:
            with open(destination, "wb") as out:
                out.write(data)

    def __str__(self):
        def names(values, state):
            return ", ".join(f"{n} (state)" if n in state else n
                             for n in values) or "(none)"
        where = self.path or ("in memory" if self.model_bytes is not None
                              else "file object")
        data = ", external data" if self.external_data else ""
        state_inputs = {s.input for s in self.state}
        state_outputs = {s.output for s in self.state}
        lines = [f"ONNX model {where}: opset {self.opset}, "
                 f"{self.node_count} nodes{data}",
                 f"  inputs:  {names(self.input_names, state_inputs)}",
                 f"  outputs: {names(self.output_names, state_outputs)}"]
        if self.state:
            lines.append("  state:   " + ", ".join(
                f"{s.input} -> {s.output}" if s.attribute == s.input else
                f"{s.attribute}: {s.input} -> {s.output}" for s in self.state))
        count = sum(d.severity == "warning" for d in self.warnings)
        if count:
            lines.append(f"  {count} warning{'s' if count > 1 else ''}:")
            lines += [f"    {d}" for d in self.warnings
                      if d.severity == "warning"]
        return "\n".join(lines)


def export(model, args=(), f=None, *, kwargs=None, input_names=None,
           output_names=None, dynamic_axes=None, opset_version=17,
           external_data=None, verify=False, script=False, **options):
    """Exports `model` to ONNX, like torch.onnx.export, with torch-onnx.

    Replacing `torch.onnx.export` by `torch_onnx.export` keeps the meaning
    of every argument the two share. The module is compiled in this process
    by torch-onnx's compiler: state that forward writes becomes explicit
    inputs and outputs, dynamic dims stay dynamic, and an unconvertible op is
    an error at its Python line.

    Args:
        model: an nn.Module, traced on `args` with torch.jit.trace (or
            scripted with torch.jit.script when `script=True`); a
            torch.jit.ScriptModule, used as it is; or a path (str or
            os.PathLike) to a TorchScript archive saved with `.save()`.
            Tracing runs forward once; the buffers and attributes that it
            changes are put back afterwards, so the module is left as it
            was, and lifted state starts from its value before export.
        args: the example arguments of forward: a tensor, or a tuple of
            arguments optionally ending in a dict of keyword arguments (so a
            dict argument in last place needs an empty dict after it). Their
            tensors give each input's shape and element type. A traced
            module also takes tuples, lists and dicts of tensors, nested
            too: their tensors become the graph's inputs in
            torch.onnx.export's order (depth first, dicts in their items'
            order), named after the argument and the path to the tensor
            (`pair_0`, `cfg_scale`, `cfg_xs_1`). An int, float, bool or str
            argument, alone or inside a structure, is a constant of the
            model, with a warning (torch.onnx.export makes int, float and
            bool arguments 0-d inputs); None is left out. The model's
            metadata records the structure, so that StatefulSession.run
            takes forward's arguments. A scripted module or an archive takes
            tensors only.
        f: where to write the model: a path (str or os.PathLike), or a binary
            file object (the model must then fit in one file: no external
            data). None keeps the model in memory, in
            `ExportResult.model_bytes`; `ExportResult.save()` writes it.
        kwargs: keyword arguments of forward, in addition to `args`; the
            inputs follow forward's order of arguments, not kwargs' order.
        input_names: names of the graph's inputs, the tensors of forward's
            flattened arguments in order (constants and None take no name,
            unlike in torch.onnx.export); a shorter list names the first
            ones, and the rest keep their default names. Names past the
            number of inputs are ignored (torch.onnx.export gives them to
            parameters).
        output_names: names of the graph's outputs, the tensors of
            forward's result flattened as the arguments are, in order
            (default `output` for a tensor, or `output_0` ... `output_N`).
            The result may nest tuples, lists and dicts of tensors, and
            None, which is left out; any other value is an ExportError.
            ExportResult.unflatten_outputs gives outputs back their
            structure.
        dynamic_axes: {name: {axis: symbol}} or {name: [axis, ...]} (then
            the symbol is f"{name}_dynamic_axes_{i + 1}"), for input names
            (input_names, or the default names above) and output names. An
            output's dims follow from the inputs', so naming an output only
            checks that its axis came out dynamic.
        opset_version: the ONNX opset, from torch_onnx.MIN_OPSET (13) to
            torch_onnx.MAX_OPSET (default 17; None is 17).
        external_data: None (default): weights move to '<f>.data' only when
            the model would pass protobuf's 2 GiB limit. True: every
            initializer of at least 1 KiB goes there. False: never; a model
            above 2 GiB is an error.
        verify: run the model in onnxruntime on `args` (stateful models over
            3 steps, with state fed back, on a copy of the module; models
            with dynamic dims once more with each dynamic dim one larger)
            and raise ExportError when an output differs from PyTorch's by
            more than 1e-4 of its largest magnitude. The model is not kept
            then.
        script: script the nn.Module (torch.jit.script) instead of tracing
            it. Needed for `if` on tensors, loops that depend on inputs, and
            state that forward assigns (`self.x = ...`), which a trace does
            not record.
        **options: the other arguments of torch.onnx.export:
            `training` (TrainingMode.EVAL by default: the module is in eval
            mode during export, and its modes are restored afterwards;
            PRESERVE and TRAINING as in torch.onnx.export);
            `operator_export_type` (ONNX; ONNX_FALLTHROUGH or
            ONNX_ATEN_FALLBACK emit ops without a lowering as nodes of the
            custom domain org.pytorch.aten); `verbose` (True prints the
            summary and diagnostics); `dynamo`, `report`, `optimize`,
            `profile`, `dump_exported_program`, `artifacts_dir`,
            `do_constant_folding` (accepted and ignored);
            `custom_translation_table` ({op: function}: each call of the op,
            an OpOverload, an OpOverloadPacket or a name such as
            'mylib::foo' or 'aten::add.Tensor', becomes one call of the
            function, an onnxscript function or an onnx.FunctionProto, which
            the model carries as a local function; the op's tensors are its
            inputs in schema order, and its constant arguments the
            attributes of the same names that the function declares; the
            op's own lowering, if any, is not used);
            `export_modules_as_functions` (True, or a set of nn.Module
            classes: each call of such a module becomes a call of a
            model-local function named after its class, in the domain of
            its Python module; calls with the same nodes share a function;
            a module called inside another exported one is called from the
            outer one's function; traced modules only). `export_params`,
            `keep_initializers_as_inputs`, `dynamic_shapes`,
            `custom_opsets` and `autograd_inlining` are only accepted with
            their default values.
            torch_onnx.TORCH_ONNX_EXPORT_ARGUMENTS lists each argument's
            status.

    Returns:
        ExportResult: the path, the graph's input and output names, the
        lifted state (StateBinding values), the warnings of the tracer and
        the compiler with their Python source locations, and the node count.
        print() gives a short summary.

    Raises:
        ExportError: the model cannot be compiled (the message lists every
            error with its source location; `.diagnostics` holds them), an
            argument is not supported, or verify=True found a mismatch.
        TypeError: an argument that torch.onnx.export does not have either.
    """
    opset = 17 if opset_version is None else int(opset_version)
    verbose, training, fallback = _check_options(options)
    custom_ops = {}
    if options.get("custom_translation_table"):
        from ._custom_ops import lower_translation_table
        custom_ops = lower_translation_table(
            options["custom_translation_table"], opset)._asdict()
    module_functions = _module_functions(
        model, options.get("export_modules_as_functions", False), script)
    if module_functions:
        custom_ops["module_functions"] = module_functions
    to_path = isinstance(f, (str, os.PathLike))
    if not to_path and f is not None and not _is_file_object(f):
        raise ExportError(f"f must be a path or a binary file object, not "
                          f"{type(f).__name__}")
    if not to_path and external_data:
        raise ExportError("external_data=True needs f to be a path: the "
                          "weights go to a file next to the model")
    args, kwargs = _split_args(args, kwargs)
    diagnostics: List[Diagnostic] = []

    with _training_mode(model, training):
        module = _ModuleToCompile(model, args, kwargs, script, verify,
                                  diagnostics)
        for path, value in module.constants:
            message = (f"argument '{path[0]}'{path[1]} = {value!r} is a "
                       f"constant of the exported model (make it a tensor "
                       f"to give it at run time)")
            warnings.warn(message, stacklevel=2)
            diagnostics.append(Diagnostic("warning", message, ""))
        names = _input_names(input_names, len(module.tensors),
                             module.arg_names, diagnostics)
        dims, output_axes = _dynamic_dims(dynamic_axes, module.tensors, names,
                                          module.arg_names, output_names)
        with _destination(f) as path:
            summary = _compile(
                module.source, path, input_shapes=module.input_shapes(),
                input_names=names, output_names=list(output_names or []),
                dynamic_dims=dims, opset=opset,
                external_data_threshold=(EXTERNAL_DATA_THRESHOLD
                                         if external_data else None),
                fallback_custom_ops=fallback, **custom_ops)
            result = _result(summary, path, opset, diagnostics)
            module.warn_unrecorded_writes(result)
            if module.input_structure is not None:
                result.input_structure = module.input_structure
                result.output_structure = module.output_structure
                _write_structure(path, module)
            try:
                if result.external_data and (external_data is False
                                             or not to_path):
                    why = ("external_data=False" if external_data is False
                           else "f is not a path")
                    raise ExportError(f"the model needs external data (its "
                                      f"weights pass 2 GiB), but {why}")
                if output_axes:
                    _check_output_axes(path, output_axes, result)
                if verify:
                    from ._verify import verify_export
                    verify_export(path, module.reference, module.tensors,
                                  module.call, result)
            except ExportError:
                if to_path:
                    _remove_model(path)
                raise
            if not to_path:
                with open(path, "rb") as written:
                    data = written.read()
                if f is None:
                    result.model_bytes = data
                else:
                    f.write(data)
                result.path = None
    if verbose:
        print(result)
        for diagnostic in result.warnings:
            if diagnostic.severity != "warning":
                print(f"  {diagnostic}")
    return result


# --- Arguments ---------------------------------------------------------------

def _module_functions(model, selection, script):
    """The compiler's (dotted path, domain, name) of each submodule whose
    calls export_modules_as_functions turns into local functions."""
    if selection is False or selection is None:
        return []
    if not isinstance(selection, bool):
        try:
            classes = set(selection)
        except TypeError:
            raise ExportError("export_modules_as_functions must be a bool or "
                              "a set of nn.Module classes") from None
        if not all(isinstance(c, type) and issubclass(c, torch.nn.Module)
                   for c in classes):
            raise ExportError("export_modules_as_functions must be a bool or "
                              "a set of nn.Module classes")
        if not classes:
            return []
    if script or not isinstance(model, torch.nn.Module) or \
            isinstance(model, torch.jit.ScriptModule):
        raise ExportError("export_modules_as_functions needs an nn.Module "
                          "to trace: a scripted module records no module "
                          "scopes")
    return [(name, type(module).__module__, type(module).__name__)
            for name, module in model.named_modules()
            if name and (selection is True or type(module) in classes)]


def _check_options(options):
    """Checks torch.onnx.export's other arguments; returns (verbose,
    training mode name, fallback_custom_ops)."""
    verbose, training, fallback = False, "EVAL", False
    for name, value in options.items():
        if name not in TORCH_ONNX_EXPORT_ARGUMENTS:
            raise TypeError(f"export() got an unexpected keyword argument "
                            f"'{name}'")
        if name == "verbose":
            verbose = bool(value)
        elif name == "training":
            training = getattr(value, "name", str(value)).upper()
            if training not in ("EVAL", "PRESERVE", "TRAINING"):
                raise ExportError(f"training={value!r} is not a TrainingMode")
        elif name == "operator_export_type":
            kind = getattr(value, "name", str(value)).upper()
            if kind in ("ONNX_FALLTHROUGH", "ONNX_ATEN_FALLBACK"):
                fallback = True
            elif kind != "ONNX":
                raise ExportError(
                    f"operator_export_type={value!r} is not supported: use "
                    f"ONNX, or ONNX_FALLTHROUGH to emit ops without a "
                    f"lowering as nodes of the domain org.pytorch.aten")
        elif name in _ACCEPTED_VALUES:
            if not _ACCEPTED_VALUES[name](value):
                _, why = TORCH_ONNX_EXPORT_ARGUMENTS[name]
                raise ExportError(f"{name}={value!r} is not supported by "
                                  f"torch_onnx.export: {why}")
    return verbose, training, fallback


def _split_args(args, kwargs):
    """args as a tuple and kwargs as a dict; a trailing dict in args is
    keyword arguments, as in torch.onnx.export."""
    if isinstance(args, (torch.Tensor, int, float, bool)):
        args = (args,)
    elif isinstance(args, list):
        args = tuple(args)
    elif not isinstance(args, tuple):
        raise ExportError(f"args must be a tensor or a tuple of arguments, "
                          f"not {type(args).__name__}")
    kwargs = dict(kwargs or {})
    if args and isinstance(args[-1], Mapping):
        for name, value in args[-1].items():
            if name in kwargs:
                raise ExportError(f"keyword argument '{name}' is given both "
                                  f"in args and in kwargs")
            kwargs[name] = value
        args = args[:-1]
    return args, kwargs


def _check_tensors(args, kwargs, why):
    """Refuses arguments other than tensors, saying `why`."""
    named = [(f"argument {i} of forward", v) for i, v in enumerate(args)]
    named += [(f"keyword argument '{n}'", v) for n, v in kwargs.items()]
    for what, value in named:
        if not isinstance(value, torch.Tensor):
            raise ExportError(f"{what} is {type(value).__name__}: {why}")


def _flatten_arguments(arguments):
    """Flattens forward's arguments, [(name, value)] in the order forward
    takes them, as torch.onnx.export does: tensors depth first, dicts in
    their items' order, Nones left out. Returns (tensors, their default
    input names, the input structure of the model's metadata, and the
    constants as [((name, subscripts), value)])."""
    tensors, names, constants = [], [], []

    def walk(value, name, keys):
        if isinstance(value, torch.Tensor):
            tensors.append(value)
            names.append("_".join([name] + [str(k) for k in keys]))
            return len(tensors) - 1
        if value is None:
            return None
        subscripts = "".join(f"[{k!r}]" for k in keys)
        if isinstance(value, (bool, int, float, str)):
            constants.append(((name, subscripts), value))
            return {"constant": value}
        if isinstance(value, (tuple, list)):
            kind = "tuple" if isinstance(value, tuple) else "list"
            return {kind: [walk(v, name, keys + (i,))
                           for i, v in enumerate(value)]}
        if isinstance(value, Mapping):
            for key in value:
                if not isinstance(key, (str, int, float, bool)):
                    raise ExportError(
                        f"argument '{name}'{subscripts} is a dict with the "
                        f"key {key!r}: dict keys must be str, int, float or "
                        f"bool")
            return {"dict": [[k, walk(v, name, keys + (k,))]
                             for k, v in value.items()]}
        raise ExportError(
            f"argument '{name}'{subscripts} is {type(value).__name__}: "
            f"torch_onnx.export takes tensors, tuples, lists and dicts of "
            f"them, and int, float, bool, str and None")

    structure = [[name, walk(value, name, ())] for name, value in arguments]
    return tensors, _unique(names), structure, constants


def _unique(names):
    """`names`, with a suffix on the ones that repeat an earlier name."""
    seen, unique = set(), []
    for name in names:
        candidate, count = name, 1
        while candidate in seen:
            candidate, count = f"{name}.{count}", count + 1
        seen.add(candidate)
        unique.append(candidate)
    return unique


def _rebuild(value, tensors):
    """`value` with its tensors replaced by the next ones of the iterator
    `tensors`, in _flatten_arguments' order."""
    if isinstance(value, torch.Tensor):
        return next(tensors)
    if isinstance(value, (tuple, list)):
        items = [_rebuild(v, tensors) for v in value]
        if hasattr(value, "_fields"):  # a namedtuple
            return type(value)(*items)
        with contextlib.suppress(Exception):
            return type(value)(items)
        return tuple(items) if isinstance(value, tuple) else items
    if isinstance(value, Mapping):
        items = [(k, _rebuild(v, tensors)) for k, v in value.items()]
        with contextlib.suppress(Exception):
            return type(value)(items)
        return dict(items)
    return value


def _flatten_result(value):
    """(output structure, tensors) of forward's result, flattened as the
    arguments are; ExportError for values that are not tensors."""
    tensors = []

    def walk(value, keys):
        if isinstance(value, torch.Tensor):
            tensors.append(value)
            return len(tensors) - 1
        if value is None:
            return None
        if isinstance(value, (tuple, list)):
            kind = "tuple" if isinstance(value, tuple) else "list"
            return {kind: [walk(v, keys + (i,))
                           for i, v in enumerate(value)]}
        if isinstance(value, Mapping):
            return {"dict": [[k if isinstance(k, (str, int, float, bool))
                              else str(k), walk(v, keys + (k,))]
                             for k, v in value.items()]}
        where = "".join(f"[{k!r}]" for k in keys)
        raise ExportError(
            f"forward returns {type(value).__name__} "
            f"{'at result' + where if where else 'as its result'}: the "
            f"outputs of an ONNX model are tensors (return a tensor, or "
            f"leave the value out)")

    structure = walk(value, ())
    if not tensors:
        raise ExportError("forward returns no tensor: an ONNX model needs "
                          "an output")
    return structure, tensors


def _write_structure(path, module):
    """Adds the input and output structures to the model's metadata_props.
    A serialized message followed by another is their merge, so appending
    a ModelProto that holds only the two properties adds them without
    reading the model."""
    import json
    import onnx
    extra = onnx.ModelProto()
    for key, value in ((INPUT_STRUCTURE_KEY, module.input_structure),
                       (OUTPUT_STRUCTURE_KEY, module.output_structure)):
        entry = extra.metadata_props.add()
        entry.key = key
        entry.value = json.dumps(value, separators=(",", ":"))
    with open(path, "ab") as model:
        model.write(extra.SerializeToString())


def _input_shape(tensor, index, arg_names):
    if tensor.dtype not in _ELEMENT_TYPES:
        name = arg_names[index] if arg_names and index < len(arg_names) \
            else str(index)
        raise ExportError(f"input {name} has dtype {tensor.dtype}, which "
                          f"ONNX export does not support here (supported: "
                          f"{', '.join(str(d) for d in _ELEMENT_TYPES)})")
    return "x".join([str(size) for size in tensor.shape]
                    + [_ELEMENT_TYPES[tensor.dtype]])


def _input_names(input_names, count, arg_names, diagnostics):
    if input_names is None:
        return []
    if isinstance(input_names, str):
        raise ExportError("input_names must be a list of names, not a str")
    names = [str(n) for n in input_names]
    if len(names) > count:
        diagnostics.append(Diagnostic(
            "remark",
            f"input_names has {len(names)} names for {count} input(s); "
            f"{', '.join(names[count:count + 3])}"
            f"{', ...' if len(names) > count + 3 else ''} name parameters in "
            f"torch.onnx.export and are ignored here: parameters are "
            f"initializers named after their module path", ""))
        names = names[:count]
    if len(names) < count and arg_names is not None:
        names += arg_names[len(names):count]
    return names


def _dynamic_dims(dynamic_axes, tensors, input_names, arg_names,
                  output_names):
    """The compiler's ARG:AXIS=SYMBOL specs for the inputs in
    `dynamic_axes`, and {output name: {axis: symbol}} for its outputs."""
    specs, outputs = [], {}
    for key, axes in (dynamic_axes or {}).items():
        if isinstance(axes, Mapping):
            pairs = [(axis, str(symbol)) for axis, symbol in axes.items()]
        elif isinstance(axes, (list, tuple)):
            pairs = [(axis, f"{key}_dynamic_axes_{i + 1}")
                     for i, axis in enumerate(axes)]
        else:
            raise ExportError(f"dynamic_axes['{key}'] must be a dict "
                              f"{{axis: name}} or a list of axes")
        for axis, _ in pairs:
            if not isinstance(axis, int) or isinstance(axis, bool):
                raise ExportError(f"dynamic_axes['{key}']: axis {axis!r} is "
                                  f"not an integer")
        index = None
        if key in input_names:
            index = input_names.index(key)
        elif arg_names is not None and key in arg_names \
                and arg_names.index(key) >= len(input_names):
            index = arg_names.index(key)
        if index is not None and index < len(tensors):
            rank = tensors[index].dim()
            for axis, symbol in pairs:
                if not -rank <= axis < rank:
                    raise ExportError(
                        f"dynamic_axes['{key}']: axis {axis} is out of range "
                        f"for an input of rank {rank}")
                specs.append(f"{index}:{axis % rank}={symbol}")
        elif output_names and key in output_names:
            outputs[key] = dict(pairs)
        elif arg_names is None:
            # A saved archive: the compiler knows forward's argument names.
            specs += [f"{key}:{axis}={symbol}" for axis, symbol in pairs]
        else:
            known = list(input_names or arg_names or []) + list(
                output_names or [])
            raise ExportError(f"dynamic_axes names '{key}', which is neither "
                              f"an input nor an output (known: "
                              f"{', '.join(known) or 'none'})")
    return specs, outputs


def _is_file_object(f):
    return f is not None and hasattr(f, "write")


# --- The module --------------------------------------------------------------

@contextlib.contextmanager
def _training_mode(model, mode):
    """Sets the training mode of `model` and its submodules for export and
    restores each one's afterwards."""
    if not isinstance(model, torch.nn.Module) or mode == "PRESERVE":
        yield
        return
    saved = [(m, m.training) for m in model.modules()]
    model.train(mode == "TRAINING")
    try:
        yield
    finally:
        for module, training in saved:
            module.training = training


class _ModuleToCompile:
    """The TorchScript module that `model` becomes, with what export needs
    to know about it.

    `source` is what the compiler takes (a torch._C.ScriptModule, or the
    path of an archive); `tensors` are the graph's user inputs in order;
    `call_names` the names to call forward with (None: positionally);
    `arg_names` the inputs' default names (None for an archive, which is
    not loaded here); `reference` a copy of the module for verify=True.
    A traced module also has `input_structure` and `output_structure`, as
    the model's metadata records them, and `constants`, the constant
    arguments as [((argument name, subscripts), value)].
    """

    def __init__(self, model, args, kwargs, script, verify, diagnostics):
        self.reference = None
        self.call_names = None
        self.arg_names = None
        self.input_structure = self.output_structure = None
        self.constants = []
        self._arguments = None  # [(name, value)] of a traced forward
        self._signature = None  # forward's, when called by names
        self._parameters = None  # [(forward's parameter, its kind)]
        self._writes = []
        if isinstance(model, torch.export.ExportedProgram):
            self._from_program(model, args, kwargs, verify)
            return
        if isinstance(model, (str, os.PathLike)):
            if kwargs:
                raise ExportError("kwargs need a module, not a path: pass the "
                                  "archive's arguments positionally in args")
            _check_tensors(args, kwargs, "an archive takes tensor arguments "
                           "only")
            self.source = os.fspath(model)
            self.tensors = list(args)
            from .verify_archive import is_torch_export_archive
            if is_torch_export_archive(self.source):
                if verify or not args:
                    program = torch.export.load(self.source)
                    self.tensors = list(args) or _example_tensors(program)
                    self.reference = program.module() if verify else None
                return
            if verify:
                self.reference = torch.jit.load(self.source)
            return
        if not isinstance(model, torch.nn.Module):
            raise ExportError(
                f"model must be an nn.Module, a ScriptModule, an "
                f"ExportedProgram or a path to a .pt or .pt2 archive, not "
                f"{type(model).__name__}")
        if verify:
            # Before tracing, which runs forward and may change the module.
            self.reference = _copy_module(model)
        if isinstance(model, torch.jit.ScriptModule) or script:
            _check_tensors(
                args, kwargs,
                "a scripted module takes tensor arguments only; structured "
                "and non-tensor arguments need tracing (export the "
                "nn.Module with script=False)")
            scripted = model if isinstance(model, torch.jit.ScriptModule) \
                else _script(model, diagnostics)
            self.arg_names = [a.name for a in
                              scripted.forward.schema.arguments[1:]]
            self.tensors = list(args)
            if kwargs:
                self.tensors, self.call_names = _order_by_names(
                    self.arg_names, args, kwargs)
            self.source = scripted._c
        else:
            self.source = self._trace(model, args, kwargs, diagnostics)

    def _from_program(self, program, args, kwargs, verify):
        """An ExportedProgram goes to the compiler as its JSON and its
        tensors, which are shared, not copied; it carries its input shapes
        and dynamic dims. Without args, its example inputs are the inputs."""
        from torch._export.serde.serialize import serialize
        from torch.export.graph_signature import InputKind, TensorArgument
        self.arg_names = [
            spec.arg.name for spec in program.graph_signature.input_specs
            if spec.kind == InputKind.USER_INPUT and
            isinstance(spec.arg, TensorArgument)]
        if args or kwargs:
            self.tensors = _leaf_tensors((args, kwargs))
        else:
            self.tensors = _example_tensors(program)
        artifact = serialize(program, serialize_state_dict=False,
                             serialize_constants=False,
                             serialize_example_inputs=False)
        tensors = dict(program.state_dict)
        tensors.update({name: value for name, value in
                        program.constants.items()
                        if isinstance(value, torch.Tensor)})
        self.source = (artifact.exported_program, tensors)
        if verify:
            self.reference = copy.deepcopy(program).module()

    def call(self, module, tensors):
        """Calls `module` (the module or its copy) on the arguments with
        `tensors` as the user inputs; returns what forward returns."""
        if self._arguments is not None:
            values = _rebuild([v for _, v in self._arguments], iter(tensors))
            if self._signature is None:
                return module(*values)
            arguments = {}
            for (name, _), (parameter, kind), value in zip(
                    self._arguments, self._parameters, values):
                if kind == inspect.Parameter.VAR_KEYWORD:
                    arguments.setdefault(parameter, {})[name] = value
                elif kind == inspect.Parameter.VAR_POSITIONAL:
                    arguments[parameter] = arguments.get(parameter, ()) + (
                        value,)
                else:
                    arguments[parameter] = value
            bound = inspect.BoundArguments(self._signature, arguments)
            return module(*bound.args, **bound.kwargs)
        if self.call_names is None:
            return module(*tensors)
        return module(**dict(zip(self.call_names, tensors)))

    def _trace(self, model, args, kwargs, diagnostics):
        if kwargs:
            try:
                self._signature = inspect.signature(model.forward)
                bound = self._signature.bind(*args, **kwargs)
            except (TypeError, ValueError) as error:
                raise ExportError(f"args and kwargs do not fit forward: "
                                  f"{error}") from error
            # The items of *args and **kwargs are arguments of their own.
            self._arguments, self._parameters = [], []
            for parameter, value in bound.arguments.items():
                kind = self._signature.parameters[parameter].kind
                if kind == inspect.Parameter.VAR_POSITIONAL:
                    items = [(f"{parameter}_{i}", v)
                             for i, v in enumerate(value)]
                elif kind == inspect.Parameter.VAR_KEYWORD:
                    items = list(value.items())
                else:
                    items = [(parameter, value)]
                self._arguments += items
                self._parameters += [(parameter, kind)] * len(items)
        else:
            self._arguments = list(zip(
                _positional_names(model, len(args)), args))
        self.tensors, self.arg_names, self.input_structure, \
            self.constants = _flatten_arguments(self._arguments)

        def forward(*tensors):
            self.output_structure, outputs = _flatten_result(
                self.call(model, tensors))
            if self.output_structure == 0:
                return outputs[0]
            # An input returned among several outputs is returned through
            # a copy (an Identity node), as the compiler takes only values
            # computed in the graph there.
            inputs = {id(t) for t in tensors}
            return tuple(t.clone() if id(t) in inputs else t
                         for t in outputs)

        state = _ModuleState(model)
        detached = state.detach_computed()
        if detached:
            diagnostics.append(Diagnostic(
                "remark",
                f"{', '.join(detached)} held tensors with autograd history "
                f"(from a call outside torch.no_grad()); the trace keeps "
                f"them, detached, as constants", ""))
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                traced = _trace_module(model, forward, self.tensors,
                                       self.arg_names)
            except ExportError:
                raise
            except Exception as error:
                raise ExportError(f"tracing the module failed: "
                                  f"{type(error).__name__}: {error}") \
                    from error
            finally:
                self._writes = state.assigned()
                state.restore()
        _report_torch_warnings(caught, diagnostics)
        return traced

    def input_shapes(self):
        return [_input_shape(t, i, self.arg_names)
                for i, t in enumerate(self.tensors)]

    def warn_unrecorded_writes(self, result):
        """Warns about attributes that forward assigned while being traced
        and that the compiler did not lift: the trace froze their value."""
        lifted = {s.attribute for s in result.state}
        by_module = {}
        for name, module in self._writes:
            if name not in lifted and not any(s.startswith(name + ".")
                                              for s in lifted):
                by_module.setdefault(id(module), (module, []))[1].append(name)
        for module, names in by_module.values():
            location = ""
            with contextlib.suppress(Exception):
                forward = type(module).forward
                location = (f"{inspect.getsourcefile(forward)}:"
                            f"{inspect.getsourcelines(forward)[1]}")
            result.warnings.append(Diagnostic(
                "warning",
                f"forward assigns {', '.join(names)}, which a "
                f"trace does not record: the model keeps the value "
                f"{'they' if len(names) > 1 else 'it'} had when traced and "
                f"never updates {'them' if len(names) > 1 else 'it'}; export "
                f"with script=True to lift state", location))


def _example_tensors(program):
    """The tensors of an ExportedProgram's example inputs, flattened."""
    if not program.example_inputs:
        raise ExportError("the ExportedProgram has no example inputs: pass "
                          "its inputs as args")
    return _leaf_tensors(program.example_inputs)


def _leaf_tensors(value):
    """The tensors in nested tuples, lists and dicts, in pytree order, the
    order of an ExportedProgram's user inputs."""
    from torch.utils import _pytree
    return [leaf for leaf in _pytree.tree_leaves(value)
            if isinstance(leaf, torch.Tensor)]


def _positional_names(model, count):
    """The names of forward's first `count` parameters."""
    names = []
    with contextlib.suppress(TypeError, ValueError):
        for parameter in inspect.signature(model.forward).parameters.values():
            if parameter.kind in (parameter.POSITIONAL_ONLY,
                                  parameter.POSITIONAL_OR_KEYWORD):
                names.append(parameter.name)
    names = names[:count]
    return names + [f"input_{i}" for i in range(len(names), count)]


def _trace_module(model, forward, tensors, arg_names):
    """Traces `forward`, which calls `model` on `tensors`, into one graph and
    hands it to the compiler as a torch._C.ScriptModule whose attributes are
    the module's parameters and buffers, named by their dotted paths.

    This is what torch.jit.trace records, without the ScriptModule of every
    submodule that it builds, which costs most of its time on large
    models. Nodes keep their module scopes and Python stacks.
    """
    state_names, state_tensors, is_parameter = [], [], []
    seen = set()
    for named, parameter in ((model.named_parameters(), True),
                             (model.named_buffers(), False)):
        for name, tensor in named:
            if tensor is None or id(tensor) in seen:
                continue
            seen.add(id(tensor))
            state_names.append(name)
            state_tensors.append(tensor)
            is_parameter.append(parameter)
    count = len(tensors)

    def traced(*inputs):
        return forward(*inputs[:count])

    # Module calls record their scopes (`__module.encoder.layer.0`), as in
    # torch.jit.trace, which the compiler turns into node names.
    scopes = {module: f"__module.{name}"
              for name, module in model.named_modules() if name}
    saved_scopes = torch.jit._trace._trace_module_map
    torch.jit._trace._trace_module_map = scopes
    try:
        graph, _ = torch._C._create_graph_by_tracing(
            traced, list(tensors) + state_tensors,
            torch.jit._trace._create_interpreter_name_lookup_fn(), False,
            False)
    finally:
        torch.jit._trace._trace_module_map = saved_scopes
    cls = type(model)
    class_name = f"__torch__.{cls.__module__}.{cls.__qualname__}".replace(
        "<", "_").replace(">", "_")
    return _C.module_from_trace(graph, class_name, list(arg_names),
                                state_names, state_tensors, is_parameter)


def _script(model, diagnostics):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            scripted = torch.jit.script(model)
        except Exception as error:
            raise ExportError(f"torch.jit.script failed: {error}") from error
    _report_torch_warnings(caught, diagnostics)
    return scripted


def _copy_module(model):
    """A deep copy of `model`. Tensors that autograd computed (state a
    forward assigned outside no_grad) are copied detached: deepcopy refuses
    them."""
    memo = {}
    for module in model.modules():
        for value in vars(module).values():
            for tensor in _tensors_in(value):
                if not tensor.is_leaf:
                    memo[id(tensor)] = tensor.detach().clone()
    try:
        return copy.deepcopy(model, memo)
    except Exception as error:
        raise ExportError(f"verify=True compares with a copy of the module, "
                          f"and copy.deepcopy failed: {error}") from error


def _tensors_in(value):
    if isinstance(value, torch.Tensor):
        yield value
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _tensors_in(item)


def _order_by_names(names, args, kwargs):
    values = dict(zip(names, args))
    for name, value in kwargs.items():
        if name not in names:
            raise ExportError(f"forward has no argument '{name}' (its "
                              f"arguments: {', '.join(names)})")
        if name in values:
            raise ExportError(f"argument '{name}' is given twice")
        values[name] = value
    ordered = [n for n in names if n in values]
    if ordered != names[:len(ordered)]:
        missing = [n for n in names[:len(ordered)] if n not in values]
        raise ExportError(f"a ScriptModule's arguments cannot be skipped: "
                          f"give {', '.join(missing)} too")
    return [values[n] for n in ordered], ordered


def _report_torch_warnings(caught, diagnostics):
    """Keeps the tracer's warnings as diagnostics and re-issues them, and
    every other warning, as the caller's filters say; drops torch's
    deprecation notices for torch.jit.trace and torch.jit.script, which are
    ours to worry about."""
    seen = set()
    for w in caught:
        message = str(w.message)
        if issubclass(w.category, DeprecationWarning) and \
                message.startswith(("`torch.jit.trace", "`torch.jit.script")):
            continue
        if issubclass(w.category, torch.jit.TracerWarning):
            key = (message, w.filename, w.lineno)
            if key in seen:
                continue
            seen.add(key)
            diagnostics.append(Diagnostic("warning", message.strip(),
                                          f"{w.filename}:{w.lineno}"))
        warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)


def _detached(value):
    if isinstance(value, torch.Tensor):
        return value.detach() if value.grad_fn is not None else value
    return type(value)(_detached(v) for v in value)


class _ModuleState:
    """The buffers and plain attributes of a module and its submodules, kept
    so that they can be put back after tracing, which runs forward once.

    Putting them back keeps the user's module as it was, and makes the
    initial value of lifted state the module's state before export rather
    than after one traced call.
    """

    def __init__(self, model):
        self._modules = list(model.named_modules())
        self._entries = {}  # (module index, name) -> (value, versions, copies)
        self._detached = {}  # (module index, name) -> the detached value
        for index, (_, module) in enumerate(self._modules):
            for name, value in self._attributes(module):
                tensors = list(_tensors_in(value))
                self._entries[index, name] = (
                    value, [t._version for t in tensors],
                    [t.detach().clone() for t in tensors])

    def detach_computed(self):
        """Detaches the tensors in plain attributes (not parameters or
        buffers) that autograd computed, such as state that an earlier
        forward assigned outside torch.no_grad(): a trace refuses them as
        constants. Returns their attribute paths."""
        paths = []
        for (index, name), (value, _, _) in self._entries.items():
            prefix, module = self._modules[index]
            if name in module._buffers or not any(
                    t.grad_fn is not None for t in _tensors_in(value)):
                continue
            self._detached[index, name] = _detached(value)
            setattr(module, name, self._detached[index, name])
            paths.append(f"{prefix}.{name}" if prefix else name)
        return paths

    @staticmethod
    def _attributes(module):
        for name, value in vars(module).items():
            if not name.startswith("_") and name != "training":
                yield name, value
        yield from module._buffers.items()

    def assigned(self):
        """(attribute path, module) of the attributes that were assigned
        (not modified in place) since the snapshot."""
        changed = []
        for index, (prefix, module) in enumerate(self._modules):
            for name, value in self._attributes(module):
                entry = self._entries.get((index, name))
                before = self._detached.get((index, name),
                                            entry and entry[0])
                if entry is None or before is not value:
                    path = f"{prefix}.{name}" if prefix else name
                    changed.append((path, module))
        return changed

    def restore(self):
        """Puts back every attribute and buffer, and the values of the
        tensors that were modified in place."""
        for index, (_, module) in enumerate(self._modules):
            for name, _ in list(self._attributes(module)):
                if (index, name) not in self._entries:
                    delattr(module, name)
        for (index, name), (value, versions, copies) in self._entries.items():
            module = self._modules[index][1]
            if name in module._buffers:
                module._buffers[name] = value
            elif vars(module).get(name, self) is not value:
                setattr(module, name, value)
            with torch.no_grad():
                for tensor, version, saved in zip(_tensors_in(value),
                                                  versions, copies):
                    # Kernels such as batch_norm update running statistics
                    # without bumping the version counter.
                    if tensor._version != version or \
                            not torch.equal(tensor, saved):
                        tensor.copy_(saved)


# --- Compiling ---------------------------------------------------------------

@contextlib.contextmanager
def _destination(f):
    """The path the compiler writes: `f` itself, or a file in a temporary
    directory for a file object or f=None."""
    if isinstance(f, (str, os.PathLike)):
        yield os.fspath(f)
        return
    directory = tempfile.mkdtemp(prefix="torch_onnx_")
    try:
        yield os.path.join(directory, "model.onnx")
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def _compile(source, path, **options):
    try:
        return _C.compile(source, path, keep_duplicate_initializers=False,
                          check_model=True, **options)
    except _C.CompileError as error:
        raise _export_error(error) from None


def _export_error(error):
    """The ExportError of a `_C.CompileError`."""
    text = str(error.args[0]) if error.args else "compilation failed"
    records = error.args[1] if len(error.args) > 1 else []
    return ExportError(text.rstrip(), [_diagnostic(d) for d in records])


def _diagnostic(record):
    return Diagnostic(str(record.get("severity", "")),
                      str(record.get("message", "")),
                      str(record.get("location", "") or ""))


def _result(summary, path, opset, diagnostics):
    state = [StateBinding(i, o, i)
             for i, o in summary.get("state", {}).items()]
    return ExportResult(
        path=path,
        input_names=list(summary["inputs"]),
        output_names=list(summary["outputs"]),
        state=state,
        warnings=diagnostics + [_diagnostic(d)
                                for d in summary.get("diagnostics", [])],
        node_count=int(summary.get("node_count", 0)),
        opset=opset,
        external_data=bool(summary.get("external_data", False)))


def _check_output_axes(path, output_axes, result):
    """Warns when an output axis that dynamic_axes names came out static."""
    import onnx
    graph = onnx.load(path, load_external_data=False).graph
    shapes = {o.name: o.type.tensor_type.shape.dim for o in graph.output}
    for name, axes in output_axes.items():
        dims = shapes.get(name)
        if dims is None:
            continue
        for axis in axes:
            if -len(dims) <= axis < len(dims) and \
                    dims[axis].HasField("dim_value"):
                result.warnings.append(Diagnostic(
                    "warning",
                    f"dynamic_axes names axis {axis} of output '{name}', but "
                    f"it has the fixed size {dims[axis].dim_value}: no "
                    f"dynamic input dim reaches it", ""))


def _remove_model(path):
    for leftover in (path, path + ".data"):
        with contextlib.suppress(OSError):
            os.remove(leftover)
