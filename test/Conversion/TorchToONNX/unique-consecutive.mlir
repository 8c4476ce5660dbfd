// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// unique_consecutive without a dim: the flattened elements unlike the one
// before them, through Compress; the results not asked for are unused.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK: %[[FLAT:.*]] = "onnx.Reshape"(%[[X]], %{{.*}}) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<6xf32>
// CHECK: %[[FIRST:.*]] = "onnx.Slice"(%[[FLAT]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
// CHECK: %[[ALL_BUT_LAST:.*]] = "onnx.Slice"(%[[FLAT]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
// CHECK: %[[PREVIOUS:.*]] = "onnx.Concat"(%[[FIRST]], %[[ALL_BUT_LAST]]) {axis = 0 : si64}
// CHECK: %[[POSITIONS:.*]] = "onnx.Range"
// CHECK: %[[IS_FIRST:.*]] = "onnx.Less"(%[[POSITIONS]], %{{.*}})
// CHECK: %[[SAME:.*]] = "onnx.Equal"(%[[FLAT]], %[[PREVIOUS]])
// CHECK: %[[DIFFERS:.*]] = "onnx.Not"(%[[SAME]])
// CHECK: %[[STARTS:.*]] = "onnx.Or"(%[[IS_FIRST]], %[[DIFFERS]])
// CHECK: %[[Y:.*]] = "onnx.Compress"(%[[FLAT]], %[[STARTS]]) {axis = 0 : si64} : (tensor<6xf32>, tensor<6xi1>) -> tensor<?xf32>
// CHECK: return %[[Y]]
func.func @forward(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[?],f32> {
  %false = torch.constant.bool false
  %none = torch.constant.none
  %0:3 = torch.aten.unique_consecutive %x, %false, %false, %none : !torch.vtensor<[2,3],f32>, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[?],f32>, !torch.vtensor<[0],si64>, !torch.vtensor<[0],si64>
  return %0#0 : !torch.vtensor<[?],f32>
}

// -----

// The inverse indices count the starts of runs; the counts are the
// distances between the starts.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[POSITIONS:.*]] = "onnx.Range"
// CHECK: %[[STARTS:.*]] = "onnx.Or"
// CHECK: %[[UNIQUE:.*]] = "onnx.Compress"(%{{.*}}, %[[STARTS]]) {axis = 0 : si64}
// CHECK: %[[ONES:.*]] = "onnx.Cast"(%[[STARTS]]) {to = 7 : si64}
// CHECK: %[[RUNNING:.*]] = "onnx.CumSum"(%[[ONES]], %{{.*}})
// CHECK: %[[MINUS:.*]] = "onnx.Sub"(%[[RUNNING]], %{{.*}})
// CHECK: %[[INVERSE:.*]] = "onnx.Reshape"(%[[MINUS]], %{{.*}}) : (tensor<?xi64>, tensor<1xi64>) -> tensor<6xi64>
// CHECK: %[[FIRSTS:.*]] = "onnx.Compress"(%[[POSITIONS]], %[[STARTS]]) {axis = 0 : si64}
// CHECK: %[[LATER:.*]] = "onnx.Slice"(%[[FIRSTS]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
// CHECK: %[[END:.*]] = "onnx.Initializer"() {name = "", value = dense<6> : tensor<1xi64>}
// CHECK: %[[NEXT:.*]] = "onnx.Concat"(%[[LATER]], %[[END]]) {axis = 0 : si64}
// CHECK: %[[COUNTS:.*]] = "onnx.Sub"(%[[NEXT]], %[[FIRSTS]])
// CHECK: return %[[UNIQUE]], %[[INVERSE]], %[[COUNTS]]
func.func @forward(%x: !torch.vtensor<[6],si64>) -> (!torch.vtensor<[?],si64>, !torch.vtensor<[6],si64>, !torch.vtensor<[?],si64>) {
  %true = torch.constant.bool true
  %none = torch.constant.none
  %0:3 = torch.aten.unique_consecutive %x, %true, %true, %none : !torch.vtensor<[6],si64>, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[?],si64>, !torch.vtensor<[6],si64>, !torch.vtensor<[?],si64>
  return %0#0, %0#1, %0#2 : !torch.vtensor<[?],si64>, !torch.vtensor<[6],si64>, !torch.vtensor<[?],si64>
}
