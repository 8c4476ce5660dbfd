// RUN: torch-onnx-opt %s -convert-torch-to-onnx="fallback-custom-ops" -split-input-file | FileCheck %s

// An op without a conversion becomes an onnx.Custom node of domain
// org.pytorch.aten; its constant arguments become attributes, and the
// module imports the domain.
// CHECK-LABEL: module attributes
// CHECK-SAME: onnx.opset_import = {ai.onnx = 17 : i64, org.pytorch.aten = 1 : i64}
// CHECK: func.func @main_graph(%[[X:.*]]: tensor<4x5xf32>)
// CHECK: %[[C:.*]] = "onnx.Custom"(%[[X]]) {arg1 = 1 : si64, domain = "org.pytorch.aten", op_type = "cumprod", schema = "aten::cumprod"} : (tensor<4x5xf32>) -> tensor<4x5xf32>
// CHECK: %[[R:.*]] = "onnx.Relu"(%[[C]])
// CHECK: return %[[R]]
func.func @forward(%x: !torch.vtensor<[4,5],f32>) -> !torch.vtensor<[4,5],f32> {
  %int1 = torch.constant.int 1
  %none = torch.constant.none
  %0 = torch.aten.cumprod %x, %int1, %none : !torch.vtensor<[4,5],f32>, !torch.int, !torch.none -> !torch.vtensor<[4,5],f32>
  %1 = torch.aten.relu %0 : !torch.vtensor<[4,5],f32> -> !torch.vtensor<[4,5],f32>
  return %1 : !torch.vtensor<[4,5],f32>
}

// -----

// An unknown operator keeps its overload in the schema attribute.
// CHECK-LABEL: module attributes
// CHECK: func.func @main_graph
// CHECK: "onnx.Custom"(%{{.*}}) {arg1 = [1, 2], arg2 = "x", domain = "org.pytorch.aten", op_type = "my_op", schema = "aten::my_op.default"}
func.func @forward(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %s = torch.constant.str "x"
  %l = torch.prim.ListConstruct %int1, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.operator "aten::my_op.default"(%x, %l, %s) : (!torch.vtensor<[4],f32>, !torch.list<int>, !torch.str) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}
