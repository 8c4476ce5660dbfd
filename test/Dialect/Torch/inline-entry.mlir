// RUN: torch-onnx-opt %s -split-input-file -torch-inline-partial-applications | FileCheck %s

// Plain functions as torch-mlir's FX importer writes them: `main` is the
// entry when there is no `forward`, renamed `forward`.
// CHECK-LABEL: func.func @forward(%arg0: !torch.vtensor<[2],f32>)
// CHECK: torch.aten.neg
// CHECK-NOT: func.func
func.func @main(%x: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {
  %0 = torch.aten.neg %x : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}

// -----

// The only public function is the entry, whatever its name; private helpers
// it calls are inlined.
// CHECK-LABEL: func.func @forward(%arg0: !torch.vtensor<[2],f32>)
// CHECK: torch.aten.relu
// CHECK-NOT: func.call
func.func private @helper(%x: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {
  %0 = torch.aten.relu %x : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}
func.func @test_relu(%x: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {
  %0 = func.call @helper(%x) : (!torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}

// -----

// `forward` wins over `main`.
// CHECK-LABEL: func.func @forward(%arg0: !torch.vtensor<[2],f32>)
// CHECK: torch.aten.tanh
// CHECK-NOT: func.func
func.func @main(%x: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {
  %0 = torch.aten.exp %x : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}
func.func @forward(%x: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {
  %0 = torch.aten.tanh %x : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}

// -----

// An nn_module's entry is its class's `forward` method.
// CHECK-LABEL: func.func @forward(%arg0: !torch.nn.Module<"__torch__.M">, %arg1: !torch.tensor)
// CHECK: torch.aten.neg
torch.class_type @__torch__.M {
  torch.method "forward", @__torch__.M.forward
  torch.method "other", @__torch__.M.other
}
%root = torch.nn_module {
} : !torch.nn.Module<"__torch__.M">
func.func private @__torch__.M.forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor) -> !torch.tensor {
  %0 = torch.aten.neg %x : !torch.tensor -> !torch.tensor
  return %0 : !torch.tensor
}
func.func private @__torch__.M.other(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor) -> !torch.tensor {
  %0 = torch.aten.exp %x : !torch.tensor -> !torch.tensor
  return %0 : !torch.tensor
}
