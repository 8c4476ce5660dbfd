// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file -verify-diagnostics

// An LSTM with projections (proj_size > 0) has a fifth weight per direction,
// which ONNX's LSTM cannot express.

// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::lstm.input (1x)}}
func.func @forward(%x: !torch.vtensor<[3,2,4],f32>) -> !torch.vtensor<[3,2,1],f32> {
  %wih = torch.vtensor.literal(dense<0.1> : tensor<8x4xf32>) : !torch.vtensor<[8,4],f32>
  %whh = torch.vtensor.literal(dense<0.2> : tensor<8x1xf32>) : !torch.vtensor<[8,1],f32>
  %b = torch.vtensor.literal(dense<0.3> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %whr = torch.vtensor.literal(dense<0.4> : tensor<1x2xf32>) : !torch.vtensor<[1,2],f32>
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %int1 = torch.constant.int 1
  %float0 = torch.constant.float 0.000000e+00
  %hx = torch.prim.ListConstruct  : () -> !torch.list<vtensor>
  %params = torch.prim.ListConstruct %wih, %whh, %b, %b, %whr : (!torch.vtensor<[8,4],f32>, !torch.vtensor<[8,1],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[1,2],f32>) -> !torch.list<vtensor>
  // expected-error @+1 {{cannot convert 'aten::lstm.input' to ONNX opset 17}}
  %0:3 = torch.aten.lstm.input %x, %hx, %params, %true, %int1, %float0, %false, %false, %false : !torch.vtensor<[3,2,4],f32>, !torch.list<vtensor>, !torch.list<vtensor>, !torch.bool, !torch.int, !torch.float, !torch.bool, !torch.bool, !torch.bool -> !torch.vtensor<[3,2,1],f32>, !torch.vtensor<[1,2,1],f32>, !torch.vtensor<[1,2,2],f32>
  return %0#0 : !torch.vtensor<[3,2,1],f32>
}

// -----

// Dropout between layers in training mode is random.

// expected-error @+1 {{cannot convert 1 op to ONNX opset 17: aten::gru.input (1x)}}
func.func @forward(%x: !torch.vtensor<[3,2,2],f32>, %h0: !torch.vtensor<[2,2,2],f32>) -> !torch.vtensor<[3,2,2],f32> {
  %w = torch.vtensor.literal(dense<0.1> : tensor<6x2xf32>) : !torch.vtensor<[6,2],f32>
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %int2 = torch.constant.int 2
  %float = torch.constant.float 5.000000e-01
  %params = torch.prim.ListConstruct %w, %w, %w, %w : (!torch.vtensor<[6,2],f32>, !torch.vtensor<[6,2],f32>, !torch.vtensor<[6,2],f32>, !torch.vtensor<[6,2],f32>) -> !torch.list<vtensor>
  // expected-error @+1 {{cannot convert 'aten::gru.input' to ONNX opset 17}}
  %0:2 = torch.aten.gru.input %x, %h0, %params, %false, %int2, %float, %true, %false, %false : !torch.vtensor<[3,2,2],f32>, !torch.vtensor<[2,2,2],f32>, !torch.list<vtensor>, !torch.bool, !torch.int, !torch.float, !torch.bool, !torch.bool, !torch.bool -> !torch.vtensor<[3,2,2],f32>, !torch.vtensor<[2,2,2],f32>
  return %0#0 : !torch.vtensor<[3,2,2],f32>
}
