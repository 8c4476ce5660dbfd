// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// Packing: the batch-first input goes time-major, is cut at the longest
// length, and its valid steps are compressed into rows; batch_sizes counts
// the valid sequences of each step.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[TM:.*]] = "onnx.Transpose"(%arg0) {perm = [1, 0, 2]} : (tensor<3x5x2xf32>) -> tensor<5x3x2xf32>
// CHECK: %[[LONGEST:.*]] = "onnx.ReduceMax"(%arg1, %{{.*}}) {axes = [0], keepdims = 1 : si64} : (tensor<3xi64>, none) -> tensor<1xi64>
// CHECK: %[[CUT:.*]] = "onnx.Slice"(%[[TM]], %{{.*}}, %[[LONGEST]], %{{.*}}, %{{.*}}) : {{.*}} -> tensor<?x3x2xf32>
// CHECK: %[[VALID:.*]] = "onnx.Less"(%{{.*}}, %{{.*}}) : (tensor<?x1xi64>, tensor<1x3xi64>) -> tensor<?x3xi1>
// CHECK: %[[ROWS:.*]] = "onnx.Reshape"(%[[CUT]], %{{.*}}) : (tensor<?x3x2xf32>, tensor<2xi64>) -> tensor<?x2xf32>
// CHECK: %[[MASK:.*]] = "onnx.Reshape"(%[[VALID]], %{{.*}}) : (tensor<?x3xi1>, tensor<1xi64>) -> tensor<?xi1>
// CHECK: %[[DATA:.*]] = "onnx.Compress"(%[[ROWS]], %[[MASK]]) {axis = 0 : si64} : (tensor<?x2xf32>, tensor<?xi1>) -> tensor<?x2xf32>
// CHECK: %[[SIZES:.*]] = "onnx.ReduceSum"(%{{.*}}, %{{.*}}) {keepdims = 0 : si64} : (tensor<?x3xi64>, tensor<1xi64>) -> tensor<?xi64>
// CHECK: return %[[DATA]], %[[SIZES]]
func.func @forward(%x: !torch.vtensor<[3,5,2],f32>, %lengths: !torch.vtensor<[3],si64>) -> (!torch.vtensor<[?,2],f32>, !torch.vtensor<[?],si64>) {
  %true = torch.constant.bool true
  %0:2 = torch.operator "aten::_pack_padded_sequence"(%x, %lengths, %true) : (!torch.vtensor<[3,5,2],f32>, !torch.vtensor<[3],si64>, !torch.bool) -> (!torch.vtensor<[?,2],f32>, !torch.vtensor<[?],si64>)
  return %0#0, %0#1 : !torch.vtensor<[?,2],f32>, !torch.vtensor<[?],si64>
}

// -----

// Unpacking: step t holds rows offsets[t] + b for b < batch_sizes[t], an
// exclusive CumSum giving the offsets; the rest holds the padding value.
// The lengths count each sequence's valid steps.
// CHECK-LABEL: func.func @main_graph
// CHECK-DAG: %[[PAD:.*]] = "onnx.Initializer"() {{.*}}dense<-1.000000e+00> : tensor<f32>
// CHECK: %[[BATCH:.*]] = "onnx.Gather"(%arg1, %{{.*}}) {axis = 0 : si64} : (tensor<?xi64>, tensor<i64>) -> tensor<i64>
// CHECK: %[[COLS:.*]] = "onnx.Range"(%{{.*}}, %[[BATCH]], %{{.*}})
// CHECK: %[[VALID:.*]] = "onnx.Less"
// CHECK: %[[OFFSETS:.*]] = "onnx.CumSum"(%arg1, %{{.*}}) {exclusive = 1 : si64}
// CHECK: %[[AT:.*]] = "onnx.Add"
// CHECK: %[[SAFE:.*]] = "onnx.Where"(%[[VALID]], %[[AT]], %{{.*}}) : (tensor<?x?xi1>, tensor<?x?xi64>, tensor<i64>) -> tensor<?x?xi64>
// CHECK: %[[G:.*]] = "onnx.Gather"(%arg0, %[[SAFE]]) {axis = 0 : si64} : (tensor<?x4xf32>, tensor<?x?xi64>) -> tensor<?x?x4xf32>
// CHECK: %[[P:.*]] = "onnx.Where"(%{{.*}}, %[[G]], %[[PAD]]) : (tensor<?x?x1xi1>, tensor<?x?x4xf32>, tensor<f32>) -> tensor<?x?x4xf32>
// CHECK: %[[LENGTHS:.*]] = "onnx.ReduceSum"
// CHECK: %[[BF:.*]] = "onnx.Transpose"(%[[P]]) {perm = [1, 0, 2]}
// CHECK: return %[[BF]], %[[LENGTHS]]
func.func @forward(%data: !torch.vtensor<[?,4],f32>, %sizes: !torch.vtensor<[?],si64>) -> (!torch.vtensor<[?,?,4],f32>, !torch.vtensor<[?],si64>) {
  %true = torch.constant.bool true
  %int0 = torch.constant.int 0
  %pad = torch.constant.float -1.000000e+00
  %steps = torch.aten.size.int %sizes, %int0 : !torch.vtensor<[?],si64>, !torch.int -> !torch.int
  %0:2 = torch.operator "aten::_pad_packed_sequence"(%data, %sizes, %true, %pad, %steps) : (!torch.vtensor<[?,4],f32>, !torch.vtensor<[?],si64>, !torch.bool, !torch.float, !torch.int) -> (!torch.vtensor<[?,?,4],f32>, !torch.vtensor<[?],si64>)
  return %0#0, %0#1 : !torch.vtensor<[?,?,4],f32>, !torch.vtensor<[?],si64>
}

