// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// diagonal_copy lowers as diagonal does: the matrix flattened, then a Slice
// stepping over a row and a column at a time.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<5x5xf32>)
// CHECK: %[[FLAT:.*]] = "onnx.Reshape"(%[[X]], %{{.*}}) : (tensor<5x5xf32>, tensor<1xi64>) -> tensor<25xf32>
// CHECK: %[[START:.*]] = "onnx.Initializer"() {name = "", value = dense<2> : tensor<1xi64>}
// CHECK: %[[END:.*]] = "onnx.Initializer"() {name = "", value = dense<15> : tensor<1xi64>}
// CHECK: %[[AXES:.*]] = "onnx.Initializer"() {name = "", value = dense<0> : tensor<1xi64>}
// CHECK: %[[STEP:.*]] = "onnx.Initializer"() {name = "", value = dense<6> : tensor<1xi64>}
// CHECK: %[[Y:.*]] = "onnx.Slice"(%[[FLAT]], %[[START]], %[[END]], %[[AXES]], %[[STEP]]) : (tensor<25xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<3xf32>
// CHECK: return %[[Y]]
func.func @forward(%x: !torch.vtensor<[5,5],f32>) -> !torch.vtensor<[3],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %0 = torch.aten.diagonal_copy %x, %int2, %int0, %int1 : !torch.vtensor<[5,5],f32>, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}
