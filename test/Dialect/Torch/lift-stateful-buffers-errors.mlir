// RUN: torch-onnx-opt %s -split-input-file -torch-lift-stateful-buffers -verify-diagnostics

// Two slots hold one tensor and one of them is reassigned: the other would
// have to keep the old tensor, which one state argument cannot express.

torch.class_type @__torch__.M {
  torch.attr "a" : !torch.tensor
  torch.attr "b" : !torch.tensor
}
%w = torch.tensor.literal(dense<1.0> : tensor<4xf32>) : !torch.tensor<[4],f32>
%root = torch.nn_module {
  torch.slot "a", %w : !torch.tensor<[4],f32>
  torch.slot "b", %w : !torch.tensor<[4],f32>
} : !torch.nn.Module<"__torch__.M">
func.func @forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor) -> !torch.tensor {
  // expected-error @+1 {{'a' holds the same tensor as 'b'; cannot lift the assignment of state that shares storage}}
  torch.prim.SetAttr %self["a"] = %x : !torch.nn.Module<"__torch__.M">, !torch.tensor
  %0 = torch.prim.GetAttr %self["b"] : !torch.nn.Module<"__torch__.M"> -> !torch.tensor
  return %0 : !torch.tensor
}

// -----

// A slot assigned another slot's tensor, which is then written in place.

torch.class_type @__torch__.M {
  torch.attr "a" : !torch.tensor
  torch.attr "b" : !torch.tensor
}
%wa = torch.tensor.literal(dense<1.0> : tensor<4xf32>) : !torch.tensor<[4],f32>
%wb = torch.tensor.literal(dense<2.0> : tensor<4xf32>) : !torch.tensor<[4],f32>
%root = torch.nn_module {
  torch.slot "a", %wa : !torch.tensor<[4],f32>
  torch.slot "b", %wb : !torch.tensor<[4],f32>
} : !torch.nn.Module<"__torch__.M">
func.func @forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor) -> !torch.tensor {
  %0 = torch.prim.GetAttr %self["a"] : !torch.nn.Module<"__torch__.M"> -> !torch.tensor
  // expected-error @+1 {{'b' is assigned the tensor of 'a', and one of them is written in place; cannot lift state that shares storage}}
  torch.prim.SetAttr %self["b"] = %0 : !torch.nn.Module<"__torch__.M">, !torch.tensor
  %1 = torch.aten.relu_ %0 : !torch.tensor -> !torch.tensor
  return %1 : !torch.tensor
}

// -----

// Optional state that starts as None and becomes a tensor.

torch.class_type @__torch__.M {
  torch.attr "hidden" : !torch.optional<tensor>
}
%none = torch.constant.none
%root = torch.nn_module {
  torch.slot "hidden", %none : !torch.none
} : !torch.nn.Module<"__torch__.M">
func.func @forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor) -> !torch.tensor {
  // expected-error @+1 {{cannot lift 'hidden' of type '!torch.none': only tensors, ints, floats and bools can be modified state}}
  torch.prim.SetAttr %self["hidden"] = %x : !torch.nn.Module<"__torch__.M">, !torch.tensor
  return %x : !torch.tensor
}

// -----

// A string attribute assigned in forward.

torch.class_type @__torch__.M {
  torch.attr "mode" : !torch.str
}
%s = torch.constant.str "a"
%root = torch.nn_module {
  torch.slot "mode", %s : !torch.str
} : !torch.nn.Module<"__torch__.M">
func.func @forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor, %m: !torch.str) -> !torch.tensor {
  // expected-error @+1 {{cannot lift 'mode' of type '!torch.str'}}
  torch.prim.SetAttr %self["mode"] = %m : !torch.nn.Module<"__torch__.M">, !torch.str
  return %x : !torch.tensor
}

// -----

// A list attribute modified in place.

