// RUN: torch-onnx-opt %s -split-input-file | FileCheck %s
// RUN: torch-onnx-opt %s -split-input-file | torch-onnx-opt -split-input-file | FileCheck %s
// RUN: torch-onnx-opt %s -split-input-file -mlir-print-op-generic | torch-onnx-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @constants
func.func @constants() {
  // CHECK: %int_3 = torch.constant.int -3
  %0 = torch.constant.int -3
  // CHECK: %float = torch.constant.float 2.500000e-01
  %1 = torch.constant.float 0.25
  // CHECK: %true = torch.constant.bool true
  %2 = torch.constant.bool true
  // CHECK: %str = torch.constant.str "mean"
  %3 = torch.constant.str "mean"
  // CHECK: %{{.*}} = torch.constant.none
  %4 = torch.constant.none
  // CHECK: %cpu = torch.constant.device "cpu"
  %5 = torch.constant.device "cpu"
  // CHECK: %number = torch.constant.number 1.500000e+00 : f64
  %6 = torch.constant.number 1.5 : f64
  // CHECK: torch.vtensor.literal(dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>) : !torch.vtensor<[2],f32>
  %7 = torch.vtensor.literal(dense<[1.0, 2.0]> : tensor<2xf32>) : !torch.vtensor<[2],f32>
  // CHECK: torch.tensor.literal(dense<3> : tensor<si64>) : !torch.tensor<[],si64>
  %8 = torch.tensor.literal(dense<3> : tensor<si64>) : !torch.tensor<[],si64>
  return
}

// -----

// CHECK-LABEL: torch.class_type @__torch__.Child {
// CHECK-NEXT: torch.attr "weight" : !torch.tensor
// CHECK-NEXT: torch.method "forward", @__torch__.Child.forward
// CHECK-LABEL: torch.class_type @__torch__.Parent {
// CHECK-NEXT: torch.attr "child" : !torch.nn.Module<"__torch__.Child">
// CHECK-NEXT: torch.attr private "count" : !torch.int
// CHECK-NEXT: torch.method private "helper", @__torch__.Parent.helper
torch.class_type @__torch__.Child {
  torch.attr "weight" : !torch.tensor
  torch.method "forward", @__torch__.Child.forward
}
torch.class_type @__torch__.Parent {
  torch.attr "child" : !torch.nn.Module<"__torch__.Child">
  torch.attr private "count" : !torch.int
  torch.method private "helper", @__torch__.Parent.helper
}
// CHECK: %[[W:.*]] = torch.tensor.literal
// CHECK: %[[CHILD:.*]] = torch.nn_module {
// CHECK-NEXT: torch.slot "weight", %[[W]] : !torch.tensor<[2],f32>
// CHECK-NEXT: } : !torch.nn.Module<"__torch__.Child">
// CHECK: torch.nn_module {
// CHECK-NEXT: torch.slot "child", %[[CHILD]] : !torch.nn.Module<"__torch__.Child">
%w = torch.tensor.literal(dense<1.0> : tensor<2xf32>) : !torch.tensor<[2],f32>
%child = torch.nn_module {
  torch.slot "weight", %w : !torch.tensor<[2],f32>
} : !torch.nn.Module<"__torch__.Child">
%c = torch.constant.int 0
%parent = torch.nn_module {
  torch.slot "child", %child : !torch.nn.Module<"__torch__.Child">
  torch.slot "count", %c : !torch.int
} : !torch.nn.Module<"__torch__.Parent">
func.func private @__torch__.Child.forward(%self: !torch.nn.Module<"__torch__.Child">, %x: !torch.tensor) -> !torch.tensor {
  return %x : !torch.tensor
}
// CHECK-LABEL: func.func private @__torch__.Parent.helper
func.func private @__torch__.Parent.helper(%self: !torch.nn.Module<"__torch__.Parent">, %x: !torch.tensor) -> !torch.tensor {
  // CHECK: torch.prim.GetAttr %{{.*}}["child"] : !torch.nn.Module<"__torch__.Parent"> -> !torch.nn.Module<"__torch__.Child">
  %0 = torch.prim.GetAttr %self["child"] : !torch.nn.Module<"__torch__.Parent"> -> !torch.nn.Module<"__torch__.Child">
  // CHECK: torch.prim.CallMethod %{{.*}}["forward"] (%{{.*}}) : !torch.nn.Module<"__torch__.Child">, (!torch.tensor) -> !torch.tensor
  %1 = torch.prim.CallMethod %0["forward"] (%x) : !torch.nn.Module<"__torch__.Child">, (!torch.tensor) -> !torch.tensor
  %int1 = torch.constant.int 1
  // CHECK: torch.prim.SetAttr %{{.*}}["count"] = %{{.*}} : !torch.nn.Module<"__torch__.Parent">, !torch.int
  torch.prim.SetAttr %self["count"] = %int1 : !torch.nn.Module<"__torch__.Parent">, !torch.int
  return %1 : !torch.tensor
}

