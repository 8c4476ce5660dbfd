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

