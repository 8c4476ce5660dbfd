// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// An embedding lookup is a Gather of the weight's rows.

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[IDX:.*]]: tensor<2x3xi64>
// CHECK: %[[W:.*]] = "onnx.Initializer"() {name = "emb.weight", value = dense_resource<emb.weight> : tensor<10x4xf32>}
// CHECK: %[[G:.*]] = "onnx.Gather"(%[[W]], %[[IDX]]) {axis = 0 : si64} : (tensor<10x4xf32>, tensor<2x3xi64>) -> tensor<2x3x4xf32>
// CHECK: return %[[G]]
func.func @forward(%idx: !torch.vtensor<[2,3],si64>) -> !torch.vtensor<[2,3,4],f32> {
  %w = torch.vtensor.literal(dense_resource<emb.weight> : tensor<10x4xf32>) : !torch.vtensor<[10,4],f32>
  %int-1 = torch.constant.int -1
  %false = torch.constant.bool false
  %0 = torch.aten.embedding %w, %idx, %int-1, %false, %false : !torch.vtensor<[10,4],f32>, !torch.vtensor<[2,3],si64>, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[2,3,4],f32>
  return %0 : !torch.vtensor<[2,3,4],f32>
}

{-#
  dialect_resources: {
    builtin: {
      emb.weight: "0x04000000000000000000003F0000803F0000C03F0000004000002040000040400000604000008040000090400000A0400000B0400000C0400000D0400000E0400000F0400000004100000841000010410000184100002041000028410000304100003841000040410000484100005041000058410000604100006841000070410000784100008041000084410000884100008C4100009041000094410000984100009C41"
    }
  }
#-}

// -----

// A dynamic number of int32 indices, with a padding index.

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[IDX:.*]]: tensor<?xi32>
// CHECK: %[[G:.*]] = "onnx.Gather"(%{{.*}}, %[[IDX]]) {axis = 0 : si64} : (tensor<5x2xf32>, tensor<?xi32>) -> tensor<?x2xf32>
// CHECK: return %[[G]]
func.func @forward(%idx: !torch.vtensor<[?],si32>) -> !torch.vtensor<[?,2],f32> {
  %w = torch.vtensor.literal(dense<1.5> : tensor<5x2xf32>) : !torch.vtensor<[5,2],f32>
  %int0 = torch.constant.int 0
  %false = torch.constant.bool false
  %0 = torch.aten.embedding %w, %idx, %int0, %false, %false : !torch.vtensor<[5,2],f32>, !torch.vtensor<[?],si32>, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[?,2],f32>
  return %0 : !torch.vtensor<[?,2],f32>
}

// -----

// Int8 indices are cast to int64 first.

// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[IDX:.*]]: tensor<4xi8>
// CHECK: %[[C:.*]] = "onnx.Cast"(%[[IDX]]) {to = 7 : si64} : (tensor<4xi8>) -> tensor<4xi64>
// CHECK: "onnx.Gather"(%{{.*}}, %[[C]]) {axis = 0 : si64}
func.func @forward(%idx: !torch.vtensor<[4],si8>) -> !torch.vtensor<[4,2],f32> {
  %w = torch.vtensor.literal(dense<1.5> : tensor<5x2xf32>) : !torch.vtensor<[5,2],f32>
  %int-1 = torch.constant.int -1
  %false = torch.constant.bool false
  %0 = torch.aten.embedding %w, %idx, %int-1, %false, %false : !torch.vtensor<[5,2],f32>, !torch.vtensor<[4],si8>, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[4,2],f32>
  return %0 : !torch.vtensor<[4,2],f32>
}
