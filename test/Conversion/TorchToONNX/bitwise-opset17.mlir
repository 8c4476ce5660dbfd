// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// Bitwise ops on integers before opset 18 (which has BitwiseAnd/Or/Xor):
// the bits of each operand along a new last axis (two BitShifts of its
// uint64 bits), combined as 0/1 int64s (xor: x + y - 2xy), weighed by
// powers of two (the sign bit negatively) and summed in four chunks of 16
// bits, which onnxruntime's double-precision int64 sums keep exact, then
// combined by exact multiplications and additions.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[LHS:.*]] = "onnx.Cast"(%arg0) {to = 13 : si64} : (tensor<5x1xi64>) -> tensor<5x1xui64>
// CHECK: %[[LHSUP:.*]] = "onnx.Unsqueeze"(%[[LHS]]
// CHECK: %[[HIGH:.*]] = "onnx.BitShift"(%[[LHSUP]], %{{.*}}) {direction = "LEFT"} : (tensor<5x1x1xui64>, tensor<64xui64>) -> tensor<5x1x64xui64>
// CHECK: %[[BITS:.*]] = "onnx.BitShift"(%[[HIGH]], %{{.*}}) {direction = "RIGHT"}
// CHECK: %[[X:.*]] = "onnx.Cast"(%[[BITS]]) {to = 7 : si64} : (tensor<5x1x64xui64>) -> tensor<5x1x64xi64>
// CHECK: %[[Y:.*]] = "onnx.Cast"(%{{.*}}) {to = 7 : si64} : (tensor<5x64xui64>) -> tensor<5x64xi64>
// CHECK: %[[BOTH:.*]] = "onnx.Mul"(%[[X]], %[[Y]]) : (tensor<5x1x64xi64>, tensor<5x64xi64>) -> tensor<5x5x64xi64>
// CHECK: %[[EITHER:.*]] = "onnx.Add"(%[[X]], %[[Y]])
// CHECK: %[[TWICE:.*]] = "onnx.Mul"(%[[BOTH]]
// CHECK: %[[XOR:.*]] = "onnx.Sub"(%[[EITHER]], %[[TWICE]])
// CHECK: %[[CHUNKED:.*]] = "onnx.Reshape"(%[[XOR]], %{{.*}}) : (tensor<5x5x64xi64>, tensor<4xi64>) -> tensor<5x5x4x16xi64>
// CHECK: %[[WEIGHED:.*]] = "onnx.Mul"(%[[CHUNKED]], %{{.*}}) : (tensor<5x5x4x16xi64>, tensor<4x16xi64>) -> tensor<5x5x4x16xi64>
// CHECK: %[[SUMS:.*]] = "onnx.ReduceSum"(%[[WEIGHED]], %{{.*}}) {keepdims = 0 : si64} : (tensor<5x5x4x16xi64>, tensor<1xi64>) -> tensor<5x5x4xi64>
// CHECK-COUNT-4: "onnx.Gather"(%[[SUMS]]
// CHECK-NOT: onnx.Bitwise
func.func @forward(%a: !torch.vtensor<[5,1],si64>, %b: !torch.vtensor<[5],si64>) -> !torch.vtensor<[5,5],si64> {
  %0 = torch.aten.bitwise_xor.Tensor %a, %b : !torch.vtensor<[5,1],si64>, !torch.vtensor<[5],si64> -> !torch.vtensor<[5,5],si64>
  return %0 : !torch.vtensor<[5,5],si64>
}

// -----

// int8 has one chunk; or is x + y - xy. Bools stay And/Or/Xor.
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.BitShift"({{.*}} -> tensor<4x8xui64>
// CHECK: %[[SUM:.*]] = "onnx.ReduceSum"({{.*}} -> tensor<4x1xi64>
// CHECK: %[[CHUNK:.*]] = "onnx.Gather"(%[[SUM]]
// CHECK: "onnx.Cast"(%[[CHUNK]]) {to = 3 : si64} : (tensor<4xi64>) -> tensor<4xi8>
// CHECK: "onnx.Or"(%arg2, %arg2) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
func.func @forward(%a: !torch.vtensor<[4],si8>, %b: !torch.vtensor<[4],si8>, %c: !torch.vtensor<[4],i1>) -> (!torch.vtensor<[4],si8>, !torch.vtensor<[4],i1>) {
  %0 = torch.aten.bitwise_or.Tensor %a, %b : !torch.vtensor<[4],si8>, !torch.vtensor<[4],si8> -> !torch.vtensor<[4],si8>
  %1 = torch.aten.bitwise_or.Tensor %c, %c : !torch.vtensor<[4],i1>, !torch.vtensor<[4],i1> -> !torch.vtensor<[4],i1>
  return %0, %1 : !torch.vtensor<[4],si8>, !torch.vtensor<[4],i1>
}
