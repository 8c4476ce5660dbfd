// RUN: torch-onnx-opt %s -split-input-file -convert-torch-to-onnx="custom-ops=mylib::foo=custom::Foo(,attr1,attr2:float),aten::elu=custom::Selu(,alpha,,),aten::add.Tensor=::Sum" | FileCheck %s

// A library op becomes a node of the mapped domain and type: tensors are
// inputs, and constants the attributes named by position, converted to the
// declared kind (an int for a float attribute).
// CHECK-LABEL: module attributes
// CHECK-SAME: custom = 1 : i64
// CHECK: func.func @main_graph(%[[X:.*]]: tensor<4xf32>)
// CHECK: %[[F:.*]] = "onnx.Custom"(%[[X]]) {attr1 = 2.500000e+00 : f32, attr2 = 3.000000e+00 : f32, domain = "custom", op_type = "Foo"}
// CHECK: return %[[F]]
func.func @forward(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %f = torch.constant.float 2.5
  %int3 = torch.constant.int 3
  %0 = torch.operator "mylib::foo"(%x, %f, %int3) : (!torch.vtensor<[4],f32>, !torch.float, !torch.int) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// A mapping replaces an op that has a conversion of its own, and an empty
// name drops that constant.
// CHECK-LABEL: module attributes
// CHECK: func.func @main_graph(%[[X:.*]]: tensor<4xf32>)
// CHECK-NOT: onnx.Elu
// CHECK: %[[S:.*]] = "onnx.Custom"(%[[X]]) {alpha = 1.000000e+00 : f32, domain = "custom", op_type = "Selu"}
// CHECK-NOT: onnx.Elu
// CHECK: return %[[S]]
func.func @forward(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %one = torch.constant.float 1.0
  %0 = torch.aten.elu %x, %one, %one, %one : !torch.vtensor<[4],f32>, !torch.float, !torch.float, !torch.float -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// An overload matches only itself; the empty domain is the default one.
// CHECK-LABEL: module attributes
// CHECK: func.func @main_graph(%[[X:.*]]: tensor<4xf32>, %[[Y:.*]]: tensor<4xf32>)
// CHECK: %[[A:.*]] = "onnx.Custom"(%[[X]], %[[Y]]) {domain = "", op_type = "Sum"}
// CHECK: %[[B:.*]] = "onnx.Sub"(%[[A]], %[[Y]])
// CHECK: return %[[B]]
func.func @forward(%x: !torch.vtensor<[4],f32>, %y: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.add.Tensor %x, %y, %int1 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[4],f32>
  %1 = torch.aten.sub.Tensor %0, %y, %int1 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[4],f32>
  return %1 : !torch.vtensor<[4],f32>
}

// -----

// The domains of mapped ops are imported next to the default one.
// CHECK-LABEL: module attributes
// CHECK-SAME: onnx.opset_import = {ai.onnx = 17 : i64, custom = 1 : i64}
func.func @forward(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %0 = torch.operator "mylib::foo"(%x) : (!torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}
