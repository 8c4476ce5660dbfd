// RUN: torch-onnx-opt %s -convert-torch-to-onnx=opset=14 | FileCheck %s

// From opset 14, triu is Trilu.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[K:.*]] = "onnx.Initializer"() {{.*}}dense<1> : tensor<i64>
// CHECK: "onnx.Trilu"(%{{.*}}, %[[K]]) {upper = 1 : si64}
func.func @forward(%x: !torch.vtensor<[3,3],f32>) -> !torch.vtensor<[3,3],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.triu %x, %int1 : !torch.vtensor<[3,3],f32>, !torch.int -> !torch.vtensor<[3,3],f32>
  return %0 : !torch.vtensor<[3,3],f32>
}
