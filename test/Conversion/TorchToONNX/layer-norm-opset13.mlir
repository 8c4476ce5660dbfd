// RUN: torch-onnx-opt %s -convert-torch-to-onnx=opset=13 -split-input-file | FileCheck %s
// RUN: torch-onnx-opt %s -convert-torch-to-onnx=opset=16 -split-input-file | FileCheck %s

// Before opset 17, layer_norm decomposes into reductions.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<2x5x8xf32>)
// CHECK-NOT: onnx.LayerNormalization
// CHECK: %[[MEAN:.*]] = "onnx.ReduceMean"(%[[X]], %{{.*}}) {axes = [2], keepdims = 1 : si64} : (tensor<2x5x8xf32>, none) -> tensor<2x5x1xf32>
// CHECK: %[[C:.*]] = "onnx.Sub"(%[[X]], %[[MEAN]])
// CHECK: %[[SQ:.*]] = "onnx.Mul"(%[[C]], %[[C]])
// CHECK: %[[VAR:.*]] = "onnx.ReduceMean"(%[[SQ]], %{{.*}}) {axes = [2], keepdims = 1 : si64}
// CHECK: %[[EPS:.*]] = "onnx.Initializer"() {{.*}}dense<9.99999974E-6> : tensor<f32>
// CHECK: %[[VE:.*]] = "onnx.Add"(%[[VAR]], %[[EPS]])
// CHECK: %[[STD:.*]] = "onnx.Sqrt"(%[[VE]])
// CHECK: %[[N:.*]] = "onnx.Div"(%[[C]], %[[STD]])
// CHECK: %[[S:.*]] = "onnx.Mul"(%[[N]], %{{.*}})
// CHECK: %[[Y:.*]] = "onnx.Add"(%[[S]], %{{.*}})
// CHECK: return %[[Y]]
func.func @forward(%x: !torch.vtensor<[2,5,8],f32>) -> !torch.vtensor<[2,5,8],f32> {
  %w = torch.vtensor.literal(dense<1.0> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %b = torch.vtensor.literal(dense<0.0> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %int8 = torch.constant.int 8
  %eps = torch.constant.float 1.000000e-05
  %true = torch.constant.bool true
  %shape = torch.prim.ListConstruct %int8 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.layer_norm %x, %shape, %w, %b, %eps, %true : !torch.vtensor<[2,5,8],f32>, !torch.list<int>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.float, !torch.bool -> !torch.vtensor<[2,5,8],f32>
  return %0 : !torch.vtensor<[2,5,8],f32>
}

// -----

// When the decomposition infers a more precise shape than the Torch types
// say (the weight's size in the last dim), the values take the Torch types
// and no cast is left between the two.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x?xf32>)
// CHECK-NOT: unrealized_conversion_cast
// CHECK: %[[Y:.*]] = "onnx.Add"({{.*}}) : ({{.*}}, tensor<8xf32>) -> tensor<?x?x?xf32>
// CHECK: %[[R:.*]] = "onnx.Relu"(%[[Y]]) : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
// CHECK: return %[[R]]
func.func @forward(%x: !torch.vtensor<[?,?,?],f32>) -> !torch.vtensor<[?,?,?],f32> {
  %w = torch.vtensor.literal(dense<1.0> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %b = torch.vtensor.literal(dense<0.0> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %int8 = torch.constant.int 8
  %eps = torch.constant.float 1.000000e-05
  %true = torch.constant.bool true
  %shape = torch.prim.ListConstruct %int8 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.layer_norm %x, %shape, %w, %b, %eps, %true : !torch.vtensor<[?,?,?],f32>, !torch.list<int>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.float, !torch.bool -> !torch.vtensor<[?,?,?],f32>
  %1 = torch.aten.relu %0 : !torch.vtensor<[?,?,?],f32> -> !torch.vtensor<[?,?,?],f32>
  return %1 : !torch.vtensor<[?,?,?],f32>
}
