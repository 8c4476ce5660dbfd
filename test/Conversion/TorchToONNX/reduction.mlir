// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// ReduceSum takes its axes as an input, ReduceMean as an attribute.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK: %[[AXES:.*]] = "onnx.Initializer"() {{.*}}dense<[1, 2]> : tensor<2xi64>
// CHECK: %[[S:.*]] = "onnx.ReduceSum"(%[[X]], %[[AXES]]) {keepdims = 1 : si64} : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<2x1x1xf32>
// CHECK: "onnx.ReduceMean"(%[[S]], %{{.*}}) {axes = [0], keepdims = 0 : si64} : (tensor<2x1x1xf32>, none) -> tensor<1x1xf32>
func.func @forward(%x: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[1,1],f32> {
  %int1 = torch.constant.int 1
  %m1 = torch.constant.int -1
  %int0 = torch.constant.int 0
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %none = torch.constant.none
  %dims = torch.prim.ListConstruct %int1, %m1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.sum.dim_IntList %x, %dims, %true, %none : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[2,1,1],f32>
  %d0 = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %1 = torch.aten.mean.dim %0, %d0, %false, %none : !torch.vtensor<[2,1,1],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[1,1],f32>
  return %1 : !torch.vtensor<[1,1],f32>
}

// -----

// max.dim gives the values and the indices. A row with a NaN gives NaN and
// the index of its first NaN, as in PyTorch (onnxruntime's ReduceMax and
// ArgMax skip NaN).
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK: %[[MAX:.*]] = "onnx.ReduceMax"(%[[X]], %{{.*}}) {axes = [1], keepdims = 0 : si64} : (tensor<2x3xf32>, none) -> tensor<2xf32>
// CHECK: %[[NAN:.*]] = "onnx.Initializer"() {{.*}}dense<0x7FC00000> : tensor<f32>
// CHECK: %[[ISNAN:.*]] = "onnx.IsNaN"(%[[X]])
// CHECK: %[[COUNT:.*]] = "onnx.Cast"(%[[ISNAN]]) {to = 6 : si64}
// CHECK: %[[ANY:.*]] = "onnx.ReduceMax"(%[[COUNT]], %{{.*}}) {axes = [1], keepdims = 0 : si64}
// CHECK: %[[HAS:.*]] = "onnx.Cast"(%[[ANY]]) {to = 9 : si64}
// CHECK: %[[V:.*]] = "onnx.Where"(%[[HAS]], %[[NAN]], %[[MAX]])
// CHECK: %[[ARG:.*]] = "onnx.ArgMax"(%[[X]]) {axis = 1 : si64, keepdims = 0 : si64} : (tensor<2x3xf32>) -> tensor<2xi64>
// CHECK: %[[FIRST:.*]] = "onnx.ArgMax"(%{{.*}}) {axis = 1 : si64, keepdims = 0 : si64} : (tensor<2x3xi32>) -> tensor<2xi64>
// CHECK: %[[I:.*]] = "onnx.Where"(%{{.*}}, %[[FIRST]], %[[ARG]])
// CHECK: return %[[V]], %[[I]]
func.func @forward(%x: !torch.vtensor<[2,3],f32>) -> (!torch.vtensor<[2],f32>, !torch.vtensor<[2],si64>) {
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %values, %indices = torch.aten.max.dim %x, %int1, %false : !torch.vtensor<[2,3],f32>, !torch.int, !torch.bool -> !torch.vtensor<[2],f32>, !torch.vtensor<[2],si64>
  return %values, %indices : !torch.vtensor<[2],f32>, !torch.vtensor<[2],si64>
}

// -----

// argmax without a dim works on the flattened input.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[F:.*]] = "onnx.Reshape"(%{{.*}}, %{{.*}}) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<6xf32>
// CHECK: "onnx.ArgMax"(%[[F]]) {axis = 0 : si64, keepdims = 0 : si64} : (tensor<6xf32>) -> tensor<i64>
// CHECK: "onnx.IsNaN"(%[[F]])
func.func @forward(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[],si64> {
  %none = torch.constant.none
  %false = torch.constant.bool false
  %0 = torch.aten.argmax %x, %none, %false : !torch.vtensor<[2,3],f32>, !torch.none, !torch.bool -> !torch.vtensor<[],si64>
  return %0 : !torch.vtensor<[],si64>
}

// -----

// var with the unbiased correction: sum of squared deviations over
// max(0, N - 1), as PyTorch divides.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<2x4xf32>)
// CHECK: %[[M:.*]] = "onnx.ReduceMean"(%[[X]], %{{.*}}) {axes = [1], keepdims = 1 : si64}
// CHECK: %[[C:.*]] = "onnx.Sub"(%[[X]], %[[M]])
// CHECK: %[[SQ:.*]] = "onnx.Mul"(%[[C]], %[[C]])
// CHECK: %[[S:.*]] = "onnx.ReduceSum"(%[[SQ]], %{{.*}}) {keepdims = 0 : si64}
// CHECK: %[[N:.*]] = "onnx.Initializer"() {{.*}}dense<4.000000e+00> : tensor<f32>
// CHECK: %[[ONE:.*]] = "onnx.Initializer"() {{.*}}dense<1.000000e+00> : tensor<f32>
// CHECK: %[[NM1:.*]] = "onnx.Sub"(%[[N]], %[[ONE]])
// CHECK: %[[ZERO:.*]] = "onnx.Initializer"() {{.*}}dense<0.000000e+00> : tensor<f32>
// CHECK: %[[DOF:.*]] = "onnx.Max"(%[[NM1]], %[[ZERO]])
// CHECK: %[[V:.*]] = "onnx.Div"(%[[S]], %[[DOF]])
// CHECK: "onnx.Sqrt"(%[[V]])
func.func @forward(%x: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[2],f32> {
  %int1 = torch.constant.int 1
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %dims = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.std.dim %x, %dims, %true, %false : !torch.vtensor<[2,4],f32>, !torch.list<int>, !torch.bool, !torch.bool -> !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}

// -----

// norm with p = 2: ReduceL2.
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.ReduceL2"(%{{.*}}, %{{.*}}) {axes = [1], keepdims = 1 : si64}
func.func @forward(%x: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[2,1],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %true = torch.constant.bool true
  %dims = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.norm.ScalarOpt_dim %x, %int2, %dims, %true : !torch.vtensor<[2,4],f32>, !torch.int, !torch.list<int>, !torch.bool -> !torch.vtensor<[2,1],f32>
  return %0 : !torch.vtensor<[2,1],f32>
}

// -----

// cumsum: CumSum with a 0-d axis; topk: TopK with a 1-D k.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[AXIS:.*]] = "onnx.Initializer"() {{.*}}dense<1> : tensor<i64>
// CHECK: %[[CS:.*]] = "onnx.CumSum"(%{{.*}}, %[[AXIS]])
// CHECK: %[[K:.*]] = "onnx.Unsqueeze"
// CHECK: "onnx.TopK"(%[[CS]], %[[K]]) {axis = 1 : si64, largest = 1 : si64, sorted = 1 : si64} : (tensor<2x4xf32>, tensor<1xi64>) -> (tensor<2x2xf32>, tensor<2x2xi64>)
func.func @forward(%x: !torch.vtensor<[2,4],f32>) -> (!torch.vtensor<[2,2],f32>, !torch.vtensor<[2,2],si64>) {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %true = torch.constant.bool true
  %none = torch.constant.none
  %0 = torch.aten.cumsum %x, %int1, %none : !torch.vtensor<[2,4],f32>, !torch.int, !torch.none -> !torch.vtensor<[2,4],f32>
  %values, %indices = torch.aten.topk %0, %int2, %int1, %true, %true : !torch.vtensor<[2,4],f32>, !torch.int, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[2,2],f32>, !torch.vtensor<[2,2],si64>
  return %values, %indices : !torch.vtensor<[2,2],f32>, !torch.vtensor<[2,2],si64>
}

// -----

// A full reduction without dims.
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.ReduceSum"(%{{.*}}, %{{.*}}) {keepdims = 0 : si64} : (tensor<2x4xf32>, tensor<2xi64>) -> tensor<f32>
func.func @forward(%x: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[],f32> {
  %none = torch.constant.none
  %0 = torch.aten.sum %x, %none : !torch.vtensor<[2,4],f32>, !torch.none -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}

// -----

// A 0-d tensor reduces over dim 0 or -1, as if it had one dim, to itself;
// max.dim's index is 0.
// CHECK-LABEL: func.func @main_graph
// CHECK-NOT: onnx.ReduceSum
// CHECK-NOT: onnx.ArgMax
// CHECK: %[[I:.*]] = "onnx.Initializer"() {{.*}}dense<0> : tensor<i64>
// CHECK: return %arg0, %arg0, %[[I]]
func.func @forward(%x: !torch.vtensor<[],f32>) -> (!torch.vtensor<[],f32>, !torch.vtensor<[],f32>, !torch.vtensor<[],si64>) {
  %int0 = torch.constant.int 0
  %false = torch.constant.bool false
  %none = torch.constant.none
  %dims = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.sum.dim_IntList %x, %dims, %false, %none : !torch.vtensor<[],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[],f32>
  %1:2 = torch.aten.max.dim %x, %int0, %false : !torch.vtensor<[],f32>, !torch.int, !torch.bool -> !torch.vtensor<[],f32>, !torch.vtensor<[],si64>
  return %0, %1#0, %1#1 : !torch.vtensor<[],f32>, !torch.vtensor<[],f32>, !torch.vtensor<[],si64>
}

// -----

// logcumsumexp subtracts the largest finite element along the dim before
// Exp and CumSum, and adds it back after Log.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[MAX:.*]] = "onnx.ReduceMax"(%arg0
// CHECK: %[[INF:.*]] = "onnx.IsInf"(%[[MAX]])
// CHECK: %[[M:.*]] = "onnx.Where"(%[[INF]], %{{.*}}, %[[MAX]])
// CHECK: %[[S:.*]] = "onnx.Sub"(%arg0, %[[M]])
// CHECK: %[[E:.*]] = "onnx.Exp"(%[[S]])
// CHECK: %[[C:.*]] = "onnx.CumSum"(%[[E]], %{{.*}})
// CHECK: %[[L:.*]] = "onnx.Log"(%[[C]])
// CHECK: "onnx.Add"(%[[L]], %[[M]])
func.func @forward(%x: !torch.vtensor<[2,5],f32>) -> !torch.vtensor<[2,5],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.logcumsumexp %x, %int1 : !torch.vtensor<[2,5],f32>, !torch.int -> !torch.vtensor<[2,5],f32>
  return %0 : !torch.vtensor<[2,5],f32>
}

// -----

// sort.stable: TopK, which orders equal elements by their indices.
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.TopK"(%arg0, %{{.*}}) {axis = 0 : si64, largest = 1 : si64, sorted = 1 : si64}
func.func @forward(%x: !torch.vtensor<[5,5,5],f32>) -> (!torch.vtensor<[5,5,5],f32>, !torch.vtensor<[5,5,5],si64>) {
  %true = torch.constant.bool true
  %int-3 = torch.constant.int -3
  %0:2 = torch.aten.sort.stable %x, %true, %int-3, %true : !torch.vtensor<[5,5,5],f32>, !torch.bool, !torch.int, !torch.bool -> !torch.vtensor<[5,5,5],f32>, !torch.vtensor<[5,5,5],si64>
  return %0#0, %0#1 : !torch.vtensor<[5,5,5],f32>, !torch.vtensor<[5,5,5],si64>
}

// -----

// Integers hold no NaN: amax is ReduceMax alone.
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.ReduceMax"
// CHECK-NOT: onnx.IsNaN
// CHECK: return
func.func @forward(%x: !torch.vtensor<[2,3],si64>) -> !torch.vtensor<[2],si64> {
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %dims = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.amax %x, %dims, %false : !torch.vtensor<[2,3],si64>, !torch.list<int>, !torch.bool -> !torch.vtensor<[2],si64>
  return %0 : !torch.vtensor<[2],si64>
}

// -----

// The 0-norm counts the nonzero elements, NaN among them.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK: %[[ZERO:.*]] = "onnx.Initializer"() {{.*}}dense<0.000000e+00> : tensor<f32>
// CHECK: %[[EQ:.*]] = "onnx.Equal"(%[[X]], %[[ZERO]])
// CHECK: %[[NZ:.*]] = "onnx.Not"(%[[EQ]])
// CHECK: %[[F:.*]] = "onnx.Cast"(%[[NZ]]) {to = 1 : si64}
// CHECK: "onnx.ReduceSum"(%[[F]], %{{.*}}) {keepdims = 0 : si64}
func.func @forward(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2],f32> {
  %int1 = torch.constant.int 1
  %zero = torch.constant.float 0.000000e+00
  %false = torch.constant.bool false
  %none = torch.constant.none
  %dims = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.linalg_vector_norm %x, %zero, %dims, %false, %none : !torch.vtensor<[2,3],f32>, !torch.float, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}

// -----

// The mean of no elements is NaN in PyTorch (0 / 0) and 0 in onnxruntime's
// ReduceMean: a NaN is added where a reduced dim is 0.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[M:.*]] = "onnx.ReduceMean"(%arg0, %{{.*}}) {axes = [1], keepdims = 0 : si64} : (tensor<3x0xf32>, none) -> tensor<3xf32>
// CHECK: %[[NAN:.*]] = "onnx.Initializer"() {{.*}}dense<0x7FC00000> : tensor<f32>
// CHECK: %[[R:.*]] = "onnx.Add"(%[[M]], %[[NAN]])
// CHECK: return %[[R]]
func.func @forward(%x: !torch.vtensor<[3,0],f32>) -> !torch.vtensor<[3],f32> {
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %none = torch.constant.none
  %dims = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.mean.dim %x, %dims, %false, %none : !torch.vtensor<[3,0],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// A reduced dim known only at run time may be 0 there: the sum is divided
// by the count, which gives NaN as PyTorch does, instead of a ReduceMean.
// CHECK-LABEL: func.func @main_graph
// CHECK-NOT: onnx.ReduceMean
// CHECK: %[[S:.*]] = "onnx.ReduceSum"(%arg0, %{{.*}}) {keepdims = 0 : si64} : (tensor<3x?xf32>, tensor<1xi64>) -> tensor<3xf32>
// CHECK: %[[SHAPE:.*]] = "onnx.Shape"(%arg0)
// CHECK: %[[N:.*]] = "onnx.Cast"
// CHECK: %[[R:.*]] = "onnx.Div"(%[[S]], %[[N]])
// CHECK: return %[[R]]
func.func @forward(%x: !torch.vtensor<[3,?],f32>) -> !torch.vtensor<[3],f32> {
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %none = torch.constant.none
  %dims = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.mean.dim %x, %dims, %false, %none : !torch.vtensor<[3,?],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}
