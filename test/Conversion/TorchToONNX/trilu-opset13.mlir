// RUN: torch-onnx-opt %s -convert-torch-to-onnx=opset=13 | FileCheck %s

// In opset 13, tril of a static matrix selects with a constant mask.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NOT: onnx.Trilu
// CHECK: %[[MASK:.*]] = "onnx.Initializer"() {{.*}}dense<{{\[}}[true, false, false], [true, true, false]]> : tensor<2x3xi1>
// CHECK: "onnx.Where"(%[[MASK]], %[[X]], %{{.*}})
func.func @forward(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %int0 = torch.constant.int 0
  %0 = torch.aten.tril %x, %int0 : !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}
