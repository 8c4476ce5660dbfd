// RUN: torch-onnx-opt %s -torch-refine-types -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @reductions
// CHECK: torch.aten.mean.dim %{{.*}} -> !torch.vtensor<[2,1,4],f32>
// CHECK: torch.aten.sum.dim_IntList %{{.*}} -> !torch.vtensor<[2],f32>
// CHECK: torch.aten.sum %{{.*}} -> !torch.vtensor<[],si64>
// CHECK: torch.aten.amax %{{.*}} -> !torch.vtensor<[2,3],f32>
// CHECK: torch.aten.max.dim %{{.*}} -> !torch.vtensor<[2,4],f32>, !torch.vtensor<[2,4],si64>
// CHECK: torch.aten.argmax %{{.*}} -> !torch.vtensor<[2,1,4],si64>
// CHECK: torch.aten.any.dim %{{.*}} -> !torch.vtensor<[3],i1>
// CHECK: torch.aten.mean %{{.*}} -> !torch.vtensor<[],f32>
func.func @reductions(%x: !torch.vtensor<[2,3,4],f32>, %i: !torch.vtensor<[3,5],i1>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %int1 = torch.constant.int 1
  %int-1 = torch.constant.int -1
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %none = torch.constant.none
  %d1 = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.mean.dim %x, %d1, %true, %none : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor
  %d12 = torch.prim.ListConstruct %int1, %int-1 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.sum.dim_IntList %x, %d12, %false, %none : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor
  // Bools and ints add up in si64.
  %2 = torch.aten.sum %i, %none : !torch.vtensor<[3,5],i1>, !torch.none -> !torch.vtensor
  %dlast = torch.prim.ListConstruct %int-1 : (!torch.int) -> !torch.list<int>
  %3 = torch.aten.amax %x, %dlast, %false : !torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor
  %4:2 = torch.aten.max.dim %x, %int1, %false : !torch.vtensor<[2,3,4],f32>, !torch.int, !torch.bool -> !torch.vtensor, !torch.vtensor
  %5 = torch.aten.argmax %x, %int1, %true : !torch.vtensor<[2,3,4],f32>, !torch.int, !torch.bool -> !torch.vtensor
  %6 = torch.aten.any.dim %i, %int1, %false : !torch.vtensor<[3,5],i1>, !torch.int, !torch.bool -> !torch.vtensor
  %7 = torch.aten.mean %x, %none : !torch.vtensor<[2,3,4],f32>, !torch.none -> !torch.vtensor
  return %0, %1, %2, %3, %4#0, %4#1, %5, %6, %7 : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor
}

// -----

// CHECK-LABEL: func.func @sorting
// CHECK: torch.aten.topk %{{.*}} -> !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],si64>
// CHECK: torch.aten.sort %{{.*}} -> !torch.vtensor<[2,8],f32>, !torch.vtensor<[2,8],si64>
// CHECK: torch.aten.cumsum %{{.*}} -> !torch.vtensor<[4],si64>
func.func @sorting(%x: !torch.vtensor<[2,8],f32>, %i: !torch.vtensor<[4],si32>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %int3 = torch.constant.int 3
  %int0 = torch.constant.int 0
  %int-1 = torch.constant.int -1
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %none = torch.constant.none
  %0:2 = torch.aten.topk %x, %int3, %int-1, %true, %true : !torch.vtensor<[2,8],f32>, !torch.int, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor, !torch.vtensor
  %1:2 = torch.aten.sort %x, %int-1, %false : !torch.vtensor<[2,8],f32>, !torch.int, !torch.bool -> !torch.vtensor, !torch.vtensor
  %2 = torch.aten.cumsum %i, %int0, %none : !torch.vtensor<[4],si32>, !torch.int, !torch.none -> !torch.vtensor
  return %0#0, %0#1, %1#0, %1#1, %2 : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor
}

// -----

// Creation ops with constant sizes, and with sizes read from a tensor.