// -----

// A total length beyond the steps pads the time dim up to it.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[EXTRA:.*]] = "onnx.Max"
// CHECK: "onnx.Pad"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<?x?x4xf32>, tensor<6xi64>, tensor<f32>, none) -> tensor<?x?x4xf32>
func.func @forward(%data: !torch.vtensor<[?,4],f32>, %sizes: !torch.vtensor<[?],si64>) -> (!torch.vtensor<[?,?,4],f32>, !torch.vtensor<[?],si64>) {
  %false = torch.constant.bool false
  %int9 = torch.constant.int 9
  %pad = torch.constant.float 0.000000e+00
  %0:2 = torch.operator "aten::_pad_packed_sequence"(%data, %sizes, %false, %pad, %int9) : (!torch.vtensor<[?,4],f32>, !torch.vtensor<[?],si64>, !torch.bool, !torch.float, !torch.int) -> (!torch.vtensor<[?,?,4],f32>, !torch.vtensor<[?],si64>)
  return %0#0, %0#1 : !torch.vtensor<[?,?,4],f32>, !torch.vtensor<[?],si64>
}

// -----

// An LSTM on packed data runs on the unpacked batch, the lengths as its
// sequence_lens, and packs its output again.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[LENS:.*]] = "onnx.Cast"(%{{.*}}) {to = 6 : si64} : (tensor<?xi64>) -> tensor<?xi32>
// CHECK: %[[Y:.*]], %[[YH:.*]], %[[YC:.*]] = "onnx.LSTM"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[LENS]], %arg2, %arg3, %{{.*}}) {hidden_size = 3 : si64}
// CHECK: "onnx.Compress"(%{{.*}}, %{{.*}}) {axis = 0 : si64} : (tensor<?x3xf32>, tensor<?xi1>) -> tensor<?x3xf32>
func.func @forward(%data: !torch.vtensor<[?,2],f32>, %sizes: !torch.vtensor<[?],si64>, %h0: !torch.vtensor<[1,?,3],f32>, %c0: !torch.vtensor<[1,?,3],f32>, %wih: !torch.vtensor<[12,2],f32>, %whh: !torch.vtensor<[12,3],f32>) -> (!torch.vtensor<[?,3],f32>, !torch.vtensor<[1,?,3],f32>, !torch.vtensor<[1,?,3],f32>) {
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %int1 = torch.constant.int 1
  %float0 = torch.constant.float 0.000000e+00
  %hx = torch.prim.ListConstruct %h0, %c0 : (!torch.vtensor<[1,?,3],f32>, !torch.vtensor<[1,?,3],f32>) -> !torch.list<vtensor>
  %params = torch.prim.ListConstruct %wih, %whh : (!torch.vtensor<[12,2],f32>, !torch.vtensor<[12,3],f32>) -> !torch.list<vtensor>
  %0:3 = torch.aten.lstm.data %data, %sizes, %hx, %params, %false, %int1, %float0, %false, %false : !torch.vtensor<[?,2],f32>, !torch.vtensor<[?],si64>, !torch.list<vtensor>, !torch.list<vtensor>, !torch.bool, !torch.int, !torch.float, !torch.bool, !torch.bool -> !torch.vtensor<[?,3],f32>, !torch.vtensor<[1,?,3],f32>, !torch.vtensor<[1,?,3],f32>
  return %0#0, %0#1, %0#2 : !torch.vtensor<[?,3],f32>, !torch.vtensor<[1,?,3],f32>, !torch.vtensor<[1,?,3],f32>
}
