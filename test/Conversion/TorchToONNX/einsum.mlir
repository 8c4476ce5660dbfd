// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// einsum becomes Einsum; spaces are dropped and PyTorch's uppercase labels
// become unused lowercase ones.

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[Q:[^:]*]]: tensor<2x3x4x5xf32>{{[^,]*}}, %[[K:[^:]*]]: tensor<2x3x6x5xf32>
// CHECK: %[[Y:.*]] = "onnx.Einsum"(%[[Q]], %[[K]]) {equation = "ahbd,ahcd->ahbc"} : (tensor<2x3x4x5xf32>, tensor<2x3x6x5xf32>) -> tensor<2x3x4x6xf32>
// CHECK: return %[[Y]]
func.func @forward(%q: !torch.vtensor<[2,3,4,5],f32>, %k: !torch.vtensor<[2,3,6,5],f32>) -> !torch.vtensor<[2,3,4,6],f32> {
  %eq = torch.constant.str "B h I d, B h J d -> B h I J"
  %none = torch.constant.none
  %list = torch.prim.ListConstruct %q, %k : (!torch.vtensor<[2,3,4,5],f32>, !torch.vtensor<[2,3,6,5],f32>) -> !torch.list<vtensor>
  %0 = torch.aten.einsum %eq, %list, %none : !torch.str, !torch.list<vtensor>, !torch.none -> !torch.vtensor<[2,3,4,6],f32>
  return %0 : !torch.vtensor<[2,3,4,6],f32>
}

// -----

// Without an output, PyTorch's implicit one is spelled out: the labels used
// once, uppercase before lowercase, after the ellipsis.

// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.Einsum"(%{{.*}}, %{{.*}}) {equation = "...ja,...jb->...ab"}
func.func @forward(%a: !torch.vtensor<[2,3,4],f32>, %b: !torch.vtensor<[2,3,5],f32>) -> !torch.vtensor<[2,4,5],f32> {
  %eq = torch.constant.str "...jK,...jb"
  %none = torch.constant.none
  %list = torch.prim.ListConstruct %a, %b : (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,5],f32>) -> !torch.list<vtensor>
  %0 = torch.aten.einsum %eq, %list, %none : !torch.str, !torch.list<vtensor>, !torch.none -> !torch.vtensor<[2,4,5],f32>
  return %0 : !torch.vtensor<[2,4,5],f32>
}