// CHECK-LABEL: func.func @creation
// CHECK: torch.aten.zeros %{{.*}} -> !torch.vtensor<[2,3],f32>
// CHECK: torch.aten.ones %{{.*}} -> !torch.vtensor<[2,3],si64>
// CHECK: torch.aten.full %{{.*}} -> !torch.vtensor<[2,3],si64>
// CHECK: torch.aten.full %{{.*}} -> !torch.vtensor<[2,3],f32>
// CHECK: torch.aten.arange %{{.*}} -> !torch.vtensor<[10],si64>
// CHECK: torch.aten.arange.start_step %{{.*}} -> !torch.vtensor<[4],f32>
// CHECK: torch.aten.zeros %{{.*}} -> !torch.vtensor<[?,8],f32>
// CHECK: torch.aten.new_zeros %{{.*}} -> !torch.vtensor<[3],f16>
// CHECK: torch.aten.arange %{{.*}} -> !torch.vtensor<[?],si64>
func.func @creation(%x: !torch.vtensor<[?,8],f16>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %int0 = torch.constant.int 0
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %int4 = torch.constant.int 4
  %int7 = torch.constant.int 7
  %int8 = torch.constant.int 8
  %int10 = torch.constant.int 10
  %float0 = torch.constant.float 0.000000e+00
  %float1 = torch.constant.float 1.000000e+00
  %float = torch.constant.float 2.500000e-01
  %none = torch.constant.none
  %size = torch.prim.ListConstruct %int2, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.zeros %size, %none, %none, %none, %none : !torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor
  %1 = torch.aten.ones %size, %int4, %none, %none, %none : !torch.list<int>, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor
  %2 = torch.aten.full %size, %int7, %none, %none, %none, %none : !torch.list<int>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor
  %3 = torch.aten.full %size, %float, %none, %none, %none, %none : !torch.list<int>, !torch.float, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor
  %4 = torch.aten.arange %int10, %none, %none, %none, %none : !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor
  %5 = torch.aten.arange.start_step %float0, %float1, %float, %none, %none, %none, %none : !torch.float, !torch.float, !torch.float, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor
  %n = torch.aten.size.int %x, %int0 : !torch.vtensor<[?,8],f16>, !torch.int -> !torch.int
  %dyn = torch.prim.ListConstruct %n, %int8 : (!torch.int, !torch.int) -> !torch.list<int>
  %6 = torch.aten.zeros %dyn, %none, %none, %none, %none : !torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor
  %three = torch.prim.ListConstruct %int3 : (!torch.int) -> !torch.list<int>
  %7 = torch.aten.new_zeros %x, %three, %none, %none, %none, %none : !torch.vtensor<[?,8],f16>, !torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor
  %8 = torch.aten.arange %n, %none, %none, %none, %none : !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor
}

// -----

// Int arithmetic on sizes, and 0-d tensors holding them.

// CHECK-LABEL: func.func @size_arithmetic
// CHECK: torch.aten.view %{{.*}} -> !torch.vtensor<[?,6],f32>
// CHECK: torch.prim.NumToTensor.Scalar %{{.*}} -> !torch.vtensor<[],si64>
// CHECK: torch.aten.view %{{.*}} -> !torch.vtensor<[?,3,2],f32>
func.func @size_arithmetic(%x: !torch.vtensor<[?,2,3],f32>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %n = torch.aten.size.int %x, %int0 : !torch.vtensor<[?,2,3],f32>, !torch.int -> !torch.int
  %a = torch.aten.size.int %x, %int1 : !torch.vtensor<[?,2,3],f32>, !torch.int -> !torch.int
  %b = torch.aten.size.int %x, %int2 : !torch.vtensor<[?,2,3],f32>, !torch.int -> !torch.int
  %ab = torch.aten.mul.int %a, %b : !torch.int, !torch.int -> !torch.int
  %l = torch.prim.ListConstruct %n, %ab : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.view %x, %l : !torch.vtensor<[?,2,3],f32>, !torch.list<int> -> !torch.vtensor
  %t = torch.prim.NumToTensor.Scalar %n : !torch.int -> !torch.vtensor
  %m = torch.aten.Int.Tensor %t : !torch.vtensor -> !torch.int
  %int-1 = torch.constant.int -1
  %l1 = torch.prim.ListConstruct %m, %int3, %int-1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.view %x, %l1 : !torch.vtensor<[?,2,3],f32>, !torch.list<int> -> !torch.vtensor
  return %0, %t, %1 : !torch.vtensor, !torch.vtensor, !torch.vtensor
}

// -----

// Sizes computed with 0-d tensors, as traced attention code does.

// CHECK-LABEL: func.func @tensor_size_arithmetic
// CHECK: torch.aten.view %{{.*}} -> !torch.vtensor<[?,8,4],f32>
func.func @tensor_size_arithmetic(%x: !torch.vtensor<[?,2,16],f32>) -> !torch.vtensor {
  %int0 = torch.constant.int 0
  %int2 = torch.constant.int 2
  %int-1 = torch.constant.int -1
  %heads = torch.vtensor.literal(dense<4> : tensor<si64>) : !torch.vtensor<[],si64>
  %n = torch.aten.size.int %x, %int0 : !torch.vtensor<[?,2,16],f32>, !torch.int -> !torch.int
  %e = torch.aten.size.int %x, %int2 : !torch.vtensor<[?,2,16],f32>, !torch.int -> !torch.int
  %et = torch.prim.NumToTensor.Scalar %e : !torch.int -> !torch.vtensor<[],si64>
  %str = torch.constant.str "trunc"
  %hd = torch.aten.div.Tensor_mode %et, %heads, %str : !torch.vtensor<[],si64>, !torch.vtensor<[],si64>, !torch.str -> !torch.vtensor<[],si64>
  %hdi = torch.aten.Int.Tensor %hd : !torch.vtensor<[],si64> -> !torch.int
  %l = torch.prim.ListConstruct %n, %int-1, %hdi : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.view %x, %l : !torch.vtensor<[?,2,16],f32>, !torch.list<int> -> !torch.vtensor
  return %0 : !torch.vtensor
}

