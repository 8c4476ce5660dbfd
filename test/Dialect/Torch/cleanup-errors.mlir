// RUN: torch-onnx-opt %s -split-input-file -torch-cleanup -verify-diagnostics

// A function that raises on every path cannot be exported.

func.func @always_raises(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %str = torch.constant.str "not supported"
  %none = torch.constant.none
  // expected-error @+1 {{raises on every path: not supported}}
  torch.prim.RaiseException %str, %none : !torch.str, !torch.none
  return %x : !torch.vtensor<[4],f32>
}

// -----

// Both branches raise after folding.

func.func @both_branches_raise(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32> {
  %int4 = torch.constant.int 4
  %int0 = torch.constant.int 0
  %n = torch.aten.size.int %x, %int0 : !torch.vtensor<[4],f32>, !torch.int -> !torch.int
  %ok = torch.aten.ne.int %n, %int4 : !torch.int, !torch.int -> !torch.bool
  torch.prim.If %ok {
    torch.prim.If.yield
  } else {
    %str = torch.constant.str "size 4 is reserved"
    %none = torch.constant.none
    // expected-error @+1 {{raises on every path: size 4 is reserved}}
    torch.prim.RaiseException %str, %none : !torch.str, !torch.none
    torch.prim.If.yield
  }
  return %x : !torch.vtensor<[4],f32>
}
