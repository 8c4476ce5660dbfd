// RUN: torch-onnx-opt %s -torch-refine-types -split-input-file | FileCheck %s

// Packing keeps the trailing dims of a step; the packed rows and steps are
// unknown. A layer on packed data gives rows of both directions' features
// and states shaped as given; unpacking adds the steps and batch dims back,
// batch first or not.
// CHECK-LABEL: func.func @packed
// CHECK: torch.operator "aten::_pack_padded_sequence"{{.*}} -> (!torch.vtensor<[?,10],f32>, !torch.vtensor<[?],si64>)
// CHECK: torch.aten.lstm.data {{.*}} -> !torch.vtensor<[?,40],f32>, !torch.vtensor<[2,3,20],f32>, !torch.vtensor<[2,3,20],f32>
// CHECK: torch.aten.gru.data {{.*}} -> !torch.vtensor<[?,20],f32>, !torch.vtensor<[1,3,20],f32>
// CHECK: torch.operator "aten::_pad_packed_sequence"{{.*}} -> (!torch.vtensor<[?,?,40],f32>, !torch.vtensor<[?],si64>)
func.func @packed(%x: !torch.vtensor<[3,5,10],f32>, %lengths: !torch.vtensor<[3],si64>, %h0: !torch.vtensor<[2,3,20],f32>, %g0: !torch.vtensor<[1,3,20],f32>, %w: !torch.vtensor<[80,10],f32>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %int1 = torch.constant.int 1
  %int5 = torch.constant.int 5
  %float0 = torch.constant.float 0.000000e+00
  %0:2 = torch.operator "aten::_pack_padded_sequence"(%x, %lengths, %true) : (!torch.vtensor<[3,5,10],f32>, !torch.vtensor<[3],si64>, !torch.bool) -> (!torch.vtensor, !torch.vtensor)
  %hx = torch.prim.ListConstruct %h0, %h0 : (!torch.vtensor<[2,3,20],f32>, !torch.vtensor<[2,3,20],f32>) -> !torch.list<vtensor>
  %params = torch.prim.ListConstruct %w : (!torch.vtensor<[80,10],f32>) -> !torch.list<vtensor>
  %1:3 = torch.aten.lstm.data %0#0, %0#1, %hx, %params, %true, %int1, %float0, %false, %true : !torch.vtensor, !torch.vtensor, !torch.list<vtensor>, !torch.list<vtensor>, !torch.bool, !torch.int, !torch.float, !torch.bool, !torch.bool -> !torch.vtensor, !torch.vtensor, !torch.vtensor
  %2:2 = torch.aten.gru.data %0#0, %0#1, %g0, %params, %true, %int1, %float0, %false, %false : !torch.vtensor, !torch.vtensor, !torch.vtensor<[1,3,20],f32>, !torch.list<vtensor>, !torch.bool, !torch.int, !torch.float, !torch.bool, !torch.bool -> !torch.vtensor, !torch.vtensor
  %3:2 = torch.operator "aten::_pad_packed_sequence"(%1#0, %0#1, %true, %float0, %int5) : (!torch.vtensor, !torch.vtensor, !torch.bool, !torch.float, !torch.int) -> (!torch.vtensor, !torch.vtensor)
  return %1#1, %2#0, %2#1, %3#0, %3#1 : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor
}
