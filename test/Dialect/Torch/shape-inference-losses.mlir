// RUN: torch-onnx-opt %s -torch-refine-types -split-input-file | FileCheck %s

// A reduced loss is 0-d; unreduced, a pointwise loss has the input's shape
// and a class-index loss the target's; with class probabilities the class
// dim goes. nll_loss_forward's total weight is 0-d.
// CHECK-LABEL: func.func @losses
// CHECK: torch.aten.mse_loss {{.*}} -> !torch.vtensor<[?,3],f32>
// CHECK: torch.aten.cross_entropy_loss {{.*}} -> !torch.vtensor<[],f32>
// CHECK: torch.aten.cross_entropy_loss {{.*}} -> !torch.vtensor<[?],f32>
// CHECK: torch.aten.cross_entropy_loss {{.*}} -> !torch.vtensor<[?],f32>
// CHECK: torch.aten.nll_loss_forward {{.*}} -> !torch.vtensor<[],f32>, !torch.vtensor<[],f32>
// CHECK: torch.operator "aten::nll_loss_nd"{{.*}} -> !torch.vtensor<[?],f32>
func.func @losses(%x: !torch.vtensor<[?,3],f32>, %y: !torch.vtensor<[?],si64>, %p: !torch.vtensor<[?,3],f32>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %ignore = torch.constant.int -100
  %none = torch.constant.none
  %float0 = torch.constant.float 0.000000e+00
  %0 = torch.aten.mse_loss %x, %p, %int0 : !torch.vtensor<[?,3],f32>, !torch.vtensor<[?,3],f32>, !torch.int -> !torch.vtensor
  %1 = torch.aten.cross_entropy_loss %x, %y, %none, %int1, %ignore, %float0 : !torch.vtensor<[?,3],f32>, !torch.vtensor<[?],si64>, !torch.none, !torch.int, !torch.int, !torch.float -> !torch.vtensor
  %2 = torch.aten.cross_entropy_loss %x, %y, %none, %int0, %ignore, %float0 : !torch.vtensor<[?,3],f32>, !torch.vtensor<[?],si64>, !torch.none, !torch.int, !torch.int, !torch.float -> !torch.vtensor
  %3 = torch.aten.cross_entropy_loss %x, %p, %none, %int0, %ignore, %float0 : !torch.vtensor<[?,3],f32>, !torch.vtensor<[?,3],f32>, !torch.none, !torch.int, !torch.int, !torch.float -> !torch.vtensor
  %4:2 = torch.aten.nll_loss_forward %x, %y, %none, %int1, %ignore : !torch.vtensor<[?,3],f32>, !torch.vtensor<[?],si64>, !torch.none, !torch.int, !torch.int -> !torch.vtensor, !torch.vtensor
  %5 = torch.operator "aten::nll_loss_nd"(%x, %y, %none, %int0, %ignore) : (!torch.vtensor<[?,3],f32>, !torch.vtensor<[?],si64>, !torch.none, !torch.int, !torch.int) -> !torch.vtensor
  return %0, %1, %2, %3, %4#0, %4#1, %5 : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor
}
