// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// Integer literals become signless initializers.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[C:.*]] = "onnx.Initializer"() {{.*}}value = dense<[1, 2, 3]> : tensor<3xi64>
// CHECK: "onnx.Add"(%{{.*}}, %[[C]]) : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
func.func @forward(%x: !torch.vtensor<[3],si64>) -> !torch.vtensor<[3],si64> {
  %c = torch.vtensor.literal(dense<[1, 2, 3]> : tensor<3xsi64>) : !torch.vtensor<[3],si64>
  %int1 = torch.constant.int 1
  %0 = torch.aten.add.Tensor %x, %c, %int1 : !torch.vtensor<[3],si64>, !torch.vtensor<[3],si64>, !torch.int -> !torch.vtensor<[3],si64>
  return %0 : !torch.vtensor<[3],si64>
}

// -----

// Static creation ops are constants.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[Z:.*]] = "onnx.Initializer"() {{.*}}value = dense<0.000000e+00> : tensor<2x3xf32>
// CHECK: %[[F:.*]] = "onnx.Initializer"() {{.*}}value = dense<7> : tensor<2x3xi64>
// CHECK: %[[R:.*]] = "onnx.Initializer"() {{.*}}value = dense<[0, 2, 4]> : tensor<3xi64>
// CHECK: return %[[Z]], %[[F]], %[[R]]
func.func @forward() -> (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],si64>, !torch.vtensor<[3],si64>) {
  %int0 = torch.constant.int 0
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %int6 = torch.constant.int 6
  %int7 = torch.constant.int 7
  %none = torch.constant.none
  %s = torch.prim.ListConstruct %int2, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.zeros %s, %int6, %none, %none, %none : !torch.list<int>, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2,3],f32>
  %1 = torch.aten.full %s, %int7, %none, %none, %none, %none : !torch.list<int>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2,3],si64>
  %2 = torch.aten.arange.start_step %int0, %int6, %int2, %none, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[3],si64>
  return %0, %1, %2 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],si64>, !torch.vtensor<[3],si64>
}

// -----

// Dynamic shapes: ones_like is ConstantOfShape of the input's shape;
// arange of a run-time size is Range.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>)
// CHECK: %[[SH:.*]] = "onnx.Shape"(%[[X]])
// CHECK: "onnx.ConstantOfShape"(%[[SH]]) {value = dense<1.000000e+00> : tensor<1xf32>} : (tensor<2xi64>) -> tensor<?x4xf32>
// CHECK: %[[N:.*]] = "onnx.Gather"
// CHECK: "onnx.Range"(%{{.*}}, %[[N]], %{{.*}}) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<?xi64>
func.func @forward(%x: !torch.vtensor<[?,4],f32>) -> (!torch.vtensor<[?,4],f32>, !torch.vtensor<[?],si64>) {
  %int0 = torch.constant.int 0
  %none = torch.constant.none
  %0 = torch.aten.ones_like %x, %none, %none, %none, %none, %none : !torch.vtensor<[?,4],f32>, !torch.none, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[?,4],f32>
  %n = torch.aten.size.int %x, %int0 : !torch.vtensor<[?,4],f32>, !torch.int -> !torch.int
  %1 = torch.aten.arange %n, %none, %none, %none, %none : !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[?],si64>
  return %0, %1 : !torch.vtensor<[?,4],f32>, !torch.vtensor<[?],si64>
}

// -----

// Scalar arithmetic on a run-time size computes 0-d tensors; the static
// dims it uses are constants.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf32>)
// CHECK: %[[SH:.*]] = "onnx.Shape"(%[[X]]) : (tensor<?x4xf32>) -> tensor<2xi64>
// CHECK: %[[N:.*]] = "onnx.Gather"(%[[SH]], %{{.*}}) {axis = 0 : si64} : (tensor<2xi64>, tensor<i64>) -> tensor<i64>
// CHECK: %[[FOUR:.*]] = "onnx.Initializer"() {{.*}}value = dense<4> : tensor<i64>
// CHECK: %[[M:.*]] = "onnx.Mul"(%[[N]], %[[FOUR]]) : (tensor<i64>, tensor<i64>) -> tensor<i64>
// CHECK: %[[T:.*]] = "onnx.Cast"(%[[M]]) {to = 1 : si64} : (tensor<i64>) -> tensor<f32>
// CHECK: return %[[T]]
func.func @forward(%x: !torch.vtensor<[?,4],f32>) -> !torch.vtensor<[],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %n = torch.aten.size.int %x, %int0 : !torch.vtensor<[?,4],f32>, !torch.int -> !torch.int
  %four = torch.aten.size.int %x, %int1 : !torch.vtensor<[?,4],f32>, !torch.int -> !torch.int
  %m = torch.aten.mul.int %n, %four : !torch.int, !torch.int -> !torch.int
  %t = torch.prim.NumToTensor.Scalar %m : !torch.int -> !torch.vtensor<[],f32>
  return %t : !torch.vtensor<[],f32>
}

