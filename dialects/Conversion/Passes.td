//===- Passes.td - Conversion passes -----------------------*- tablegen -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_CONVERSION_PASSES
#define TORCH_ONNX_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// convert-torch-to-onnx
//===----------------------------------------------------------------------===//

def ConvertTorchToONNX : Pass<"convert-torch-to-onnx", "ModuleOp"> {
  let summary = "Convert the legalized Torch dialect to the ONNX dialect";
  let description = [{
    Converts the public `func.func @forward` that the legalization passes
    leave (value tensors only, no module objects) into an ONNX graph at the
    default-domain opset `opset` (13 to 17).

    The function becomes `func.func @main_graph` on builtin tensors with
    signless integer element types. Its argument and result attributes are
    renamed: `torch_onnx.name` becomes `onnx.name`, `torch_onnx.dim_params`
    becomes `onnx.dim_params` and `torch_onnx.initial_value` becomes
    `onnx.initializer`. Results without a name are called `output` (a single
    result) or `output_<i>`. The function's `torch_onnx.state` bindings
    become the module's `onnx.metadata_props` entry `torch_onnx.state`, a
    JSON object from each state input name to its state output name. The
    module gets `onnx.opset_import`, `onnx.ir_version`, `onnx.producer_name`
    and `onnx.producer_version`.

    Torch scalars (`torch.constant.*`, lists of constants) are read at
    compile time and become attributes or `onnx.Initializer` constants.
    Scalars only known at run time become 0-d tensors (`tensor<i64>` for an
    int, `tensor<f64>` for a float, `tensor<i1>` for a bool) computed by ONNX
    ops; lists of them become 1-D tensors. Tensor literals become
    `onnx.Initializer` ops named after their resource key.

    Every op that cannot be converted is reported in one run, with an error
    at each of its locations and a summary of the ops by name and count,
    and the pass fails. With `fallback-custom-ops`, such ops instead become
    `onnx.Custom` nodes of domain `org.pytorch.aten`, whose `op_type` is the
    aten name and whose constant arguments become attributes.

    Each `custom-ops` entry `OP=DOMAIN::TYPE(NAME0,NAME1,...)` replaces every
    op `OP` (`ns::name`, any overload, or `ns::name.overload`), whether or
    not it has a conversion, by an `onnx.Custom` node of that domain and
    type, such as a call of a model-local function: its tensor operands (and
    the tensors of tensor lists) are the inputs, in order, and its i-th
    operand, when it is a constant, the attribute named `NAMEi` (none when
    the name is empty or missing).

    Before:

    ```mlir
    func.func @forward(%x: !torch.vtensor<[2,3],f32> {torch_onnx.name = "x"})
        -> !torch.vtensor<[2,3],f32> {
      %0 = torch.aten.relu %x : !torch.vtensor<[2,3],f32>
          -> !torch.vtensor<[2,3],f32>
      return %0 : !torch.vtensor<[2,3],f32>
    }
    ```

    After (`opset=17`):

    ```mlir
    module attributes {onnx.ir_version = 8 : i64,
        onnx.opset_import = {"" = 17 : i64},
        onnx.producer_name = "torch-onnx", onnx.producer_version = "0.1"} {
      func.func @main_graph(%x: tensor<2x3xf32> {onnx.name = "x"})
          -> (tensor<2x3xf32> {onnx.name = "output"}) {
        %0 = "onnx.Relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
        return %0 : tensor<2x3xf32>
      }
    }
    ```
  }];
  let options = [
    Option<"opset", "opset", "int64_t", /*default=*/"17",
           "The opset of the default ONNX domain to target (13 to 17)">,
    Option<"fallbackCustomOps", "fallback-custom-ops", "bool",
           /*default=*/"false",
           "Turn ops without a conversion into onnx.Custom nodes of domain "
           "org.pytorch.aten instead of failing">,
    ListOption<"customOps", "custom-ops", "std::string",
               "Ops to replace by custom nodes: "
               "OP=DOMAIN::TYPE(NAME0,NAME1,...)">,
  ];
  let dependentDialects = [
    "::mlir::func::FuncDialect",
    "::mlir::torch_onnx::ONNX::ONNXDialect",
  ];
}

#endif // TORCH_ONNX_CONVERSION_PASSES