// -----

func.func private @scale(%x: !torch.vtensor<[2],f32>, %s: !torch.float) -> !torch.vtensor<[2],f32>

// CHECK-LABEL: func.func @prims
func.func @prims(%x: !torch.vtensor<[2],f32>, %t: !torch.tensor<[2],f32>, %b: !torch.bool, %n: !torch.int) -> !torch.vtensor<[2],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  // CHECK: %[[L:.*]] = torch.prim.ListConstruct %{{.*}}, %{{.*}} : (!torch.int, !torch.int) -> !torch.list<int>
  %l = torch.prim.ListConstruct %int1, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  // CHECK: torch.prim.ListUnpack %[[L]] : !torch.list<int> -> !torch.int, !torch.int
  %a:2 = torch.prim.ListUnpack %l : !torch.list<int> -> !torch.int, !torch.int
  // CHECK: %[[T:.*]] = torch.prim.TupleConstruct %{{.*}}, %{{.*}} : !torch.vtensor<[2],f32>, !torch.int -> !torch.tuple<vtensor<[2],f32>, int>
  %tup = torch.prim.TupleConstruct %x, %int1 : !torch.vtensor<[2],f32>, !torch.int -> !torch.tuple<vtensor<[2],f32>, int>
  // CHECK: torch.prim.TupleUnpack %[[T]] : !torch.tuple<vtensor<[2],f32>, int> -> !torch.vtensor<[2],f32>, !torch.int
  %u:2 = torch.prim.TupleUnpack %tup : !torch.tuple<vtensor<[2],f32>, int> -> !torch.vtensor<[2],f32>, !torch.int
  // CHECK: torch.prim.TupleIndex %[[T]], %{{.*}} : !torch.tuple<vtensor<[2],f32>, int>, !torch.int -> !torch.int
  %i = torch.prim.TupleIndex %tup, %int1 : !torch.tuple<vtensor<[2],f32>, int>, !torch.int -> !torch.int
  // CHECK: torch.prim.NumToTensor.Scalar %{{.*}} : !torch.int -> !torch.vtensor<[],si64>
  %nt = torch.prim.NumToTensor.Scalar %n : !torch.int -> !torch.vtensor<[],si64>
  // CHECK: torch.prim.device %{{.*}} : !torch.vtensor<[2],f32> -> !torch.Device
  %dev = torch.prim.device %x : !torch.vtensor<[2],f32> -> !torch.Device
  // CHECK: torch.prim.dtype %{{.*}} : !torch.vtensor<[2],f32> -> !torch.int
  %dt = torch.prim.dtype %x : !torch.vtensor<[2],f32> -> !torch.int
  // CHECK: torch.prim.Uninitialized : !torch.vtensor<[2],f32>
  %un = torch.prim.Uninitialized : !torch.vtensor<[2],f32>
  // CHECK: torch.prim.If %{{.*}} -> (!torch.vtensor<[2],f32>) {
  // CHECK: torch.prim.If.yield %{{.*}} : !torch.vtensor<[2],f32>
  // CHECK: } else {
  %r = torch.prim.If %b -> (!torch.vtensor<[2],f32>) {
    torch.prim.If.yield %x : !torch.vtensor<[2],f32>
  } else {
    %msg = torch.constant.str "bad"
    %none = torch.constant.none
    // CHECK: torch.prim.RaiseException %{{.*}}, %{{.*}} : !torch.str, !torch.none
    torch.prim.RaiseException %msg, %none : !torch.str, !torch.none
    torch.prim.If.yield %un : !torch.vtensor<[2],f32>
  }
  // CHECK: torch.prim.If %{{.*}} {
  // CHECK-NEXT: torch.prim.If.yield
  torch.prim.If %b {
    torch.prim.If.yield
  } else {
    torch.prim.If.yield
  }
  %true = torch.constant.bool true
  // CHECK: torch.prim.Loop %{{.*}}, %{{.*}}, init(%{{.*}}) {
  // CHECK-NEXT: ^bb0(%{{.*}}: !torch.int, %{{.*}}: !torch.vtensor<[2],f32>):
  // CHECK: torch.prim.CallFunction @scale(%{{.*}}, %{{.*}}) : (!torch.vtensor<[2],f32>, !torch.float) -> !torch.vtensor<[2],f32>
  // CHECK: torch.prim.Loop.condition %{{.*}}, iter(%{{.*}} : !torch.vtensor<[2],f32>)
  // CHECK: } : (!torch.int, !torch.bool, !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>
  %loop = torch.prim.Loop %n, %true, init(%r) {
  ^bb0(%iv: !torch.int, %acc: !torch.vtensor<[2],f32>):
    %f = torch.constant.float 2.0
    %next = torch.prim.CallFunction @scale(%acc, %f) : (!torch.vtensor<[2],f32>, !torch.float) -> !torch.vtensor<[2],f32>
    torch.prim.Loop.condition %true, iter(%next : !torch.vtensor<[2],f32>)
  } : (!torch.int, !torch.bool, !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>
  // CHECK: %[[V:.*]] = torch.copy.to_vtensor %{{.*}} : !torch.vtensor<[2],f32>
  %v = torch.copy.to_vtensor %t : !torch.vtensor<[2],f32>
  // CHECK: %[[NV:.*]] = torch.copy.to_tensor %[[V]] : !torch.tensor<[2],f32>
  %nv = torch.copy.to_tensor %v : !torch.tensor<[2],f32>
  // CHECK: torch.overwrite.tensor.contents %[[V]] overwrites %[[NV]] : !torch.vtensor<[2],f32>, !torch.tensor<[2],f32>
  torch.overwrite.tensor.contents %v overwrites %nv : !torch.vtensor<[2],f32>, !torch.tensor<[2],f32>
  // CHECK: torch.operator "aten::unknown.op"(%{{.*}}, %{{.*}}) : (!torch.vtensor<[2],f32>, !torch.int) -> !torch.vtensor<[2],f32>
  %op = torch.operator "aten::unknown.op"(%loop, %int1) : (!torch.vtensor<[2],f32>, !torch.int) -> !torch.vtensor<[2],f32>
  return %op : !torch.vtensor<[2],f32>
}

