// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// scatter_reduce sum with include_self: one ScatterElements that adds.
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.ScatterElements"(%arg0, %{{.*}}, %arg2) {axis = 0 : si64, reduction = "add"}
func.func @forward(%self: !torch.vtensor<[5,3],f32>, %index: !torch.vtensor<[2,3],si64>, %src: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[5,3],f32> {
  %int0 = torch.constant.int 0
  %sum = torch.constant.str "sum"
  %true = torch.constant.bool true
  %0 = torch.aten.scatter_reduce.two %self, %int0, %index, %src, %sum, %true : !torch.vtensor<[5,3],f32>, !torch.int, !torch.vtensor<[2,3],si64>, !torch.vtensor<[2,3],f32>, !torch.str, !torch.bool -> !torch.vtensor<[5,3],f32>
  return %0 : !torch.vtensor<[5,3],f32>
}

// -----

// Without include_self, the indexed elements start from the identity (1
// for prod); mean divides by the count of values each element received.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[START:.*]] = "onnx.ScatterElements"(%arg0, %{{.*}}, %{{.*}}) {axis = 1 : si64}
// CHECK: "onnx.ScatterElements"(%[[START]], %{{.*}}, %arg2) {axis = 1 : si64, reduction = "mul"}
// CHECK: %[[SUM:.*]] = "onnx.ScatterElements"(%{{.*}}, %{{.*}}, %arg2) {axis = 1 : si64, reduction = "add"}
// CHECK: %[[COUNT:.*]] = "onnx.ScatterElements"(%{{.*}}, %{{.*}}, %{{.*}}) {axis = 1 : si64, reduction = "add"}
// CHECK: "onnx.Div"(%[[SUM]], %[[COUNT]])
func.func @forward(%self: !torch.vtensor<[3,5],f32>, %index: !torch.vtensor<[3,2],si64>, %src: !torch.vtensor<[3,2],f32>) -> (!torch.vtensor<[3,5],f32>, !torch.vtensor<[3,5],f32>) {
  %int1 = torch.constant.int 1
  %prod = torch.constant.str "prod"
  %mean = torch.constant.str "mean"
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %0 = torch.aten.scatter_reduce.two %self, %int1, %index, %src, %prod, %false : !torch.vtensor<[3,5],f32>, !torch.int, !torch.vtensor<[3,2],si64>, !torch.vtensor<[3,2],f32>, !torch.str, !torch.bool -> !torch.vtensor<[3,5],f32>
  %1 = torch.aten.scatter_reduce.two %self, %int1, %index, %src, %mean, %true : !torch.vtensor<[3,5],f32>, !torch.int, !torch.vtensor<[3,2],si64>, !torch.vtensor<[3,2],f32>, !torch.str, !torch.bool -> !torch.vtensor<[3,5],f32>
  return %0, %1 : !torch.vtensor<[3,5],f32>, !torch.vtensor<[3,5],f32>
}


// -----

// amax before opset 18: a mask compares each index with every position of
// the dim, the masked updates (-inf elsewhere) are reduced over the dim,
// and the positions that received a value take the result. The index
// covers 2 of the 3 columns: the result is padded to them.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[SRC:.*]] = "onnx.Slice"(%arg2
// CHECK: %[[INDEX:.*]] = "onnx.Unsqueeze"(%arg1
// CHECK: %[[MASK:.*]] = "onnx.Equal"(%[[INDEX]], %{{.*}}) : (tensor<2x2x1xi64>, tensor<4xi64>) -> tensor<2x2x4xi1>
// CHECK: %[[UPDATES:.*]] = "onnx.Unsqueeze"(%[[SRC]]
// CHECK: %[[MASKED:.*]] = "onnx.Where"(%[[MASK]], %[[UPDATES]], %{{.*}}) : (tensor<2x2x4xi1>, tensor<2x2x1xf32>, tensor<f32>) -> tensor<2x2x4xf32>
// CHECK: %[[MAX:.*]] = "onnx.ReduceMax"(%[[MASKED]], %{{.*}}) {axes = [0], keepdims = 1 : si64}
// CHECK: %[[COUNT:.*]] = "onnx.ReduceSum"
// CHECK: %[[MOVED:.*]] = "onnx.Transpose"(%[[MAX]]) {perm = [2, 1, 0]}
// CHECK: %[[SQUEEZED:.*]] = "onnx.Squeeze"(%[[MOVED]]
// CHECK: %[[RESULT:.*]] = "onnx.Pad"(%[[SQUEEZED]], {{.*}} -> tensor<4x3xf32>
// CHECK: %[[RECEIVED:.*]] = "onnx.Greater"
// CHECK-NOT: "onnx.Max"
// CHECK: "onnx.Where"(%[[RECEIVED]], %[[RESULT]], %arg0)
// CHECK-NOT: ScatterElements
func.func @forward(%self: !torch.vtensor<[4,3],f32>, %index: !torch.vtensor<[2,2],si64>, %src: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[4,3],f32> {
  %int0 = torch.constant.int 0
  %amax = torch.constant.str "amax"
  %false = torch.constant.bool false
  %0 = torch.aten.scatter_reduce.two %self, %int0, %index, %src, %amax, %false : !torch.vtensor<[4,3],f32>, !torch.int, !torch.vtensor<[2,2],si64>, !torch.vtensor<[2,3],f32>, !torch.str, !torch.bool -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

// amin of integers with include_self: the masked-out entries hold the
// type's largest value, and the result is the Min with self.
// CHECK-LABEL: func.func @main_graph
// CHECK-DAG: "onnx.Initializer"() {name = "", value = dense<2147483647> : tensor<i32>}
// CHECK: %[[MIN:.*]] = "onnx.ReduceMin"
// CHECK: %[[RECEIVED:.*]] = "onnx.Greater"
// CHECK: %[[BOTH:.*]] = "onnx.Min"(%arg0, %{{.*}}) : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi32>
// CHECK: "onnx.Where"(%[[RECEIVED]], %[[BOTH]], %arg0)
func.func @forward(%self: !torch.vtensor<[5],si32>, %index: !torch.vtensor<[3],si64>, %src: !torch.vtensor<[3],si32>) -> !torch.vtensor<[5],si32> {
  %int0 = torch.constant.int 0
  %amin = torch.constant.str "amin"
  %true = torch.constant.bool true
  %0 = torch.aten.scatter_reduce.two %self, %int0, %index, %src, %amin, %true : !torch.vtensor<[5],si32>, !torch.int, !torch.vtensor<[3],si64>, !torch.vtensor<[3],si32>, !torch.str, !torch.bool -> !torch.vtensor<[5],si32>
  return %0 : !torch.vtensor<[5],si32>
}

// -----

// scatter with reduce="multiply": ScatterElements with the mul reduction.
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.ScatterElements"(%arg0, %arg1, %arg2) {axis = 0 : si64, reduction = "mul"}
func.func @forward(%self: !torch.vtensor<[10,5],f32>, %index: !torch.vtensor<[5,5],si64>, %src: !torch.vtensor<[5,5],f32>) -> !torch.vtensor<[10,5],f32> {
  %int0 = torch.constant.int 0
  %multiply = torch.constant.str "multiply"
  %0 = torch.aten.scatter.reduce %self, %int0, %index, %src, %multiply : !torch.vtensor<[10,5],f32>, !torch.int, !torch.vtensor<[5,5],si64>, !torch.vtensor<[5,5],f32>, !torch.str -> !torch.vtensor<[10,5],f32>
  return %0 : !torch.vtensor<[10,5],f32>
}
