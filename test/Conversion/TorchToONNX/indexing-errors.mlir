// RUN: torch-onnx-opt %s -convert-torch-to-onnx=opset=15 -split-input-file -verify-diagnostics

// index_add accumulates with ScatterElements' add reduction, which opset 15
// does not have.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 15: aten::index_add (1x)}}
func.func @forward(%x: !torch.vtensor<[3,5],f32>, %src: !torch.vtensor<[3,2],f32>, %pos: !torch.vtensor<[2],si64>) -> !torch.vtensor<[3,5],f32> {
  %int1 = torch.constant.int 1
  // expected-error @+1 {{cannot convert 'aten::index_add' to ONNX opset 15}}
  %0 = torch.aten.index_add %x, %int1, %pos, %src, %int1 : !torch.vtensor<[3,5],f32>, !torch.int, !torch.vtensor<[2],si64>, !torch.vtensor<[3,2],f32>, !torch.int -> !torch.vtensor<[3,5],f32>
  return %0 : !torch.vtensor<[3,5],f32>
}

// -----

// one_hot whose class count is known only at run time.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 15: aten::one_hot (1x)}}
func.func @forward(%x: !torch.vtensor<[3],si64>, %n: !torch.int) -> !torch.vtensor<[3,?],si64> {
  // expected-error @+1 {{cannot convert 'aten::one_hot' to ONNX opset 15}}
  %0 = torch.aten.one_hot %x, %n : !torch.vtensor<[3],si64>, !torch.int -> !torch.vtensor<[3,?],si64>
  return %0 : !torch.vtensor<[3,?],si64>
}

// -----

// masked_select of a mask of unknown rank.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 15: aten::masked_select (1x)}}
func.func @forward(%x: !torch.vtensor<[3],f32>, %m: !torch.vtensor<*,i1>) -> !torch.vtensor<[?],f32> {
  // expected-error @+1 {{cannot convert 'aten::masked_select' to ONNX opset 15}}
  %0 = torch.aten.masked_select %x, %m : !torch.vtensor<[3],f32>, !torch.vtensor<*,i1> -> !torch.vtensor<[?],f32>
  return %0 : !torch.vtensor<[?],f32>
}

// -----

// index_fill along a dim known only at run time.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 15: aten::index_fill.int_Scalar (1x)}}
func.func @forward(%x: !torch.vtensor<[2,4],f32>, %d: !torch.int, %i: !torch.vtensor<[1],si64>) -> !torch.vtensor<[2,4],f32> {
  %fill = torch.constant.float 0.000000e+00
  // expected-error @+1 {{cannot convert 'aten::index_fill.int_Scalar' to ONNX opset 15}}
  %0 = torch.operator "aten::index_fill.int_Scalar"(%x, %d, %i, %fill) : (!torch.vtensor<[2,4],f32>, !torch.int, !torch.vtensor<[1],si64>, !torch.float) -> !torch.vtensor<[2,4],f32>
  return %0 : !torch.vtensor<[2,4],f32>
}

// -----

// fliplr of a tensor of unknown rank.
// expected-error @+1 {{cannot convert 1 op to ONNX opset 15: aten::fliplr (1x)}}
func.func @forward(%x: !torch.vtensor<*,f32>) -> !torch.vtensor<*,f32> {
  // expected-error @+1 {{cannot convert 'aten::fliplr' to ONNX opset 15}}
  %0 = torch.aten.fliplr %x : !torch.vtensor<*,f32> -> !torch.vtensor<*,f32>
  return %0 : !torch.vtensor<*,f32>
}