// -----

// Generated aten ops use torch-mlir's form: operands, their types, result types.
// CHECK-LABEL: func.func @aten
func.func @aten(%x: !torch.vtensor<[2,3],f32>, %y: !torch.tensor<[2,3],f32>) -> !torch.vtensor<[3,2],f32> {
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  // CHECK: torch.aten.add.Tensor %{{.*}}, %{{.*}}, %{{.*}} : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
  %0 = torch.aten.add.Tensor %x, %x, %int1 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
  // CHECK: torch.aten.relu_ %{{.*}} : !torch.tensor<[2,3],f32> -> !torch.tensor<[2,3],f32>
  %1 = torch.aten.relu_ %y : !torch.tensor<[2,3],f32> -> !torch.tensor<[2,3],f32>
  // CHECK: torch.aten.transpose.int %{{.*}}, %{{.*}}, %{{.*}} : !torch.vtensor<[2,3],f32>, !torch.int, !torch.int -> !torch.vtensor<[3,2],f32>
  %2 = torch.aten.transpose.int %0, %int0, %int1 : !torch.vtensor<[2,3],f32>, !torch.int, !torch.int -> !torch.vtensor<[3,2],f32>
  // CHECK: torch.aten.max.dim %{{.*}}, %{{.*}}, %{{.*}} : !torch.vtensor<[3,2],f32>, !torch.int, !torch.bool -> !torch.vtensor<[3],f32>, !torch.vtensor<[3],si64>
  %false = torch.constant.bool false
  %3:2 = torch.aten.max.dim %2, %int1, %false : !torch.vtensor<[3,2],f32>, !torch.int, !torch.bool -> !torch.vtensor<[3],f32>, !torch.vtensor<[3],si64>
  return %2 : !torch.vtensor<[3,2],f32>
}

// -----

// The smallest int64 constant prints with its name (its magnitude is not an
// int64).
// CHECK-LABEL: func.func @int64_min
// CHECK:         %int_9223372036854775808 = torch.constant.int -9223372036854775808
func.func @int64_min() -> !torch.int {
  %0 = torch.constant.int -9223372036854775808
  return %0 : !torch.int
}
