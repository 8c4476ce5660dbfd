// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file -verify-diagnostics

// as_strided reads the storage. The storage of a view, or of a tensor
// computed from views, is not its elements in row-major order: refused.

// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::as_strided (1x)}}
func.func @forward(%x: !torch.vtensor<[3,3],f32>) -> !torch.vtensor<[2,2],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %t = torch.aten.transpose.int %x, %int0, %int1 : !torch.vtensor<[3,3],f32>, !torch.int, !torch.int -> !torch.vtensor<[3,3],f32>
  %size = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %stride = torch.prim.ListConstruct %int1, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error @+1 {{cannot convert 'aten::as_strided' to ONNX opset 17}}
  %0 = torch.aten.as_strided %t, %size, %stride, %int0 : !torch.vtensor<[3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[2,2],f32>
  return %0 : !torch.vtensor<[2,2],f32>
}

// -----

// An offset past the storage.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::as_strided (1x)}}
func.func @forward(%x: !torch.vtensor<[3,3],f32>) -> !torch.vtensor<[2,2],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int6 = torch.constant.int 6
  %size = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %stride = torch.prim.ListConstruct %int1, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error @+1 {{cannot convert 'aten::as_strided' to ONNX opset 17}}
  %0 = torch.aten.as_strided %x, %size, %stride, %int6 : !torch.vtensor<[3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[2,2],f32>
  return %0 : !torch.vtensor<[2,2],f32>
}
