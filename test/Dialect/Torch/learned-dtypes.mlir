// RUN: torch-onnx-opt %s -torch-refine-types -split-input-file | FileCheck %s

// Ops that no hand-written rule knows take their result dtype from the
// rules that utils/odsgen/opinfo_rules.py learned from PyTorch's OpInfo
// samples (OpInfoRules.inc). The operands here have no rank, so that
// PyTorch's meta kernels, which need one, leave the dtype to those rules.

// addr promotes its three tensors, and a 0-d `self` counts as a
// dimensioned tensor: f64 wins over the f32 vectors.
// CHECK-LABEL: func.func @addr_zero_dim_self
// CHECK: torch.operator "aten::addr"{{.*}} -> !torch.vtensor<*,f64>
func.func @addr_zero_dim_self(%s: !torch.vtensor<[],f64>, %a: !torch.vtensor<*,f32>, %b: !torch.vtensor<*,f32>) -> !torch.vtensor {
  %int1 = torch.constant.int 1
  %0 = torch.operator "aten::addr"(%s, %a, %b, %int1, %int1) : (!torch.vtensor<[],f64>, !torch.vtensor<*,f32>, !torch.vtensor<*,f32>, !torch.int, !torch.int) -> !torch.vtensor
  return %0 : !torch.vtensor
}

// -----

// angle gives the default float dtype for an integral input.
// CHECK-LABEL: func.func @angle_of_int
// CHECK: torch.operator "aten::angle"{{.*}} -> !torch.vtensor<*,f32>
func.func @angle_of_int(%x: !torch.vtensor<*,si64>) -> !torch.vtensor {
  %0 = torch.operator "aten::angle"(%x) : (!torch.vtensor<*,si64>) -> !torch.vtensor
  return %0 : !torch.vtensor
}

// -----

// histc keeps its input's dtype.
// CHECK-LABEL: func.func @histc
// CHECK: torch.operator "aten::histc"{{.*}} -> !torch.vtensor<*,f64>
func.func @histc(%x: !torch.vtensor<*,f64>) -> !torch.vtensor {
  %int4 = torch.constant.int 4
  %int0 = torch.constant.int 0
  %0 = torch.operator "aten::histc"(%x, %int4, %int0, %int0) : (!torch.vtensor<*,f64>, !torch.int, !torch.int, !torch.int) -> !torch.vtensor
  return %0 : !torch.vtensor
}

// -----

// nonzero always gives si64, whatever the input.
// CHECK-LABEL: func.func @nonzero
// CHECK: torch.operator "aten::nonzero"{{.*}} -> !torch.vtensor<*,si64>
func.func @nonzero(%x: !torch.vtensor<[3,4],f32>) -> !torch.vtensor {
  %0 = torch.operator "aten::nonzero"(%x) : (!torch.vtensor<[3,4],f32>) -> !torch.vtensor
  return %0 : !torch.vtensor
}

// -----

// An op whose operand dtypes are unknown learns nothing, and an op that
// PyTorch's samples never showed keeps its type.
// CHECK-LABEL: func.func @unknown
// CHECK: torch.operator "aten::angle"{{.*}} -> !torch.vtensor{{ *$}}
// CHECK: torch.operator "aten::not_an_op"{{.*}} -> !torch.vtensor{{ *$}}
func.func @unknown(%x: !torch.vtensor, %y: !torch.vtensor<[2],f32>) -> (!torch.vtensor, !torch.vtensor) {
  %0 = torch.operator "aten::angle"(%x) : (!torch.vtensor) -> !torch.vtensor
  %1 = torch.operator "aten::not_an_op"(%y) : (!torch.vtensor<[2],f32>) -> !torch.vtensor
  return %0, %1 : !torch.vtensor, !torch.vtensor
}
