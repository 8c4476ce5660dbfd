// RUN: torch-onnx-opt %s -split-input-file -verify-diagnostics

func.func @literal_dtype_mismatch() {
  // expected-error @+1 {{literal element type 'f64' does not match dtype 'f32'}}
  %0 = torch.vtensor.literal(dense<1.0> : tensor<2xf64>) : !torch.vtensor<[2],f32>
  return
}

// -----

func.func @literal_shape_mismatch() {
  // expected-error @+1 {{literal shape does not match the result sizes}}
  %0 = torch.vtensor.literal(dense<1.0> : tensor<3xf32>) : !torch.vtensor<[2],f32>
  return
}

// -----

// expected-error @+1 {{invalid dtype 'i32' for a torch tensor type}}
func.func private @bad_dtype(!torch.vtensor<[2],i32>)

// -----

func.func @list_element(%x: !torch.float) {
  // expected-error @+1 {{element of type '!torch.float' does not fit the list type '!torch.list<int>'}}
  %0 = torch.prim.ListConstruct %x : (!torch.float) -> !torch.list<int>
  return
}

// -----

func.func @tuple_arity(%x: !torch.int) {
  // expected-error @+1 {{has 1 elements but the tuple type has 2}}
  %0 = torch.prim.TupleConstruct %x : !torch.int -> !torch.tuple<int, int>
  return
}

// -----

func.func @tuple_unpack(%t: !torch.tuple<int, int>) {
  // expected-error @+1 {{unpacks 3 values from a tuple of 2}}
  %0:3 = torch.prim.TupleUnpack %t : !torch.tuple<int, int> -> !torch.int, !torch.int, !torch.int
  return
}

// -----

func.func @if_yield_count(%b: !torch.bool, %x: !torch.int) -> !torch.int {
  %0 = torch.prim.If %b -> (!torch.int) {
    torch.prim.If.yield %x : !torch.int
  } else {
    // expected-error @+1 {{yields 0 values but the prim.If has 1 results}}
    torch.prim.If.yield
  }
  return %0 : !torch.int
}

// -----

func.func @loop_args(%n: !torch.int, %b: !torch.bool, %x: !torch.int) -> !torch.int {
  // expected-error @+1 {{body takes 1 arguments; expected the iteration number and 1 loop-carried values}}
  %0 = torch.prim.Loop %n, %b, init(%x) {
  ^bb0(%i: !torch.int):
    torch.prim.Loop.condition %b, iter(%x : !torch.int)
  } : (!torch.int, !torch.bool, !torch.int) -> !torch.int
  return %0 : !torch.int
}

// -----

torch.class_type @C {
  torch.attr "a" : !torch.int
  // expected-error @+1 {{duplicate attribute 'a'}}
  torch.attr "a" : !torch.int
}

// -----

func.func @missing_callee(%x: !torch.int) {
  // expected-error @+1 {{calls 'nowhere', which is not defined}}
  torch.prim.CallFunction @nowhere(%x) : (!torch.int) -> ()
  return
}

// -----

func.func @aten_operand_type(%x: !torch.vtensor<[2],f32>) {
  %f = torch.constant.float 1.0
  // expected-error @+1 {{operand #1 must be any torch tensor type}}
  %0 = torch.aten.add.Tensor %x, %f, %f : !torch.vtensor<[2],f32>, !torch.float, !torch.float -> !torch.vtensor<[2],f32>
  return
}

// -----

func.func @aten_operand_count(%x: !torch.vtensor<[2],f32>) {
  // expected-error @+1 {{expected 3 operands, but found 1}}
  %0 = torch.aten.add.Tensor %x : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
  return
}

// -----

// expected-error @+1 {{unknown torch type 'foo'}}
func.func private @bad_nested(!torch.list<foo>)
