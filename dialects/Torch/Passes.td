//===- Passes.td - Torch dialect passes --------------------*- tablegen -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The legalization passes turn an imported TorchScript object graph into one
// value-semantic `func.func @forward`. They run in the order they are
// declared here; `torch-legalize-pipeline` runs them all.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_TORCH_PASSES
#define TORCH_ONNX_TORCH_PASSES

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// torch-resolve-operators
//===----------------------------------------------------------------------===//

def ResolveOperators : Pass<"torch-resolve-operators", "ModuleOp"> {
  let summary = "Turn torch.operator ops that name a known op into that op";
  let description = [{
    torch-mlir's FX importer writes each op that torch-mlir's own Torch
    dialect lacks as a `torch.operator` named after the op
    (`torch.operator "torch.aten.lstm.input"`); TorchScript writes
    `aten::lstm.input`. Where this project's dialect has the op, this pass
    replaces the `torch.operator` by it, with the same operands, result
    types and attributes, so that the rest of the pipeline sees the op.
    Names of ops this dialect lacks, and names of other dialects
    (`onnx.Add`), are left alone. An operator whose operands or results do
    not fit the op's signature is an error that names both.

    Before:

    ```mlir
    %0 = torch.operator "torch.aten.squeeze.dims"(%x, %dims)
        : (!torch.vtensor<[1,3],f32>, !torch.list<int>)
        -> !torch.vtensor<[3],f32>
    ```

    After:

    ```mlir
    %0 = torch.aten.squeeze.dims %x, %dims
        : !torch.vtensor<[1,3],f32>, !torch.list<int>
        -> !torch.vtensor<[3],f32>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// torch-inline-partial-applications
//===----------------------------------------------------------------------===//

def InlinePartialApplications
    : Pass<"torch-inline-partial-applications", "ModuleOp"> {
  let summary = "Inline every call into one public entry function";
  let description = [{
    Resolves every `torch.prim.CallMethod`, `torch.prim.CallFunction` and
    `func.call` statically and inlines the callee, recursively, until the
    entry method of the root module has no calls left. The root module is
    the last `torch.nn_module` of the module; the entry point is its class's
    method named by `entry-method` (default `forward`). A module of plain
    functions, as torch-mlir and its FX importer write them, has no root:
    its entry is the function named by `entry-method`, or else `forward`,
    `main`, or the only public function, in that order. Several public
    functions and none of these names is an error that lists them.

    The receiver of a `torch.prim.CallMethod` is traced through
    `torch.prim.GetAttr` chains from the entry method's `%self` to a
    concrete `torch.nn_module`, whose `torch.class_type` names the method's
    function. Each call site gets its own copy of the callee: its module
    argument becomes the receiver, and call-site arguments that are
    constants (bound arguments of a `functools.partial`, captured values,
    literal flags) are folded into the copy, after which the function is
    canonicalized so that branches on those constants disappear.

    The result is one public `func.func @forward` (the root's method,
    renamed), whose `torch.prim.GetAttr` and `torch.prim.SetAttr` ops are
    all on `%self` or on modules reached from it by `torch.prim.GetAttr`.
    Every other function and every `torch.method` is removed; the rest of
    the object graph stays for `torch-lift-stateful-buffers`. A call whose
    callee cannot be determined statically, for example a method called on
    a module taken from a list, is an error at the call's location.

    Before:

    ```mlir
    torch.class_type @__torch__.Sub {
      torch.attr "alpha" : !torch.float
      torch.method "forward", @__torch__.Sub.forward
    }
    torch.class_type @__torch__.M {
      torch.attr "sub" : !torch.nn.Module<"__torch__.Sub">
      torch.method "forward", @__torch__.M.forward
    }
    %a = torch.constant.float 2.0
    %sub = torch.nn_module {
      torch.slot "alpha", %a : !torch.float
    } : !torch.nn.Module<"__torch__.Sub">
    %root = torch.nn_module {
      torch.slot "sub", %sub : !torch.nn.Module<"__torch__.Sub">
    } : !torch.nn.Module<"__torch__.M">
    func.func private @__torch__.M.forward(
        %self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor)
        -> !torch.tensor {
      %sub = torch.prim.GetAttr %self["sub"]
          : !torch.nn.Module<"__torch__.M"> -> !torch.nn.Module<"__torch__.Sub">
      %y = torch.prim.CallMethod %sub["forward"] (%x)
          : !torch.nn.Module<"__torch__.Sub">, (!torch.tensor) -> !torch.tensor
      return %y : !torch.tensor
    }
    func.func private @__torch__.Sub.forward(
        %self: !torch.nn.Module<"__torch__.Sub">, %x: !torch.tensor)
        -> !torch.tensor {
      %alpha = torch.prim.GetAttr %self["alpha"]
          : !torch.nn.Module<"__torch__.Sub"> -> !torch.float
      %y = torch.aten.mul.Scalar %x, %alpha
          : !torch.tensor, !torch.float -> !torch.tensor
      return %y : !torch.tensor
    }
    ```

    After (object graph unchanged apart from the `torch.method` ops):

    ```mlir
    func.func @forward(%self: !torch.nn.Module<"__torch__.M">,
                       %x: !torch.tensor) -> !torch.tensor {
      %sub = torch.prim.GetAttr %self["sub"]
          : !torch.nn.Module<"__torch__.M"> -> !torch.nn.Module<"__torch__.Sub">
      %alpha = torch.prim.GetAttr %sub["alpha"]
          : !torch.nn.Module<"__torch__.Sub"> -> !torch.float
      %y = torch.aten.mul.Scalar %x, %alpha
          : !torch.tensor, !torch.float -> !torch.tensor
      return %y : !torch.tensor
    }
    ```
  }];
  let options = [
    Option<"entryMethod", "entry-method", "std::string",
           /*default=*/"\"\"",
           "The method of the root module, or the function of a module "
           "without one, that becomes the entry function. Empty: `forward`; "
           "for plain functions `forward`, then `main`, then the only "
           "public function">,
    Option<"maxInlinedCalls", "max-inlined-calls", "unsigned",
           /*default=*/"100000",
           "Give up (with an error) after inlining this many calls, which "
           "only a recursive program reaches">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

//===----------------------------------------------------------------------===//
// torch-lift-stateful-buffers
//===----------------------------------------------------------------------===//

def LiftStatefulBuffers : Pass<"torch-lift-stateful-buffers", "ModuleOp"> {
  let summary = "Turn module state into constants, or into explicit inputs "
                "and outputs when forward modifies it";
  let description = [{
    Runs after `torch-inline-partial-applications`. Every
    `torch.prim.GetAttr` chain from `%self` of `@forward` names a slot path
    such as `sub.running` or `bn.running_mean`.

    State that `forward` only reads (parameters, read-only buffers, Python
    attributes) becomes constants in the function: tensors become a copy of
    their `torch.tensor.literal` (the attribute is shared, no data is
    copied); ints, floats, bools, strings, None and lists of them become
    `torch.constant.*` and `torch.prim.ListConstruct` ops.

    State that `forward` modifies becomes an extra argument (the state on
    entry) and an extra result (the state on exit). A slot is modified when
    `torch.prim.SetAttr` writes it, or when an op writes in place to the
    tensor read from it or to a view of that tensor: `foo_` variants,
    `copy_`, `index_put_`, `out=` variants, and `aten.batch_norm` in
    training mode, which updates its running statistics. The argument has
    `torch_onnx.name = "<path>"` and `torch_onnx.initial_value` (the slot's
    initial value), the result `torch_onnx.name = "<path>.out"`, and the
    function's `torch_onnx.state` attribute lists the bindings as
    `{input = "<path>", output = "<path>.out", path = "<path>"}`.

    A modified int, float or bool slot (`self.count += 1`) becomes a 0-d
    value tensor: `!torch.vtensor<[],si64>`, `!torch.vtensor<[],f64>` or
    `!torch.vtensor<[],i1>`. Reads convert it back with `aten.Int.Tensor`,
    `aten.Float.Tensor` or `aten.Bool.Tensor`, writes with
    `torch.prim.NumToTensor.Scalar`. Tensor state keeps its reference type
    so that `torch-maximize-value-semantics` can rewrite the in-place ops on
    it. A tuple slot (an LSTM's `self.hidden = (h, c)`) is state element by
    element, with the paths `<path>.0`, `<path>.1`, ...

    Reads see the latest write in program order. A write inside a
    `torch.prim.If` or `torch.prim.Loop` is threaded out of the region as an
    extra result or loop-carried value. Two slots holding the same tensor
    share one state argument as long as neither is reassigned; reassigning
    one of them is an error. Finally `%self` and the whole object graph are
    removed.

    Before (object graph as in `torch-inline-partial-applications`, with
    `%r = torch.tensor.literal(dense<0.0> : tensor<4xf32>)` in slot
    `running` and `%c = torch.constant.int 0` in slot `count`):

    ```mlir
    func.func @forward(%self: !torch.nn.Module<"__torch__.M">,
                       %x: !torch.tensor<[4],f32>) -> !torch.tensor {
      %int1 = torch.constant.int 1
      %r = torch.prim.GetAttr %self["running"]
          : !torch.nn.Module<"__torch__.M"> -> !torch.tensor
      %0 = torch.aten.add_.Tensor %r, %x, %int1
          : !torch.tensor, !torch.tensor<[4],f32>, !torch.int -> !torch.tensor
      %c = torch.prim.GetAttr %self["count"]
          : !torch.nn.Module<"__torch__.M"> -> !torch.int
      %c1 = torch.aten.add.int %c, %int1 : !torch.int, !torch.int -> !torch.int
      torch.prim.SetAttr %self["count"] = %c1
          : !torch.nn.Module<"__torch__.M">, !torch.int
      return %0 : !torch.tensor
    }
    ```

    After:

    ```mlir
    func.func @forward(
        %x: !torch.tensor<[4],f32>,
        %running: !torch.tensor<[4],f32> {torch_onnx.name = "running",
            torch_onnx.initial_value = dense<0.0> : tensor<4xf32>},
        %count: !torch.vtensor<[],si64> {torch_onnx.name = "count",
            torch_onnx.initial_value = dense<0> : tensor<si64>})
        -> (!torch.tensor, !torch.tensor<[4],f32> {torch_onnx.name = "running.out"},
            !torch.vtensor<[],si64> {torch_onnx.name = "count.out"})
        attributes {torch_onnx.state = [
          {input = "running", output = "running.out", path = "running"},
          {input = "count", output = "count.out", path = "count"}
        ]} {
      %int1 = torch.constant.int 1
      %0 = torch.aten.add_.Tensor %running, %x, %int1
          : !torch.tensor<[4],f32>, !torch.tensor<[4],f32>, !torch.int -> !torch.tensor
      %c = torch.aten.Int.Tensor %count : !torch.vtensor<[],si64> -> !torch.int
      %c1 = torch.aten.add.int %c, %int1 : !torch.int, !torch.int -> !torch.int
      %t = torch.prim.NumToTensor.Scalar %c1 : !torch.int -> !torch.vtensor<[],si64>
      return %0, %running, %t : !torch.tensor, !torch.tensor<[4],f32>, !torch.vtensor<[],si64>
    }
    ```
  }];
  let options = [
    Option<"functionName", "function", "std::string", /*default=*/"\"forward\"",
           "The entry function whose `%self` is lifted">,
    Option<"readOnlyTensorsAsInputs", "read-only-tensors-as-inputs", "bool",
           /*default=*/"false",
           "Make read-only tensor state (parameters) inputs with an initial "
           "value instead of constants">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

//===----------------------------------------------------------------------===//
// torch-maximize-value-semantics
//===----------------------------------------------------------------------===//

def MaximizeValueSemantics
    : Pass<"torch-maximize-value-semantics", "func::FuncOp"> {
  let summary = "Rewrite reference tensors and in-place ops into value "
                "tensors and value ops";
  let description = [{
    Every `!torch.tensor<...>` becomes `!torch.vtensor<...>`: block
    arguments, op results, region results, list/tuple/optional element
    types and the function type. Ops that write to a tensor become their
    value-semantic form, and every later read of the written tensor (in
    program order, including reads nested in later regions) reads the new
    value:

    - `foo_` becomes `foo` (`aten.add_.Tensor` becomes `aten.add.Tensor`,
      `relu_` becomes `relu`, `index_put_` becomes `index_put`, ...);
    - `copy_` becomes its source, broadcast with `aten.expand_as` and cast
      with `aten.to.dtype` when the types differ;
    - `out=` variants become their functional overload;
    - `aten.batch_norm` in training mode computes the updated running
      statistics explicitly;
    - `torch.copy.to_vtensor`, `torch.copy.to_tensor` and
      `torch.overwrite.tensor.contents` fold away.

    A write to a view is written back into its base: through
    `aten.slice_scatter` for `aten.slice.Tensor` and `aten.narrow`,
    `aten.select_scatter` for `aten.select.int`, the inverse transpose or
    permutation, and `aten.reshape` for views that only change the shape.
    A write to a piece unpacked from `aten.chunk`, `aten.split` or
    `aten.unbind` (or their unsafe_ forms, which alias as well) goes back
    as the `aten.cat` (`aten.stack` for unbind) of the pieces; the other
    pieces, being disjoint, keep their contents.
    A view read after its base changed is recomputed from the new base. A
    write inside a `torch.prim.If` or `torch.prim.Loop` to a tensor defined
    outside it is threaded out as an extra result or loop-carried value.

    Writes whose effect cannot be expressed this way are errors at the
    writing op: a write through `aten.expand` or `aten.as_strided`, through
    a value that may or may not alias another (`aten.contiguous` or
    `aten.reshape` of a view, an element of a list), to a loop-carried
    tensor, or by an op whose effect is unknown.

    Before:

    ```mlir
    func.func @forward(%x: !torch.tensor<[2,4],f32>, %y: !torch.tensor<[2,2],f32>)
        -> !torch.tensor<[2,4],f32> {
      %int0 = torch.constant.int 0
      %int1 = torch.constant.int 1
      %int2 = torch.constant.int 2
      %false = torch.constant.bool false
      %s = torch.aten.slice.Tensor %x, %int1, %int0, %int2, %int1
          : !torch.tensor<[2,4],f32>, !torch.int, !torch.int, !torch.int, !torch.int
          -> !torch.tensor<[2,2],f32>
      %0 = torch.aten.copy_ %s, %y, %false
          : !torch.tensor<[2,2],f32>, !torch.tensor<[2,2],f32>, !torch.bool
          -> !torch.tensor<[2,2],f32>
      %1 = torch.aten.relu_ %x : !torch.tensor<[2,4],f32> -> !torch.tensor<[2,4],f32>
      return %x : !torch.tensor<[2,4],f32>
    }
    ```

    After:

    ```mlir
    func.func @forward(%x: !torch.vtensor<[2,4],f32>, %y: !torch.vtensor<[2,2],f32>)
        -> !torch.vtensor<[2,4],f32> {
      ...
      %0 = torch.aten.slice_scatter %x, %y, %int1, %int0, %int2, %int1
          : ... -> !torch.vtensor<[2,4],f32>
      %1 = torch.aten.relu %0 : !torch.vtensor<[2,4],f32> -> !torch.vtensor<[2,4],f32>
      return %1 : !torch.vtensor<[2,4],f32>
    }
    ```
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

//===----------------------------------------------------------------------===//
// torch-densify-nested-tensors
//===----------------------------------------------------------------------===//

def DensifyNestedTensors
    : Pass<"torch-densify-nested-tensors", "func::FuncOp"> {
  let summary = "Compute nested tensors as padded tensors with a key "
                "padding mask";
  let description = [{
    In inference, nn.TransformerEncoder with a `src_key_padding_mask` packs
    its input into a nested tensor, runs its layers on it and pads the
    result again:

    - `aten._nested_tensor_from_mask(t, mask, mask_check)` makes sequence
      `i` of the nested tensor the first `sum(mask[i])` rows of `t[i]`
      (`t` is [N, L, D], `mask` a bool [N, L]);
    - `aten._transformer_encoder_layer_fwd` and
      `aten._native_multi_head_attention` compute each sequence on its own;
    - `aten.to_padded_tensor(y, padding, output_size)` stacks the sequences,
      padded with `padding` to the longest one, or to `output_size`.

    ONNX has no nested tensors, so this pass computes them as the padded
    [N, L, D] tensor together with the key padding mask
    `key_padding[i, j] = j >= sum(mask[i])`:

    - the nested tensor becomes `t` with the rows past each sequence's
      length set to zero (so that no value there reaches the valid rows);
    - each layer and attention on it gets `key_padding` as its mask, with
      `mask_type` 1 (a [N, L] key padding mask), so that no position
      attends to the padding. Its valid rows are those of the nested
      computation; the other rows are discarded below;
    - `to_padded_tensor` becomes `masked_fill` of the padding rows with
      `padding`, sliced along dim 1 to the longest length, `max(sum(mask,
      1))`, which depends on the data. With an `output_size` that is the
      size of `t` (as `t.size()` or a list of its sizes), nothing is sliced.

    As in PyTorch, sequence `i` is the first `sum(mask[i])` rows of `t[i]`
    whether or not `mask` is left-aligned; `mask_check` is not checked.

    A nested tensor may only be used by these three ops, as the query, key
    and value of an attention (all three from the same
    `_nested_tensor_from_mask`) or the source of an encoder layer, without
    a mask of their own and without using the attention weights. Any other
    use is an error at the using op, as is an `output_size` that is not the
    size of `t`.

    Before:

    ```mlir
    %valid = torch.aten.logical_not %padding : !torch.vtensor<[2,6],i1> -> !torch.vtensor<[2,6],i1>
    %nested = torch.aten._nested_tensor_from_mask %x, %valid, %false
        : !torch.vtensor<[2,6,32],f32>, !torch.vtensor<[2,6],i1>, !torch.bool -> !torch.vtensor
    %y = torch.aten._transformer_encoder_layer_fwd %nested, ..., %none, %none
        : !torch.vtensor, ..., !torch.none, !torch.none -> !torch.vtensor
    %out = torch.aten.to_padded_tensor %y, %float0, %none
        : !torch.vtensor, !torch.float, !torch.none -> !torch.vtensor
    ```

    After:

    ```mlir
    %dims = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
    %lengths = torch.aten.sum.dim_IntList %valid, %dims, %true, %int4
        : ... -> !torch.vtensor<[2,1],si64>
    %L = torch.aten.size.int %x, %int1 : !torch.vtensor<[2,6,32],f32>, !torch.int -> !torch.int
    %positions = torch.aten.arange %L, %int4, %none, %none, %none : ... -> !torch.vtensor<[6],si64>
    %key_padding = torch.aten.ge.Tensor %positions, %lengths : ... -> !torch.vtensor<[2,6],i1>
    %rows = torch.aten.unsqueeze %key_padding, %int2 : ... -> !torch.vtensor<[2,6,1],i1>
    %dense = torch.aten.masked_fill.Scalar %x, %rows, %float0 : ... -> !torch.vtensor<[2,6,32],f32>
    %y = torch.aten._transformer_encoder_layer_fwd %dense, ..., %key_padding, %int1
        : !torch.vtensor<[2,6,32],f32>, ..., !torch.vtensor<[2,6],i1>, !torch.int -> !torch.vtensor
    %filled = torch.aten.masked_fill.Scalar %y, %rows, %float0 : ... -> !torch.vtensor<[2,6,32],f32>
    %longest = torch.aten.max %lengths : !torch.vtensor<[2,1],si64> -> !torch.vtensor<[],si64>
    %n = torch.aten.Int.Tensor %longest : !torch.vtensor<[],si64> -> !torch.int
    %out = torch.aten.slice.Tensor %filled, %int1, %int0, %n, %int1 : ... -> !torch.vtensor
    ```
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

//===----------------------------------------------------------------------===//
// torch-decompose-composite-ops
//===----------------------------------------------------------------------===//

def DecomposeCompositeOps
    : Pass<"torch-decompose-composite-ops", "func::FuncOp"> {
  let summary = "Compute composite ops from the ops PyTorch builds them of";
  let description = [{
    `torch.jit.trace` and `torch.jit.script` record a composite op
    (CompositeImplicitAutograd in PyTorch's registry, such as
    `aten::cosine_similarity` or `aten::kron`) as itself, where
    `torch.export` would record the ops its PyTorch implementation calls.
    This pass rewrites such ops into those ops, following PyTorch's
    implementation, so that the rest of the pipeline lowers them like any
    other. The ops it creates get their types from the shape inference.

    It knows cosine_similarity, pairwise_distance, cdist, kron, diag,
    diag_embed, median, median.dim, nanmedian.dim, kthvalue, huber_loss,
    smooth_l1_loss, nansum, hypot, copysign, float_power, ldexp, inner,
    ravel, dstack, count_nonzero, aminmax, meshgrid, cartesian_prod, rot90,
    trapezoid.dx, renorm, linalg_norm (vector norms), cumprod, cummax,
    cummin, isin, bucketize, searchsorted, cov, block_diag, logspace,
    tril_indices, triu_indices, rms_norm, tensordot, trace, _safe_softmax,
    take, nanmean, dist, msort, movedim.intlist, diagflat, real, isreal,
    matrix_H, the margin, hinge, soft margin, cosine embedding and Poisson
    NLL losses, and the functional copies of view ops (`permute_copy`,
    ...). An op whose operands it cannot handle (a dim that is not a
    constant, an unknown rank, a dtype that the rewrite would get wrong) is
    left alone, and the conversion to ONNX reports it.

    Before:

    ```mlir
    %0 = torch.operator "aten::hypot"(%a, %b)
        : (!torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>)
        -> !torch.vtensor<[3],f32>
    ```

    After (abridged):

    ```mlir
    %abs_a = torch.aten.abs %a ...
    %big = torch.aten.maximum %abs_a, %abs_b ...
    %small = torch.aten.minimum %abs_a, %abs_b ...
    %ratio = torch.aten.div.Tensor %small, %big ...
    ...
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Shape generalization
//===----------------------------------------------------------------------===//

def GeneralizeShapes : Pass<"torch-generalize-shapes", "ModuleOp"> {
  let summary = "Make chosen argument dims dynamic and re-infer every shape";
  let description = [{
    A traced model has the sizes of its example inputs everywhere. This pass
    makes the dims named by `dynamic-dim` dynamic (`?`) in the arguments of
    the entry function, then re-infers the sizes and dtype of every value in
    program order (see `torch-refine-types`), so that no size derived from
    a dynamic dim stays static.

    `dynamic-dim` is a list of `ARG:AXIS=SYMBOL` entries, for example
    `0:0=batch,x:1=seq`: ARG is an argument index or the argument's
    `torch_onnx.name`, AXIS a dim index (negative counts from the back) and
    SYMBOL the name the dim gets in the exported model. An unknown argument,
    an axis out of range, a repeated dim or a malformed entry is an error.

    Tracing also bakes sizes into int constants. Where a constant equals the
    traced size of a dim that is now dynamic and is used as a size, the pass
    rewrites it when its meaning is clear:

    - in the size list of `aten.view`, `aten.reshape` or `aten._unsafe_view`,
      an entry that stands for a group of input dims containing a dynamic one
      (the sizes before and after it match the input's) becomes -1, or
      `aten.size.int` of the input dim (or a product of them) when the list
      already has a -1;
    - in `aten.expand` and `aten.broadcast_to`, an entry for a dynamic input
      dim becomes `aten.size.int` of that dim;
    - the end of an `aten.slice.Tensor` along a dynamic dim that equals its
      traced size becomes INT64_MAX ("to the end"), and an `aten.select.int`
      index equal to the traced size minus one becomes -1;
    - in the size list of `aten.zeros`, `aten.ones`, `aten.full`,
      `aten.empty`, `aten.rand*`, `aten.new_*` and the end of `aten.arange`,
      an entry equal to the traced size (2 or more) of exactly one symbol
      becomes `aten.size.int` of the first argument dim with that symbol.

    Other such constants get a warning at their location (the Python source
    line) saying that the model will be wrong at other sizes of that dim.

    The symbols are kept for the exporter as `torch_onnx.dim_params` (an
    ArrayAttr of StringAttr, `""` for a static dim) on every argument and
    result with a dynamic dim. A result dim carries the symbol of the
    argument dim it equals: the inference follows symbols through
    elementwise ops, broadcasting, matrix products, convolutions (batch dim,
    and spatial dims of "same" convolutions), reshapes that keep a dim,
    `aten.size.int` and int arithmetic by 1 or 0. An argument dim that was
    already unknown is named `<argument name>_dim_<axis>`; a dynamic result
    dim that equals no argument dim is named `<function>_dim_<n>`, unique in
    the function.

    Before (with `dynamic-dim=x:0=batch`):

    ```mlir
    func.func @forward(%x: !torch.vtensor<[4,16],f32> {torch_onnx.name = "x"})
        -> !torch.vtensor<[4,8],f32> {
      %w = torch.vtensor.literal(dense<0.5> : tensor<8x16xf32>) : !torch.vtensor<[8,16],f32>
      %none = torch.constant.none
      %0 = torch.aten.linear %x, %w, %none
          : !torch.vtensor<[4,16],f32>, !torch.vtensor<[8,16],f32>, !torch.none
          -> !torch.vtensor<[4,8],f32>
      %int4 = torch.constant.int 4
      %int2 = torch.constant.int 2
      %s = torch.prim.ListConstruct %int4, %int2, %int4 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
      %1 = torch.aten.view %0, %s : !torch.vtensor<[4,8],f32>, !torch.list<int> -> !torch.vtensor<[4,2,4],f32>
      return %1 : !torch.vtensor<[4,2,4],f32>
    }
    ```

    After:

    ```mlir
    func.func @forward(%x: !torch.vtensor<[?,16],f32> {torch_onnx.name = "x",
                           torch_onnx.dim_params = ["batch", ""]})
        -> (!torch.vtensor<[?,2,4],f32> {torch_onnx.dim_params = ["batch", "", ""]}) {
      ...
      %0 = torch.aten.linear %x, %w, %none : ... -> !torch.vtensor<[?,8],f32>
      %int-1 = torch.constant.int -1
      %s = torch.prim.ListConstruct %int-1, %int2, %int4 : ...
      %1 = torch.aten.view %0, %s : !torch.vtensor<[?,8],f32>, !torch.list<int> -> !torch.vtensor<[?,2,4],f32>
      return %1 : !torch.vtensor<[?,2,4],f32>
    }
    ```
  }];
  let options = [
    ListOption<"dynamicDims", "dynamic-dim", "std::string",
               "Dims to make dynamic, as ARG:AXIS=SYMBOL entries">,
    Option<"functionName", "function", "std::string", /*default=*/"\"forward\"",
           "The entry function whose arguments get dynamic dims">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

def RefineTypes : Pass<"torch-refine-types", "func::FuncOp"> {
  let summary = "Infer the sizes and dtype of every tensor from the "
                "argument types";
  let description = [{
    Walks the function in program order, into `torch.prim.If` and
    `torch.prim.Loop` regions, and computes each op's result types from its
    operands: shapes with broadcasting, reductions, views, convolutions,
    pooling, recurrent layers and more, and dtypes with PyTorch's type
    promotion. Constant operands (dims, size lists, keepdim flags, dtypes)
    are read where they are `torch.constant.*` ops or lists of them; ints
    from `aten.size.int` are followed symbolically. What the current types
    know beyond the inferred types is kept, so the pass never loses
    information; an op without a rule keeps its types. Finally the function's
    result types follow its `func.return`.

    This is the inference `torch-generalize-shapes` runs; on its own it is
    useful for scripted models, whose graphs carry no sizes, once the
    argument types have them.

    Before:

    ```mlir
    func.func @forward(%x: !torch.vtensor<[2,3],si64>) -> !torch.vtensor {
      %float = torch.constant.float 5.000000e-01
      %0 = torch.aten.mul.Scalar %x, %float
          : !torch.vtensor<[2,3],si64>, !torch.float -> !torch.vtensor
      return %0 : !torch.vtensor
    }
    ```

    After:

    ```mlir
    func.func @forward(%x: !torch.vtensor<[2,3],si64>) -> !torch.vtensor<[2,3],f32> {
      %float = torch.constant.float 5.000000e-01
      %0 = torch.aten.mul.Scalar %x, %float
          : !torch.vtensor<[2,3],si64>, !torch.float -> !torch.vtensor<[2,3],f32>
      return %0 : !torch.vtensor<[2,3],f32>
    }
    ```
  }];
}

//===----------------------------------------------------------------------===//
// torch-cleanup
//===----------------------------------------------------------------------===//

def Cleanup : Pass<"torch-cleanup", "func::FuncOp"> {
  let summary = "Fold shape and scalar arithmetic and remove dead code";
  let description = [{
    Folds what the importer and the earlier passes leave computable at
    compile time, then removes dead code:

    - `aten.size.int`, `aten.size`, `aten.dim` and `aten.numel` of tensors
      whose sizes are known, and `aten.len.t` of lists built in place;
    - int, float and bool arithmetic and comparisons on constants
      (`aten.add.int`, `aten.floordiv.int`, `aten.lt.int`, `aten.__not__`,
      `aten.Int.float`, ...);
    - element access on `torch.prim.ListConstruct` and
      `torch.prim.TupleConstruct` (`aten.__getitem__.t`,
      `torch.prim.ListUnpack`, `torch.prim.TupleIndex`,
      `torch.prim.TupleUnpack`);
    - `torch.prim.If` on a constant, and (with `drop-raising-branches`) a
      `torch.prim.If` one of whose branches raises, which becomes the other
      branch;
    - `aten.Int.Tensor` of `torch.prim.NumToTensor.Scalar` and similar
      round trips, `torch.prim.dtype` of tensors of known dtype,
      `torch.prim.device`, and `aten.__is__` / `aten.__isnot__` against
      None;
    - unused constants and unused ops that only read their operands.

    A function that raises on every path once folded is an error at the
    `torch.prim.RaiseException`.

    With `refine-types`, the types are re-inferred (as `torch-refine-types`
    does) after each round of folding, and folding runs again while that
    makes sizes known: traced code that computes a pad from `x.shape` with
    0-d tensor arithmetic (`prim.NumToTensor`, `aten.remainder.Scalar`,
    `aten.rsub.Scalar`, ...) folds to constants, the pad gets a static
    shape, and the next stage's sizes fold in the next round. Dims that
    become static drop their `torch_onnx.dim_params` name.

    Before:

    ```mlir
    func.func @forward(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor {
      %int0 = torch.constant.int 0
      %int3 = torch.constant.int 3
      %n = torch.aten.size.int %x, %int0 : !torch.vtensor<[2,3],f32>, !torch.int -> !torch.int
      %m = torch.aten.mul.int %n, %int3 : !torch.int, !torch.int -> !torch.int
      %s = torch.prim.ListConstruct %m : (!torch.int) -> !torch.list<int>
      %y = torch.aten.view %x, %s : !torch.vtensor<[2,3],f32>, !torch.list<int> -> !torch.vtensor
      %unused = torch.aten.relu %x : !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
      return %y : !torch.vtensor
    }
    ```

    After:

    ```mlir
    func.func @forward(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor {
      %int6 = torch.constant.int 6
      %s = torch.prim.ListConstruct %int6 : (!torch.int) -> !torch.list<int>
      %y = torch.aten.view %x, %s : !torch.vtensor<[2,3],f32>, !torch.list<int> -> !torch.vtensor
      return %y : !torch.vtensor
    }
    ```
  }];
  let options = [
    Option<"dropRaisingBranches", "drop-raising-branches", "bool",
           /*default=*/"true",
           "Replace a torch.prim.If with one branch that raises by its other "
           "branch (an exported model cannot raise)">,
    Option<"device", "device", "std::string", /*default=*/"\"cpu\"",
           "The device `torch.prim.device` folds to">,
    Option<"refineTypes", "refine-types", "bool", /*default=*/"false",
           "Re-infer the types after folding and fold again while sizes "
           "become known; this may refine the function's result types, so "
           "use it where the function has no callers">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

//===----------------------------------------------------------------------===//
// torch-check-shapes
//===----------------------------------------------------------------------===//

def CheckShapes : Pass<"torch-check-shapes", "func::FuncOp"> {
  let summary = "Report the shapes and dtypes that PyTorch's own checks "
                "reject";
  let description = [{
    Runs once the sizes and dtypes of the function's values are known (after
    `torch-generalize-shapes` and `torch-cleanup`), so that a model given
    inputs of the wrong shape or dtype is rejected as PyTorch would reject
    it, instead of compiling into a model that looks right. Where the
    operands' sizes or dtypes are static, the pass checks:

    - convolutions (`aten.conv1d`/`2d`/`3d` and their `.padding` forms,
      `aten.conv_transpose*`, `aten.convolution`, `aten._convolution`,
      `aten._convolution_mode`): the input's rank against the weight's
      (`aten.convolution`, `aten._convolution` and `aten._convolution_mode`
      take batched input only), and its channels against
      `weight.shape[1] * groups` (`weight.shape[0]` when transposed);
    - `aten.linear`, `aten.matmul`, `aten.mm` and `aten.bmm`: their ranks,
      the contracted dims and the batch dims;
    - `aten.batch_norm`, `aten.instance_norm`, `aten.group_norm`,
      `aten.layer_norm` and their `native_` forms: the input's channels
      against the weight and statistics (and, for `aten.group_norm`,
      `num_groups`), or its trailing dims against `normalized_shape`;
    - elementwise ops that broadcast their tensor operands: two static dims
      that differ where neither is 1;
    - in convolutions and matrix products, operands of different dtypes
      where one is a float dtype: PyTorch converts neither, so an f16 input
      meeting f32 weights is an error.

    Each mismatch is an error at the op's location, which is the Python line
    that called it. Each operand in question that is an argument of the
    function, or is computed from arguments, gets a note per argument,
    naming it (its `torch_onnx.name`, else `arg<N>`) with its shape and
    dtype. Once an op is
    reported, nothing computed from its results is checked, so one wrong
    input gives one error. The pass fails when it reported anything, and
    otherwise changes nothing.

    For example:

    ```mlir
    func.func @forward(%x: !torch.vtensor<[1,4,32,32],f32> {torch_onnx.name = "x"})
        -> !torch.vtensor<[1,16,30,30],f32> {
      %w = torch.vtensor.literal(dense<0.1> : tensor<16x3x3x3xf32>) : !torch.vtensor<[16,3,3,3],f32>
      %none = torch.constant.none
      %int0 = torch.constant.int 0
      %int1 = torch.constant.int 1
      %ones = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
      %zeros = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
      %y = torch.aten.conv2d %x, %w, %none, %ones, %zeros, %ones, %int1
          : ... -> !torch.vtensor<[1,16,30,30],f32> loc("model.py":12:5)
      return %y : !torch.vtensor<[1,16,30,30],f32>
    }
    ```

    gives:

    ```
    model.py:12:5: error: 'aten::conv2d' expects input with 3 channels
        (weight [16, 3, 3, 3], groups 1), but input has 4 (shape [1, 4, 32, 32])
    note: input is argument 'x' of shape [1, 4, 32, 32] and dtype f32
    ```
  }];
}

#endif // TORCH_ONNX_TORCH_PASSES