torch.class_type @__torch__.M {
  torch.attr "history" : !torch.list<int>
}
%l = torch.prim.ListConstruct  : () -> !torch.list<int>
%root = torch.nn_module {
  torch.slot "history", %l : !torch.list<int>
} : !torch.nn.Module<"__torch__.M">
func.func @forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor, %n: !torch.int) -> !torch.tensor {
  %0 = torch.prim.GetAttr %self["history"] : !torch.nn.Module<"__torch__.M"> -> !torch.list<int>
  // expected-error @+1 {{cannot lift 'history', which this op modifies in place}}
  %1 = torch.aten.append.t %0, %n : !torch.list<int>, !torch.int -> !torch.list<int>
  return %x : !torch.tensor
}

// -----

// A module that is not reached from %self through GetAttr.

torch.class_type @__torch__.Sub {
  torch.attr "w" : !torch.tensor
}
torch.class_type @__torch__.M {
  torch.attr "a" : !torch.nn.Module<"__torch__.Sub">
  torch.attr "b" : !torch.nn.Module<"__torch__.Sub">
}
%w = torch.tensor.literal(dense<1.0> : tensor<4xf32>) : !torch.tensor<[4],f32>
%a = torch.nn_module {
  torch.slot "w", %w : !torch.tensor<[4],f32>
} : !torch.nn.Module<"__torch__.Sub">
%b = torch.nn_module {
  torch.slot "w", %w : !torch.tensor<[4],f32>
} : !torch.nn.Module<"__torch__.Sub">
%root = torch.nn_module {
  torch.slot "a", %a : !torch.nn.Module<"__torch__.Sub">
  torch.slot "b", %b : !torch.nn.Module<"__torch__.Sub">
} : !torch.nn.Module<"__torch__.M">
func.func @forward(%self: !torch.nn.Module<"__torch__.M">, %c: !torch.bool) -> !torch.tensor {
  %0 = torch.prim.If %c -> (!torch.nn.Module<"__torch__.Sub">) {
    %1 = torch.prim.GetAttr %self["a"] : !torch.nn.Module<"__torch__.M"> -> !torch.nn.Module<"__torch__.Sub">
    // expected-error @+1 {{cannot lift a use of submodule 'a' other than reading or writing its attributes}}
    torch.prim.If.yield %1 : !torch.nn.Module<"__torch__.Sub">
  } else {
    %1 = torch.prim.GetAttr %self["b"] : !torch.nn.Module<"__torch__.M"> -> !torch.nn.Module<"__torch__.Sub">
    torch.prim.If.yield %1 : !torch.nn.Module<"__torch__.Sub">
  }
  %2 = torch.prim.GetAttr %0["w"] : !torch.nn.Module<"__torch__.Sub"> -> !torch.tensor
  return %2 : !torch.tensor
}

// -----

// A buffer whose initial value is not a literal.

torch.class_type @__torch__.M {
  torch.attr "buf" : !torch.tensor
}
%int3 = torch.constant.int 3
%sizes = torch.prim.ListConstruct %int3 : (!torch.int) -> !torch.list<int>
%none = torch.constant.none
%buf = torch.operator "aten::empty.memory_format"(%sizes, %none, %none, %none, %none, %none) : (!torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none, !torch.none) -> !torch.tensor
%root = torch.nn_module {
  torch.slot "buf", %buf : !torch.tensor
} : !torch.nn.Module<"__torch__.M">
func.func @forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor) -> !torch.tensor {
  // expected-error @+1 {{cannot lift 'buf': its initial value is not a tensor literal}}
  torch.prim.SetAttr %self["buf"] = %x : !torch.nn.Module<"__torch__.M">, !torch.tensor
  return %x : !torch.tensor
}

// -----

// A tuple slot assigned a tuple of another length.

torch.class_type @__torch__.M {
  torch.attr "hidden" : !torch.tuple<tensor, tensor>
}
%h = torch.tensor.literal(dense<1.0> : tensor<2xf32>) : !torch.tensor<[2],f32>
%hidden = torch.prim.TupleConstruct %h, %h : !torch.tensor<[2],f32>, !torch.tensor<[2],f32> -> !torch.tuple<tensor<[2],f32>, tensor<[2],f32>>
%root = torch.nn_module {
  torch.slot "hidden", %hidden : !torch.tuple<tensor<[2],f32>, tensor<[2],f32>>
} : !torch.nn.Module<"__torch__.M">
func.func @forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor) -> !torch.tensor {
  %t = torch.prim.TupleConstruct %x : !torch.tensor -> !torch.tuple<tensor>
  // expected-error @+1 {{cannot lift 'hidden': it holds a tuple of 2 elements but is assigned '!torch.tuple<tensor>'}}
  torch.prim.SetAttr %self["hidden"] = %t : !torch.nn.Module<"__torch__.M">, !torch.tuple<tensor>
  return %x : !torch.tensor
}

