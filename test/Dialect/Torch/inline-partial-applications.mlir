// RUN: torch-onnx-opt %s -split-input-file -torch-inline-partial-applications | FileCheck %s

// Calls of nested submodules: each method is inlined, its %self replaced by
// the receiver, so that every attribute access hangs off the root's %self.

// CHECK-NOT: torch.method
// CHECK-LABEL: func.func @forward(
// CHECK-SAME:      %[[SELF:.*]]: !torch.nn.Module<"__torch__.M">,
// CHECK-SAME:      %[[X:.*]]: !torch.tensor<[2,4],f32> {torch_onnx.name = "x"})
// CHECK:         %[[SUB:.*]] = torch.prim.GetAttr %[[SELF]]["sub"]
// CHECK:         %[[INNER:.*]] = torch.prim.GetAttr %[[SUB]]["inner"]
// CHECK:         %[[W:.*]] = torch.prim.GetAttr %[[INNER]]["weight"]
// CHECK:         %[[MM:.*]] = torch.aten.mm %[[X]], %[[W]]
// CHECK:         %[[SCALE:.*]] = torch.prim.GetAttr %[[SELF]]["scale"]
// CHECK:         %[[OUT:.*]] = torch.aten.mul.Scalar %[[MM]], %[[SCALE]]
// CHECK:         return %[[OUT]]
// CHECK-NOT:   func.func
torch.class_type @__torch__.Inner {
  torch.attr "weight" : !torch.tensor
  torch.method "forward", @__torch__.Inner.forward
}
torch.class_type @__torch__.Sub {
  torch.attr "inner" : !torch.nn.Module<"__torch__.Inner">
  torch.method "forward", @__torch__.Sub.forward
}
torch.class_type @__torch__.M {
  torch.attr "sub" : !torch.nn.Module<"__torch__.Sub">
  torch.attr "scale" : !torch.float
  torch.method "forward", @__torch__.M.forward
}
%w = torch.tensor.literal(dense<1.0> : tensor<4x4xf32>) : !torch.tensor<[4,4],f32>
%inner = torch.nn_module {
  torch.slot "weight", %w : !torch.tensor<[4,4],f32>
} : !torch.nn.Module<"__torch__.Inner">
%sub = torch.nn_module {
  torch.slot "inner", %inner : !torch.nn.Module<"__torch__.Inner">
} : !torch.nn.Module<"__torch__.Sub">
%f = torch.constant.float 2.0
%root = torch.nn_module {
  torch.slot "sub", %sub : !torch.nn.Module<"__torch__.Sub">
  torch.slot "scale", %f : !torch.float
} : !torch.nn.Module<"__torch__.M">
func.func private @__torch__.M.forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor<[2,4],f32> {torch_onnx.name = "x"}) -> !torch.tensor {
  %0 = torch.prim.GetAttr %self["sub"] : !torch.nn.Module<"__torch__.M"> -> !torch.nn.Module<"__torch__.Sub">
  %1 = torch.prim.CallMethod %0["forward"] (%x) : !torch.nn.Module<"__torch__.Sub">, (!torch.tensor<[2,4],f32>) -> !torch.tensor
  %2 = torch.prim.GetAttr %self["scale"] : !torch.nn.Module<"__torch__.M"> -> !torch.float
  %3 = torch.aten.mul.Scalar %1, %2 : !torch.tensor, !torch.float -> !torch.tensor
  return %3 : !torch.tensor
}
func.func private @__torch__.Sub.forward(%self: !torch.nn.Module<"__torch__.Sub">, %x: !torch.tensor<[2,4],f32>) -> !torch.tensor {
  %0 = torch.prim.GetAttr %self["inner"] : !torch.nn.Module<"__torch__.Sub"> -> !torch.nn.Module<"__torch__.Inner">
  %1 = torch.prim.CallMethod %0["forward"] (%x) : !torch.nn.Module<"__torch__.Inner">, (!torch.tensor<[2,4],f32>) -> !torch.tensor
  return %1 : !torch.tensor
}
func.func private @__torch__.Inner.forward(%self: !torch.nn.Module<"__torch__.Inner">, %x: !torch.tensor<[2,4],f32>) -> !torch.tensor {
  %0 = torch.prim.GetAttr %self["weight"] : !torch.nn.Module<"__torch__.Inner"> -> !torch.tensor
  %1 = torch.aten.mm %x, %0 : !torch.tensor<[2,4],f32>, !torch.tensor -> !torch.tensor
  return %1 : !torch.tensor
}

