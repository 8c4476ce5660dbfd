// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// empty_strided has undefined contents, like empty: zeros of its size (the
// strides only lay out the storage).
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[Z:.*]] = "onnx.Initializer"() {{.*}}value = dense<0.000000e+00> : tensor<5x5xf32>
// CHECK: return %[[Z]]
func.func @forward() -> !torch.vtensor<[5,5],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int5 = torch.constant.int 5
  %int6 = torch.constant.int 6
  %none = torch.constant.none
  %size = torch.prim.ListConstruct %int5, %int5 : (!torch.int, !torch.int) -> !torch.list<int>
  %stride = torch.prim.ListConstruct %int2, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.empty_strided %size, %stride, %int6, %none, %none, %none : !torch.list<int>, !torch.list<int>, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[5,5],f32>
  return %0 : !torch.vtensor<[5,5],f32>
}