// -----

// Int of a 0-d tensor, used as a size.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>, %[[N:.*]]: tensor<i64>)
// CHECK: %[[U:.*]] = "onnx.Unsqueeze"(%[[N]], %{{.*}}) : (tensor<i64>, tensor<1xi64>) -> tensor<1xi64>
// CHECK: %[[S:.*]] = "onnx.Concat"(%{{.*}}, %[[U]]) {axis = 0 : si64}
// CHECK: "onnx.Reshape"(%[[X]], %[[S]])
func.func @forward(%x: !torch.vtensor<[?],f32>, %n: !torch.vtensor<[],si64>) -> !torch.vtensor<[?,?],f32> {
  %m1 = torch.constant.int -1
  %i = torch.aten.Int.Tensor %n : !torch.vtensor<[],si64> -> !torch.int
  %s = torch.prim.ListConstruct %m1, %i : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.view %x, %s : !torch.vtensor<[?],f32>, !torch.list<int> -> !torch.vtensor<[?,?],f32>
  return %0 : !torch.vtensor<[?,?],f32>
}

// -----

// linspace with known bounds is a constant.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[L:.*]] = "onnx.Initializer"() {{.*}}value = dense<[-1.000000e+00, -5.000000e-01, 0.000000e+00, 5.000000e-01, 1.000000e+00]> : tensor<5xf32>
// CHECK: return %[[L]]
func.func @forward() -> !torch.vtensor<[5],f32> {
  %start = torch.constant.float -1.000000e+00
  %end = torch.constant.float 1.000000e+00
  %int5 = torch.constant.int 5
  %none = torch.constant.none
  %0 = torch.aten.linspace %start, %end, %int5, %none, %none, %none, %none : !torch.float, !torch.float, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[5],f32>
  return %0 : !torch.vtensor<[5],f32>
}

// -----

// zero (the value form of zero_) of a static tensor is a zero constant.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[Z:.*]] = "onnx.Initializer"() {{.*}}value = dense<0.000000e+00> : tensor<2x3xf32>
// CHECK: return %[[Z]]
func.func @forward(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %0 = torch.aten.zero %x : !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// An integer range with a fractional step steps by the truncated step, as
// PyTorch computes it: 0, 11, 2.2 as int64 is [0, 2, 4, 6, 8, 10].
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[R:.*]] = "onnx.Initializer"() {{.*}}value = dense<[0, 2, 4, 6, 8, 10]> : tensor<6xi64>
// CHECK: return %[[R]]
func.func @forward() -> !torch.vtensor<[6],si64> {
  %int0 = torch.constant.int 0
  %int4 = torch.constant.int 4
  %int11 = torch.constant.int 11
  %float = torch.constant.float 2.200000e+00
  %none = torch.constant.none
  %0 = torch.aten.arange.start_step %int0, %int11, %float, %int4, %none, %none, %none : !torch.int, !torch.int, !torch.float, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[6],si64>
  return %0 : !torch.vtensor<[6],si64>
}

// -----

// eye is EyeLike of zeros: of a constant when the sizes are known, of
// ConstantOfShape of [n, m] when they are read at run time.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32>)
// CHECK: %[[Z:.*]] = "onnx.Initializer"() {{.*}}value = dense<0.000000e+00> : tensor<3x3xf32>
// CHECK: %[[E:.*]] = "onnx.EyeLike"(%[[Z]]) : (tensor<3x3xf32>) -> tensor<3x3xf32>
// CHECK: %[[S:.*]] = "onnx.Concat"
// CHECK: %[[Z2:.*]] = "onnx.ConstantOfShape"(%[[S]]) {value = dense<0> : tensor<1xi64>} : (tensor<2xi64>) -> tensor<?x?xi64>
// CHECK: %[[E2:.*]] = "onnx.EyeLike"(%[[Z2]]) : (tensor<?x?xi64>) -> tensor<?x?xi64>
// CHECK: return %[[E]], %[[E2]]
func.func @forward(%x: !torch.vtensor<[?,?],f32>) -> (!torch.vtensor<[3,3],f32>, !torch.vtensor<[?,?],si64>) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int3 = torch.constant.int 3
  %int4 = torch.constant.int 4
  %none = torch.constant.none
  %0 = torch.aten.eye %int3, %none, %none, %none, %none : !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[3,3],f32>
  %n = torch.aten.size.int %x, %int0 : !torch.vtensor<[?,?],f32>, !torch.int -> !torch.int
  %m = torch.aten.size.int %x, %int1 : !torch.vtensor<[?,?],f32>, !torch.int -> !torch.int
  %1 = torch.aten.eye.m %n, %m, %int4, %none, %none, %none : !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[?,?],si64>
  return %0, %1 : !torch.vtensor<[3,3],f32>, !torch.vtensor<[?,?],si64>
}