// -----

// Two instances of one class: each call site gets its own copy of the
// method, specialized to its receiver.

// CHECK-LABEL: func.func @forward(
// CHECK-SAME:      %[[SELF:.*]]: !torch.nn.Module<"__torch__.M">, %[[X:.*]]: !torch.tensor)
// CHECK:         %[[A:.*]] = torch.prim.GetAttr %[[SELF]]["a"]
// CHECK:         %[[WA:.*]] = torch.prim.GetAttr %[[A]]["weight"]
// CHECK:         %[[Y:.*]] = torch.aten.mul.Tensor %[[X]], %[[WA]]
// CHECK:         %[[B:.*]] = torch.prim.GetAttr %[[SELF]]["b"]
// CHECK:         %[[WB:.*]] = torch.prim.GetAttr %[[B]]["weight"]
// CHECK:         %[[Z:.*]] = torch.aten.mul.Tensor %[[Y]], %[[WB]]
// CHECK:         return %[[Z]]
torch.class_type @__torch__.Scale {
  torch.attr "weight" : !torch.tensor
  torch.method "forward", @__torch__.Scale.forward
}
torch.class_type @__torch__.M {
  torch.attr "a" : !torch.nn.Module<"__torch__.Scale">
  torch.attr "b" : !torch.nn.Module<"__torch__.Scale">
  torch.method "forward", @__torch__.M.forward
}
%wa = torch.tensor.literal(dense<2.0> : tensor<4xf32>) : !torch.tensor<[4],f32>
%wb = torch.tensor.literal(dense<3.0> : tensor<4xf32>) : !torch.tensor<[4],f32>
%a = torch.nn_module {
  torch.slot "weight", %wa : !torch.tensor<[4],f32>
} : !torch.nn.Module<"__torch__.Scale">
%b = torch.nn_module {
  torch.slot "weight", %wb : !torch.tensor<[4],f32>
} : !torch.nn.Module<"__torch__.Scale">
%root = torch.nn_module {
  torch.slot "a", %a : !torch.nn.Module<"__torch__.Scale">
  torch.slot "b", %b : !torch.nn.Module<"__torch__.Scale">
} : !torch.nn.Module<"__torch__.M">
func.func private @__torch__.M.forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor) -> !torch.tensor {
  %0 = torch.prim.GetAttr %self["a"] : !torch.nn.Module<"__torch__.M"> -> !torch.nn.Module<"__torch__.Scale">
  %1 = torch.prim.CallMethod %0["forward"] (%x) : !torch.nn.Module<"__torch__.Scale">, (!torch.tensor) -> !torch.tensor
  %2 = torch.prim.GetAttr %self["b"] : !torch.nn.Module<"__torch__.M"> -> !torch.nn.Module<"__torch__.Scale">
  %3 = torch.prim.CallMethod %2["forward"] (%1) : !torch.nn.Module<"__torch__.Scale">, (!torch.tensor) -> !torch.tensor
  return %3 : !torch.tensor
}
func.func private @__torch__.Scale.forward(%self: !torch.nn.Module<"__torch__.Scale">, %x: !torch.tensor) -> !torch.tensor {
  %0 = torch.prim.GetAttr %self["weight"] : !torch.nn.Module<"__torch__.Scale"> -> !torch.tensor
  %1 = torch.aten.mul.Tensor %x, %0 : !torch.tensor, !torch.tensor -> !torch.tensor
  return %1 : !torch.tensor
}

// -----

