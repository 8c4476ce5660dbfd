// RUN: torch-onnx-opt %s -torch-refine-types -split-input-file | FileCheck %s

// A trace records the Python scalar of `count - 1` as a 0-d f64 (or si64)
// literal. It promotes as the scalar it was: a 0-d f32 stays f32, as
// PyTorch computed it, where a 0-d f64 argument would widen it.

// CHECK-LABEL: func.func @traced_scalars
// CHECK: torch.aten.sub.Tensor %arg0, %{{.*}}, %{{.*}} -> !torch.vtensor<[],f32>
// CHECK: torch.aten.sub.Tensor %arg1, %{{.*}}, %{{.*}} -> !torch.vtensor<[],si32>
// CHECK: torch.aten.sub.Tensor %arg1, %{{.*}}, %{{.*}} -> !torch.vtensor<[],f32>
// CHECK: torch.aten.sub.Tensor %arg0, %arg2, %{{.*}} -> !torch.vtensor<[],f64>
func.func @traced_scalars(%f32: !torch.vtensor<[],f32>, %i32: !torch.vtensor<[],si32>, %f64: !torch.vtensor<[],f64>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %int1 = torch.constant.int 1
  %one = torch.vtensor.literal(dense<1.000000e+00> : tensor<f64>) : !torch.vtensor<[],f64>
  %long = torch.vtensor.literal(dense<1> : tensor<si64>) : !torch.vtensor<[],si64>
  %0 = torch.aten.sub.Tensor %f32, %one, %int1 : !torch.vtensor<[],f32>, !torch.vtensor<[],f64>, !torch.int -> !torch.vtensor
  %1 = torch.aten.sub.Tensor %i32, %long, %int1 : !torch.vtensor<[],si32>, !torch.vtensor<[],si64>, !torch.int -> !torch.vtensor
  // A float scalar still makes an int tensor float, of the default dtype.
  %2 = torch.aten.sub.Tensor %i32, %one, %int1 : !torch.vtensor<[],si32>, !torch.vtensor<[],f64>, !torch.int -> !torch.vtensor
  %3 = torch.aten.sub.Tensor %f32, %f64, %int1 : !torch.vtensor<[],f32>, !torch.vtensor<[],f64>, !torch.int -> !torch.vtensor
  return %0, %1, %2, %3 : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor
}
