// RUN: torch-onnx-opt %s -split-input-file -torch-inline-partial-applications="max-inlined-calls=20" -verify-diagnostics

// A method called on a module taken from a list cannot be resolved.

torch.class_type @__torch__.Sub {
  torch.method "forward", @__torch__.Sub.forward
}
torch.class_type @__torch__.M {
  torch.attr "a" : !torch.nn.Module<"__torch__.Sub">
  torch.attr "b" : !torch.nn.Module<"__torch__.Sub">
  torch.method "forward", @__torch__.M.forward
}
%a = torch.nn_module {
} : !torch.nn.Module<"__torch__.Sub">
%b = torch.nn_module {
} : !torch.nn.Module<"__torch__.Sub">
%root = torch.nn_module {
  torch.slot "a", %a : !torch.nn.Module<"__torch__.Sub">
  torch.slot "b", %b : !torch.nn.Module<"__torch__.Sub">
} : !torch.nn.Module<"__torch__.M">
func.func private @__torch__.M.forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor, %i: !torch.int) -> !torch.tensor {
  %0 = torch.prim.GetAttr %self["a"] : !torch.nn.Module<"__torch__.M"> -> !torch.nn.Module<"__torch__.Sub">
  %1 = torch.prim.GetAttr %self["b"] : !torch.nn.Module<"__torch__.M"> -> !torch.nn.Module<"__torch__.Sub">
  %2 = torch.prim.ListConstruct %0, %1 : (!torch.nn.Module<"__torch__.Sub">, !torch.nn.Module<"__torch__.Sub">) -> !torch.list<nn.Module<"__torch__.Sub">>
  %3 = torch.aten.__getitem__.t %2, %i : !torch.list<nn.Module<"__torch__.Sub">>, !torch.int -> !torch.nn.Module<"__torch__.Sub">
  // expected-error @+1 {{cannot determine statically which module method 'forward' is called on}}
  %4 = torch.prim.CallMethod %3["forward"] (%x) : !torch.nn.Module<"__torch__.Sub">, (!torch.tensor) -> !torch.tensor
  return %4 : !torch.tensor
}
func.func private @__torch__.Sub.forward(%self: !torch.nn.Module<"__torch__.Sub">, %x: !torch.tensor) -> !torch.tensor {
  return %x : !torch.tensor
}

// -----

// A method called on a module chosen at run time.

torch.class_type @__torch__.Sub {
  torch.method "forward", @__torch__.Sub.forward
}
torch.class_type @__torch__.M {
  torch.attr "a" : !torch.nn.Module<"__torch__.Sub">
  torch.attr "b" : !torch.nn.Module<"__torch__.Sub">
  torch.method "forward", @__torch__.M.forward
}
%a = torch.nn_module {
} : !torch.nn.Module<"__torch__.Sub">
%b = torch.nn_module {
} : !torch.nn.Module<"__torch__.Sub">
%root = torch.nn_module {
  torch.slot "a", %a : !torch.nn.Module<"__torch__.Sub">
  torch.slot "b", %b : !torch.nn.Module<"__torch__.Sub">
} : !torch.nn.Module<"__torch__.M">
func.func private @__torch__.M.forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor, %c: !torch.bool) -> !torch.tensor {
  %0 = torch.prim.If %c -> (!torch.nn.Module<"__torch__.Sub">) {
    %1 = torch.prim.GetAttr %self["a"] : !torch.nn.Module<"__torch__.M"> -> !torch.nn.Module<"__torch__.Sub">
    torch.prim.If.yield %1 : !torch.nn.Module<"__torch__.Sub">
  } else {
    %1 = torch.prim.GetAttr %self["b"] : !torch.nn.Module<"__torch__.M"> -> !torch.nn.Module<"__torch__.Sub">
    torch.prim.If.yield %1 : !torch.nn.Module<"__torch__.Sub">
  }
  // expected-error @+1 {{cannot determine statically which module method 'forward' is called on}}
  %2 = torch.prim.CallMethod %0["forward"] (%x) : !torch.nn.Module<"__torch__.Sub">, (!torch.tensor) -> !torch.tensor
  return %2 : !torch.tensor
}
func.func private @__torch__.Sub.forward(%self: !torch.nn.Module<"__torch__.Sub">, %x: !torch.tensor) -> !torch.tensor {
  return %x : !torch.tensor
}

// -----

// A method the class does not have.

torch.class_type @__torch__.M {
  torch.method "forward", @__torch__.M.forward
}
%root = torch.nn_module {
} : !torch.nn.Module<"__torch__.M">
func.func private @__torch__.M.forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor) -> !torch.tensor {
  // expected-error @+1 {{module class '__torch__.M' has no method 'helper'}}
  %0 = torch.prim.CallMethod %self["helper"] (%x) : !torch.nn.Module<"__torch__.M">, (!torch.tensor) -> !torch.tensor
  return %0 : !torch.tensor
}

// -----

// A call to a function without a body.

torch.class_type @__torch__.M {
  torch.method "forward", @__torch__.M.forward
}
%root = torch.nn_module {
} : !torch.nn.Module<"__torch__.M">
func.func private @external(!torch.tensor) -> !torch.tensor
func.func private @__torch__.M.forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor) -> !torch.tensor {
  // expected-error @+1 {{calls '@external', which has no body}}
  %0 = torch.prim.CallFunction @external(%x) : (!torch.tensor) -> !torch.tensor
  return %0 : !torch.tensor
}

// -----

// Recursion never ends.

torch.class_type @__torch__.M {
  torch.method "forward", @__torch__.M.forward
}
%root = torch.nn_module {
} : !torch.nn.Module<"__torch__.M">
func.func private @__torch__.M.forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor) -> !torch.tensor {
  %0 = torch.prim.CallFunction @loop(%x) : (!torch.tensor) -> !torch.tensor
  return %0 : !torch.tensor
}
func.func private @loop(%x: !torch.tensor) -> !torch.tensor {
  // expected-error @+1 {{stopped after inlining 20 calls; is the program recursive?}}
  %0 = torch.prim.CallFunction @loop(%x) : (!torch.tensor) -> !torch.tensor
  return %0 : !torch.tensor
}

// -----

// The root's class has no entry method.

// expected-error @+1 {{the root module's class has no method 'forward' with a function}}
torch.class_type @__torch__.M {
}
%root = torch.nn_module {
} : !torch.nn.Module<"__torch__.M">

// -----

// Several public functions and none named forward or main: the error lists
// them.
// expected-error @+1 {{no torch.nn_module, no function named 'forward' or 'main', and 2 public functions; choose the entry with entry-method (--entry): test_a, test_b}}
module {
  func.func @test_a(%x: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {
    return %x : !torch.vtensor<[2],f32>
  }
  func.func @test_b(%x: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {
    return %x : !torch.vtensor<[2],f32>
  }
}

// -----

// A chosen method that the root module's class lacks: the error lists its
// methods.
// expected-error @+1 {{the root module's class has no method 'forward' with a function; its methods: predict}}
torch.class_type @__torch__.N {
  torch.method "predict", @__torch__.N.predict
}
%root = torch.nn_module {
} : !torch.nn.Module<"__torch__.N">
func.func private @__torch__.N.predict(%self: !torch.nn.Module<"__torch__.N">, %x: !torch.tensor) -> !torch.tensor {
  return %x : !torch.tensor
}