// A partial application: the bound argument is a constant at the call site
// and ends up in the inlined body.

// CHECK-LABEL: func.func @forward(
// CHECK-SAME:      %{{.*}}: !torch.nn.Module<"__torch__.M">, %[[X:.*]]: !torch.tensor)
// CHECK-DAG:     %[[SCALE:.*]] = torch.constant.float 2.000000e+00
// CHECK-DAG:     %[[ONE:.*]] = torch.constant.int 1
// CHECK:         %[[R:.*]] = torch.aten.add.Scalar %[[X]], %[[SCALE]], %[[ONE]]
// CHECK:         return %[[R]]
torch.class_type @__torch__.M {
  torch.method "forward", @__torch__.M.forward
}
%root = torch.nn_module {
} : !torch.nn.Module<"__torch__.M">
func.func private @__torch__.M.forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor) -> !torch.tensor {
  %scale = torch.constant.float 2.0
  %0 = torch.prim.CallFunction @__torch__.scaled_add(%x, %scale) : (!torch.tensor, !torch.float) -> !torch.tensor
  return %0 : !torch.tensor
}
func.func private @__torch__.scaled_add(%t: !torch.tensor, %scale: !torch.float) -> !torch.tensor {
  %int1 = torch.constant.int 1
  %0 = torch.aten.add.Scalar %t, %scale, %int1 : !torch.tensor, !torch.float, !torch.int -> !torch.tensor
  return %0 : !torch.tensor
}

// -----

// A method called with a literal flag: once the flag is bound, the branch
// on it folds away.

// CHECK-LABEL: func.func @forward(
// CHECK-SAME:      %{{.*}}: !torch.nn.Module<"__torch__.M">, %[[X:.*]]: !torch.tensor)
// CHECK-NOT:     torch.prim.If
// CHECK:         %[[R:.*]] = torch.aten.relu %[[X]]
// CHECK-NOT:     torch.aten.tanh
// CHECK:         return %[[R]]
torch.class_type @__torch__.M {
  torch.method "forward", @__torch__.M.forward
  torch.method "act", @__torch__.M.act
}
%root = torch.nn_module {
} : !torch.nn.Module<"__torch__.M">
func.func private @__torch__.M.forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor) -> !torch.tensor {
  %true = torch.constant.bool true
  %0 = torch.prim.CallMethod %self["act"] (%x, %true) : !torch.nn.Module<"__torch__.M">, (!torch.tensor, !torch.bool) -> !torch.tensor
  return %0 : !torch.tensor
}
func.func private @__torch__.M.act(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor, %use_relu: !torch.bool) -> !torch.tensor {
  %0 = torch.prim.If %use_relu -> (!torch.tensor) {
    %1 = torch.aten.relu %x : !torch.tensor -> !torch.tensor
    torch.prim.If.yield %1 : !torch.tensor
  } else {
    %1 = torch.aten.tanh %x : !torch.tensor -> !torch.tensor
    torch.prim.If.yield %1 : !torch.tensor
  }
  return %0 : !torch.tensor
}

// -----

// Free functions, called with torch.prim.CallFunction and func.call, and a
// flag computed from a bound argument.