// -----

// Both elements of a tuple slot hold one tensor, and forward reassigns the
// tuple: the elements would become two pieces of state sharing storage.

torch.class_type @__torch__.M {
  torch.attr "hidden" : !torch.tuple<tensor, tensor>
}
%h = torch.tensor.literal(dense<1.0> : tensor<2xf32>) : !torch.tensor<[2],f32>
%hidden = torch.prim.TupleConstruct %h, %h : !torch.tensor<[2],f32>, !torch.tensor<[2],f32> -> !torch.tuple<tensor<[2],f32>, tensor<[2],f32>>
%root = torch.nn_module {
  torch.slot "hidden", %hidden : !torch.tuple<tensor<[2],f32>, tensor<[2],f32>>
} : !torch.nn.Module<"__torch__.M">
func.func @forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor) -> !torch.tensor {
  %t = torch.prim.TupleConstruct %x, %x : !torch.tensor, !torch.tensor -> !torch.tuple<tensor, tensor>
  // expected-error @+1 {{'hidden.0' holds the same tensor as 'hidden.1'; cannot lift the assignment of state that shares storage}}
  torch.prim.SetAttr %self["hidden"] = %t : !torch.nn.Module<"__torch__.M">, !torch.tuple<tensor, tensor>
  return %x : !torch.tensor
}

// -----

// An op writing through a value that holds two slots' tensors.

torch.class_type @__torch__.M {
  torch.attr "a" : !torch.tensor
  torch.attr "b" : !torch.tensor
}
%a = torch.tensor.literal(dense<1.0> : tensor<2xf32>) : !torch.tensor<[2],f32>
%b = torch.tensor.literal(dense<2.0> : tensor<2xf32>) : !torch.tensor<[2],f32>
%root = torch.nn_module {
  torch.slot "a", %a : !torch.tensor<[2],f32>
  torch.slot "b", %b : !torch.tensor<[2],f32>
} : !torch.nn.Module<"__torch__.M">
func.func @forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor) -> !torch.tensor {
  %0 = torch.prim.GetAttr %self["a"] : !torch.nn.Module<"__torch__.M"> -> !torch.tensor
  %1 = torch.prim.GetAttr %self["b"] : !torch.nn.Module<"__torch__.M"> -> !torch.tensor
  %2 = torch.prim.ListConstruct %0, %1 : (!torch.tensor, !torch.tensor) -> !torch.list<tensor>
  // expected-error @+1 {{'a' may share storage with 'b', and this op writes to it; cannot lift them separately}}
  torch.operator "mylib::zero_all_"(%2) : (!torch.list<tensor>) -> ()
  return %x : !torch.tensor
}

// -----

// A tuple slot read as a value of another type.

torch.class_type @__torch__.M {
  torch.attr "hidden" : !torch.tuple<tensor, tensor>
}
%h = torch.tensor.literal(dense<1.0> : tensor<2xf32>) : !torch.tensor<[2],f32>
%hidden = torch.prim.TupleConstruct %h, %h : !torch.tensor<[2],f32>, !torch.tensor<[2],f32> -> !torch.tuple<tensor<[2],f32>, tensor<[2],f32>>
%root = torch.nn_module {
  torch.slot "hidden", %hidden : !torch.tuple<tensor<[2],f32>, tensor<[2],f32>>
} : !torch.nn.Module<"__torch__.M">
func.func @forward(%self: !torch.nn.Module<"__torch__.M">) -> !torch.any {
  // expected-error @+1 {{cannot lift 'hidden': it holds a tuple of 2 elements but is read as '!torch.any'}}
  %0 = torch.prim.GetAttr %self["hidden"] : !torch.nn.Module<"__torch__.M"> -> !torch.any
  return %0 : !torch.any
}
