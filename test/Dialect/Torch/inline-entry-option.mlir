// RUN: torch-onnx-opt %s -split-input-file -torch-inline-partial-applications="entry-method=second" | FileCheck %s

// entry-method chooses among several public functions.
// CHECK-LABEL: func.func @forward(%arg0: !torch.vtensor<[2],f32>)
// CHECK: torch.aten.sigmoid
// CHECK-NOT: func.func
func.func @forward(%x: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {
  %0 = torch.aten.tanh %x : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}
func.func @second(%x: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {
  %0 = torch.aten.sigmoid %x : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}

// -----

// ... and among the methods of the root module's class.
// CHECK-LABEL: func.func @forward(%arg0: !torch.nn.Module<"__torch__.M">, %arg1: !torch.tensor)
// CHECK: torch.aten.exp
torch.class_type @__torch__.M {
  torch.method "forward", @__torch__.M.forward
  torch.method "second", @__torch__.M.second
}
%root = torch.nn_module {
} : !torch.nn.Module<"__torch__.M">
func.func private @__torch__.M.forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor) -> !torch.tensor {
  %0 = torch.aten.neg %x : !torch.tensor -> !torch.tensor
  return %0 : !torch.tensor
}
func.func private @__torch__.M.second(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor) -> !torch.tensor {
  %0 = torch.aten.exp %x : !torch.tensor -> !torch.tensor
  return %0 : !torch.tensor
}