// CHECK-LABEL: func.func @forward(
// CHECK-SAME:      %{{.*}}: !torch.nn.Module<"__torch__.M">, %[[X:.*]]: !torch.tensor)
// CHECK:         %[[S:.*]] = torch.aten.sigmoid %[[X]]
// CHECK:         %[[N:.*]] = torch.aten.neg %[[S]]
// CHECK:         return %[[N]]
// CHECK-NOT:   func.func
torch.class_type @__torch__.M {
  torch.method "forward", @__torch__.M.forward
}
%root = torch.nn_module {
} : !torch.nn.Module<"__torch__.M">
func.func private @__torch__.M.forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor) -> !torch.tensor {
  %int3 = torch.constant.int 3
  %0 = torch.prim.CallFunction @__torch__.gate(%x, %int3) : (!torch.tensor, !torch.int) -> !torch.tensor
  %1 = func.call @__torch__.negate(%0) : (!torch.tensor) -> !torch.tensor
  return %1 : !torch.tensor
}
func.func private @__torch__.gate(%x: !torch.tensor, %n: !torch.int) -> !torch.tensor {
  %int2 = torch.constant.int 2
  %big = torch.aten.gt.int %n, %int2 : !torch.int, !torch.int -> !torch.bool
  %0 = torch.prim.If %big -> (!torch.tensor) {
    %1 = torch.aten.sigmoid %x : !torch.tensor -> !torch.tensor
    torch.prim.If.yield %1 : !torch.tensor
  } else {
    torch.prim.If.yield %x : !torch.tensor
  }
  return %0 : !torch.tensor
}
func.func private @__torch__.negate(%x: !torch.tensor) -> !torch.tensor {
  %0 = torch.aten.neg %x : !torch.tensor -> !torch.tensor
  return %0 : !torch.tensor
}

// -----

// Without an object graph, the function named after the entry method is the
// entry point.

// CHECK-LABEL: func.func @forward(
// CHECK-SAME:      %[[X:.*]]: !torch.vtensor<[3],f32>)
// CHECK:         %[[R:.*]] = torch.aten.relu %[[X]]
// CHECK:         return %[[R]]
// CHECK-NOT:   func.func
func.func @forward(%x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32> {
  %0 = func.call @helper(%x) : (!torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}
func.func private @helper(%x: !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32> {
  %0 = torch.aten.relu %x : !torch.vtensor<[3],f32> -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// Sizes of forward's arguments stay reads, since torch-generalize-shapes may
// still make them dynamic; their rank folds, and so does the size of a
// module's tensor.

// CHECK-LABEL: func.func @forward(
// CHECK-SAME:      %{{.*}}: !torch.nn.Module<"__torch__.M">,
// CHECK-SAME:      %[[X:[^:]*]]: !torch.tensor<[2,5,3],f32>
// CHECK-DAG:     %[[ZERO:.*]] = torch.constant.int 0
// CHECK-DAG:     %[[ONE:.*]] = torch.constant.int 1
// CHECK-DAG:     %[[THREE:.*]] = torch.constant.int 3
// CHECK-DAG:     %[[B:.*]] = torch.aten.size.int %[[X]], %[[ZERO]]
// CHECK-DAG:     %[[S:.*]] = torch.aten.size.int %[[X]], %[[ONE]]
// CHECK:         %[[SUM:.*]] = torch.aten.add.int %[[B]], %[[S]]
// CHECK:         %[[ALL:.*]] = torch.aten.add.int %[[SUM]], %[[THREE]]
// CHECK:         return %[[ALL]]
torch.class_type @__torch__.M {
  torch.method "forward", @__torch__.M.forward
  torch.method "sizes", @__torch__.M.sizes
}
%root = torch.nn_module {
} : !torch.nn.Module<"__torch__.M">
func.func private @__torch__.M.forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor<[2,5,3],f32>) -> !torch.int {
  %0 = torch.prim.CallMethod %self["sizes"] (%x) : !torch.nn.Module<"__torch__.M">, (!torch.tensor<[2,5,3],f32>) -> !torch.int
  return %0 : !torch.int
}
func.func private @__torch__.M.sizes(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor) -> !torch.int {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %0 = torch.aten.size %x : !torch.tensor -> !torch.list<int>
  %1 = torch.aten.__getitem__.t %0, %int0 : !torch.list<int>, !torch.int -> !torch.int
  %2 = torch.aten.__getitem__.t %0, %int1 : !torch.list<int>, !torch.int -> !torch.int
  %3 = torch.aten.dim %x : !torch.tensor -> !torch.int
  %4 = torch.aten.add.int %1, %2 : !torch.int, !torch.int -> !torch.int
  %5 = torch.aten.add.int %4, %3 : !torch.int, !torch.int -> !torch.int
  return %5 : !torch.int
}