// -----

// Control flow: both branches of an if, and loop-carried values until
// their sizes stop changing.

// CHECK-LABEL: func.func @control_flow
// CHECK: torch.prim.If %{{.*}} -> (!torch.vtensor<[2,3],f32>)
// CHECK: torch.aten.relu %{{.*}} -> !torch.vtensor<[2,3],f32>
// CHECK: torch.prim.If.yield %{{.*}} : !torch.vtensor<[2,3],f32>
// CHECK: torch.prim.If %{{.*}} -> (!torch.vtensor<*,f32>)
// CHECK: torch.prim.Loop
// CHECK: ^bb0(%{{.*}}: !torch.int, %{{.*}}: !torch.vtensor<[?,3],f32>):
// CHECK: torch.aten.cat %{{.*}} -> !torch.vtensor<[?,3],f32>
// CHECK: } : (!torch.int, !torch.bool, !torch.vtensor<[1,3],f32>) -> !torch.vtensor<[?,3],f32>
func.func @control_flow(%x: !torch.vtensor<[2,3],f32>, %c: !torch.bool, %init: !torch.vtensor<[1,3],f32>, %n: !torch.int) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %0 = torch.prim.If %c -> (!torch.vtensor) {
    %r = torch.aten.relu %x : !torch.vtensor<[2,3],f32> -> !torch.vtensor
    torch.prim.If.yield %r : !torch.vtensor
  } else {
    %s = torch.aten.sigmoid %x : !torch.vtensor<[2,3],f32> -> !torch.vtensor
    torch.prim.If.yield %s : !torch.vtensor
  }
  %int0 = torch.constant.int 0
  %1 = torch.prim.If %c -> (!torch.vtensor) {
    torch.prim.If.yield %x : !torch.vtensor<[2,3],f32>
  } else {
    %t = torch.aten.t %x : !torch.vtensor<[2,3],f32> -> !torch.vtensor
    torch.prim.If.yield %t : !torch.vtensor
  }
  %true = torch.constant.bool true
  %2 = torch.prim.Loop %n, %true, init(%init) {
  ^bb0(%i: !torch.int, %acc: !torch.vtensor):
    %l = torch.prim.ListConstruct %acc, %init : (!torch.vtensor, !torch.vtensor<[1,3],f32>) -> !torch.list<vtensor>
    %next = torch.aten.cat %l, %int0 : !torch.list<vtensor>, !torch.int -> !torch.vtensor
    torch.prim.Loop.condition %true, iter(%next : !torch.vtensor)
  } : (!torch.int, !torch.bool, !torch.vtensor<[1,3],f32>) -> !torch.vtensor
  return %0, %1, %2 : !torch.vtensor, !torch.vtensor, !torch.vtensor
}

// -----

// An int64 range counts after truncating its bounds toward zero, as PyTorch
// does (0, 11, 2.2 gives [0, 2, 4, 6, 8, 10]); an int32 one counts in double.

// CHECK-LABEL: func.func @arange_fractional_step
// CHECK: torch.aten.arange.start_step %{{.*}} -> !torch.vtensor<[6],si64>
// CHECK: torch.aten.arange.start_step %{{.*}} -> !torch.vtensor<[5],si32>
// CHECK: torch.aten.arange.start_step %{{.*}} -> !torch.vtensor<[5],f32>
func.func @arange_fractional_step() -> (!torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %int0 = torch.constant.int 0
  %int3 = torch.constant.int 3
  %int4 = torch.constant.int 4
  %int11 = torch.constant.int 11
  %float = torch.constant.float 2.200000e+00
  %none = torch.constant.none
  %0 = torch.aten.arange.start_step %int0, %int11, %float, %int4, %none, %none, %none : !torch.int, !torch.int, !torch.float, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor
  %1 = torch.aten.arange.start_step %int0, %int11, %float, %int3, %none, %none, %none : !torch.int, !torch.int, !torch.float, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor
  %2 = torch.aten.arange.start_step %int0, %int11, %float, %none, %none, %none, %none : !torch.int, !torch.int, !torch.float, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor
  return %0, %1, %2 : !torch.vtensor, !torch.vtensor, !torch.vtensor
}
