// RUN: torch-onnx-opt %s -split-input-file -torch-cleanup=refine-types=true | FileCheck %s

// Traced code pads to a multiple of a window with 0-d tensor arithmetic on
// `x.shape`. The first round folds the first pad's amounts and inference
// gives it a static shape; the second round folds the second pad, whose
// amounts come from the first pad's size. The result's dims lose their
// dim_params names once static.

// CHECK-LABEL: func.func @forward(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[1,5,96],f32>) -> (!torch.vtensor<[1,8,96],f32> {torch_onnx.dim_params = ["", "", ""]})
// CHECK-NOT:     torch.prim.NumToTensor
// CHECK-NOT:     torch.aten.remainder
// CHECK-DAG:     %[[INT0:.*]] = torch.constant.int 0
// CHECK-DAG:     %[[INT1:.*]] = torch.constant.int 1
// CHECK-DAG:     %[[INT2:.*]] = torch.constant.int 2
// CHECK:         %[[L1:.*]] = torch.prim.ListConstruct %[[INT0]], %[[INT0]], %[[INT0]], %[[INT2]]
// CHECK:         %[[P1:.*]] = torch.aten.pad %[[X]], %[[L1]], {{.*}} -> !torch.vtensor<[1,7,96],f32>
// CHECK:         %[[L2:.*]] = torch.prim.ListConstruct %[[INT0]], %[[INT0]], %[[INT0]], %[[INT1]]
// CHECK:         %[[P2:.*]] = torch.aten.pad %[[P1]], %[[L2]], {{.*}} -> !torch.vtensor<[1,8,96],f32>
// CHECK:         return %[[P2]] : !torch.vtensor<[1,8,96],f32>
func.func @forward(%x: !torch.vtensor<[1,5,96],f32>) -> (!torch.vtensor<[?,?,?],f32> {torch_onnx.dim_params = ["d0", "d1", "d2"]}) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int4 = torch.constant.int 4
  %int7 = torch.constant.int 7
  %none = torch.constant.none
  %str = torch.constant.str "constant"
  %n = torch.aten.size.int %x, %int1 : !torch.vtensor<[1,5,96],f32>, !torch.int -> !torch.int
  %t = torch.prim.NumToTensor.Scalar %n : !torch.int -> !torch.vtensor<[],si64>
  %r = torch.aten.remainder.Scalar %t, %int7 : !torch.vtensor<[],si64>, !torch.int -> !torch.vtensor<[],si64>
  %d = torch.aten.rsub.Scalar %r, %int7, %int1 : !torch.vtensor<[],si64>, !torch.int, !torch.int -> !torch.vtensor<[],si64>
  %q = torch.aten.remainder.Scalar %d, %int7 : !torch.vtensor<[],si64>, !torch.int -> !torch.vtensor<[],si64>
  %amount = torch.aten.Int.Tensor %q : !torch.vtensor<[],si64> -> !torch.int
  %l1 = torch.prim.ListConstruct %int0, %int0, %int0, %amount : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %p1 = torch.aten.pad %x, %l1, %str, %none : !torch.vtensor<[1,5,96],f32>, !torch.list<int>, !torch.str, !torch.none -> !torch.vtensor<[?,?,?],f32>
  %m = torch.aten.size.int %p1, %int1 : !torch.vtensor<[?,?,?],f32>, !torch.int -> !torch.int
  %mt = torch.prim.NumToTensor.Scalar %m : !torch.int -> !torch.vtensor<[],si64>
  %mr = torch.aten.remainder.Scalar %mt, %int4 : !torch.vtensor<[],si64>, !torch.int -> !torch.vtensor<[],si64>
  %md = torch.aten.rsub.Scalar %mr, %int4, %int1 : !torch.vtensor<[],si64>, !torch.int, !torch.int -> !torch.vtensor<[],si64>
  %mq = torch.aten.remainder.Scalar %md, %int4 : !torch.vtensor<[],si64>, !torch.int -> !torch.vtensor<[],si64>
  %amount2 = torch.aten.Int.Tensor %mq : !torch.vtensor<[],si64> -> !torch.int
  %l2 = torch.prim.ListConstruct %int0, %int0, %int0, %amount2 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %p2 = torch.aten.pad %p1, %l2, %str, %none : !torch.vtensor<[?,?,?],f32>, !torch.list<int>, !torch.str, !torch.none -> !torch.vtensor<[?,?,?],f32>
  return %p2 : !torch.vtensor<[?,?,?],f32>
}

// -----

// Arithmetic on wrapped constants: add with alpha, sub, mul, floor_divide,
// and a float result.

// CHECK-LABEL: func.func @scalar_tensor_arithmetic
// CHECK-DAG:     %[[I:.*]] = torch.constant.int 17
// CHECK-DAG:     %[[F:.*]] = torch.constant.float 1.250000e+00
// CHECK-DAG:     %[[WI:.*]] = torch.prim.NumToTensor.Scalar %[[I]] : !torch.int -> !torch.vtensor<[],si64>
// CHECK-DAG:     %[[WF:.*]] = torch.prim.NumToTensor.Scalar %[[F]] : !torch.float -> !torch.vtensor<[],f64>
// CHECK-NOT:     torch.aten
// CHECK:         return %[[WI]], %[[WF]]
func.func @scalar_tensor_arithmetic() -> (!torch.vtensor<[],si64>, !torch.vtensor<[],f64>) {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %int7 = torch.constant.int 7
  %float = torch.constant.float 2.500000e+00
  %float_half = torch.constant.float 5.000000e-01
  %a = torch.prim.NumToTensor.Scalar %int7 : !torch.int -> !torch.vtensor<[],si64>
  %b = torch.prim.NumToTensor.Scalar %int3 : !torch.int -> !torch.vtensor<[],si64>
  // 7 + 2 * 3 = 13; 13 * 3 = 39; 39 // 2 = 19; 19 - 2 = 17
  %s = torch.aten.add.Tensor %a, %b, %int2 : !torch.vtensor<[],si64>, !torch.vtensor<[],si64>, !torch.int -> !torch.vtensor<[],si64>
  %m = torch.aten.mul.Tensor %s, %b : !torch.vtensor<[],si64>, !torch.vtensor<[],si64> -> !torch.vtensor<[],si64>
  %f = torch.aten.floor_divide.Scalar %m, %int2 : !torch.vtensor<[],si64>, !torch.int -> !torch.vtensor<[],si64>
  %r = torch.aten.sub.Scalar %f, %int2, %int1 : !torch.vtensor<[],si64>, !torch.int, !torch.int -> !torch.vtensor<[],si64>
  %fl = torch.prim.NumToTensor.Scalar %float : !torch.float -> !torch.vtensor<[],f64>
  %half = torch.aten.mul.Scalar %fl, %float_half : !torch.vtensor<[],f64>, !torch.float -> !torch.vtensor<[],f64>
  return %r, %half : !torch.vtensor<[],si64>, !torch.vtensor<[],f64>
}
