// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// Names, dim params and state: argument and result attributes are renamed,
// the initial state becomes onnx.initializer, unnamed results are called
// output_<i>, and the state bindings become model metadata.
// CHECK-LABEL: module attributes
// CHECK-SAME: onnx.metadata_props = {torch_onnx.state = "{\22bn.running_mean\22:\22bn.running_mean.out\22}"}
// CHECK: func.func @main_graph(
// CHECK-SAME: %{{.*}}: tensor<?x3xf32> {onnx.dim_params = ["batch", ""], onnx.name = "x"},
// CHECK-SAME: %{{.*}}: tensor<3xf32> {onnx.initializer = dense<0.000000e+00> : tensor<3xf32>, onnx.name = "bn.running_mean"})
// CHECK-SAME: -> (tensor<?x3xf32> {onnx.name = "output_0"}, tensor<3xf32> {onnx.name = "bn.running_mean.out"})
// CHECK-NOT: torch_onnx
func.func @forward(%x: !torch.vtensor<[?,3],f32> {torch_onnx.name = "x", torch_onnx.dim_params = ["batch", ""]},
                   %m: !torch.vtensor<[3],f32> {torch_onnx.name = "bn.running_mean", torch_onnx.initial_value = dense<0.0> : tensor<3xf32>})
    -> (!torch.vtensor<[?,3],f32>, !torch.vtensor<[3],f32> {torch_onnx.name = "bn.running_mean.out"})
    attributes {torch_onnx.state = [{input = "bn.running_mean", output = "bn.running_mean.out", path = "bn.running_mean"}]} {
  %int1 = torch.constant.int 1
  %0 = torch.aten.add.Tensor %x, %m, %int1 : !torch.vtensor<[?,3],f32>, !torch.vtensor<[3],f32>, !torch.int -> !torch.vtensor<[?,3],f32>
  return %0, %m : !torch.vtensor<[?,3],f32>, !torch.vtensor<[3],f32>
}

// -----

// An integer state input: its initial value becomes signless.
// CHECK-LABEL: module attributes
// CHECK: func.func @main_graph
// CHECK-SAME: tensor<i64> {onnx.initializer = dense<5> : tensor<i64>, onnx.name = "count"}
// CHECK-SAME: -> (tensor<i64> {onnx.name = "output"})
func.func @forward(%c: !torch.vtensor<[],si64> {torch_onnx.name = "count", torch_onnx.initial_value = dense<5> : tensor<si64>}) -> !torch.vtensor<[],si64> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.add.Scalar %c, %int1, %int1 : !torch.vtensor<[],si64>, !torch.int, !torch.int -> !torch.vtensor<[],si64>
  return %0 : !torch.vtensor<[],si64>
}
