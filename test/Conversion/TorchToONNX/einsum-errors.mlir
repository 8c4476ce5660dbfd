// RUN: %expect-exit 1 torch-onnx-opt %s -convert-torch-to-onnx -split-input-file 2>&1 | FileCheck %s

// An einsum equation that PyTorch rejects is not passed on to ONNX's
// Einsum (whose shape inference spent more than half an hour on this one,
// a fuzzer's input): a stray '-' and '.', and more terms than tensors.

// CHECK: error: cannot convert 'aten::einsum' to ONNX opset 17
func.func @forward(%q: !torch.vtensor<[2,3,4,5],f32>, %k: !torch.vtensor<[2,3,6,5],f32>) -> !torch.vtensor<[2,3,4,6],f32> {
  %eq = torch.constant.str "d qqq-,,,,.,,,,,,,bnqrqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq"
  %none = torch.constant.none
  %list = torch.prim.ListConstruct %q, %k : (!torch.vtensor<[2,3,4,5],f32>, !torch.vtensor<[2,3,6,5],f32>) -> !torch.list<vtensor>
  %0 = torch.aten.einsum %eq, %list, %none : !torch.str, !torch.list<vtensor>, !torch.none -> !torch.vtensor<[2,3,4,6],f32>
  return %0 : !torch.vtensor<[2,3,4,6],f32>
}

// -----

// A term with fewer labels than its tensor has dims, and no ellipsis.

// CHECK: error: cannot convert 'aten::einsum' to ONNX opset 17
func.func @forward(%q: !torch.vtensor<[2,3,4,5],f32>, %k: !torch.vtensor<[2,3,6,5],f32>) -> !torch.vtensor<[2,3,4,6],f32> {
  %eq = torch.constant.str "bhqd,bkd->bhqk"
  %none = torch.constant.none
  %list = torch.prim.ListConstruct %q, %k : (!torch.vtensor<[2,3,4,5],f32>, !torch.vtensor<[2,3,6,5],f32>) -> !torch.list<vtensor>
  %0 = torch.aten.einsum %eq, %list, %none : !torch.str, !torch.list<vtensor>, !torch.none -> !torch.vtensor<[2,3,4,6],f32>
  return %0 : !torch.vtensor<[2,3,4,6],f32>
}
