// RUN: %expect-exit 1 torch-onnx-opt %s -convert-torch-to-onnx -split-input-file 2>&1 | FileCheck %s

// A dtype (8 is complex32) can make the result of arange or linspace complex,
// which the constant folding and ONNX's Range do not compute: an error, not a
// crash.

// CHECK: error: cannot convert 'aten::arange.start_step' to ONNX opset 17
func.func @forward() -> !torch.vtensor<[1],complex<f16>> {
  %int0 = torch.constant.int 0
  %int8 = torch.constant.int 8
  %int11 = torch.constant.int 11
  %float = torch.constant.float 2.200000e+01
  %none = torch.constant.none
  %0 = torch.aten.arange.start_step %int0, %int11, %float, %int8, %none, %none, %none : !torch.int, !torch.int, !torch.float, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[1],complex<f16>>
  return %0 : !torch.vtensor<[1],complex<f16>>
}

// -----

// CHECK: error: cannot convert 'aten::linspace' to ONNX opset 17
func.func @forward() -> !torch.vtensor<[3],complex<f16>> {
  %int0 = torch.constant.int 0
  %int3 = torch.constant.int 3
  %int8 = torch.constant.int 8
  %float = torch.constant.float 1.000000e+00
  %none = torch.constant.none
  %0 = torch.aten.linspace %int0, %float, %int3, %int8, %none, %none, %none : !torch.int, !torch.float, !torch.int, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[3],complex<f16>>
  return %0 : !torch.vtensor<[3],complex<f16>>
}

// -----

// A step that int64 cannot hold, for an integer range: an error, not a
// conversion out of range.

// CHECK: error: cannot convert 'aten::arange.start_step' to ONNX opset 17
func.func @forward() -> !torch.vtensor<[6],si64> {
  %int0 = torch.constant.int 0
  %int4 = torch.constant.int 4
  %int11 = torch.constant.int 11
  %float = torch.constant.float 4.200000e+20
  %none = torch.constant.none
  %0 = torch.aten.arange.start_step %int0, %int11, %float, %int4, %none, %none, %none : !torch.int, !torch.int, !torch.float, !torch.int, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[6],si64>
  return %0 : !torch.vtensor<[6],si64>
}
