// RUN: torch-onnx-opt %s -split-input-file -verify-diagnostics -torch-check-shapes

// The input has 4 channels where the weight takes 3. The input is an
// argument of the function, which a note names.

// expected-note @+1 {{input is argument 'x' of shape [1, 4, 32, 32] and dtype f32}}
func.func @conv_channels(%x: !torch.vtensor<[1,4,32,32],f32> {torch_onnx.name = "x"}) -> !torch.vtensor<[1,16,30,30],f32> {
  %w = torch.vtensor.literal(dense<1.000000e-01> : tensor<16x3x3x3xf32>) : !torch.vtensor<[16,3,3,3],f32>
  %none = torch.constant.none
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %ones = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %zeros = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error @+1 {{'aten::conv2d' expects input with 3 channels (weight [16, 3, 3, 3], groups 1), but input has 4 (shape [1, 4, 32, 32])}}
  %0 = torch.aten.conv2d %x, %w, %none, %ones, %zeros, %ones, %int1 : !torch.vtensor<[1,4,32,32],f32>, !torch.vtensor<[16,3,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[1,16,30,30],f32>
  return %0 : !torch.vtensor<[1,16,30,30],f32>
}

// -----

// With groups, each group of input channels meets weight.shape[1] of them.
// An argument without a name is called arg<N>.

// expected-note @+1 {{input is argument 'arg0' of shape [1, 6, 8, 8] and dtype f32}}
func.func @conv_groups(%x: !torch.vtensor<[1,6,8,8],f32>, %w: !torch.vtensor<[6,2,3,3],f32>) -> !torch.vtensor<[1,6,6,6],f32> {
  %none = torch.constant.none
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %ones = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %zeros = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error @+1 {{'aten::conv2d' expects input with 4 channels (weight [6, 2, 3, 3], groups 2), but input has 6 (shape [1, 6, 8, 8])}}
  %0 = torch.aten.conv2d %x, %w, %none, %ones, %zeros, %ones, %int2 : !torch.vtensor<[1,6,8,8],f32>, !torch.vtensor<[6,2,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[1,6,6,6],f32>
  return %0 : !torch.vtensor<[1,6,6,6],f32>
}

// -----

// A transposed weight has the input channels first.

// expected-note @+1 {{input is argument 'x' of shape [1, 4, 8, 8] and dtype f32}}
func.func @conv_transposed(%x: !torch.vtensor<[1,4,8,8],f32> {torch_onnx.name = "x"}, %w: !torch.vtensor<[3,4,3,3],f32>) -> !torch.vtensor<[1,4,10,10],f32> {
  %none = torch.constant.none
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %ones = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %zeros = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error @+1 {{'aten::conv_transpose2d.input' expects input with 3 channels (transposed weight [3, 4, 3, 3], groups 1), but input has 4 (shape [1, 4, 8, 8])}}
  %0 = torch.aten.conv_transpose2d.input %x, %w, %none, %ones, %zeros, %zeros, %int1, %ones : !torch.vtensor<[1,4,8,8],f32>, !torch.vtensor<[3,4,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int, !torch.list<int> -> !torch.vtensor<[1,4,10,10],f32>
  return %0 : !torch.vtensor<[1,4,10,10],f32>
}

// -----

// The functional forms take unbatched or batched input.

// expected-note @+1 {{input is argument 'x' of shape [1, 3] and dtype f32}}
func.func @conv_rank(%x: !torch.vtensor<[1,3],f32> {torch_onnx.name = "x"}, %w: !torch.vtensor<[8,3,3,3],f32>) -> !torch.vtensor {
  %none = torch.constant.none
  %int1 = torch.constant.int 1
  %ones = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error @+1 {{'aten::conv2d' expects a 3-d (unbatched) or 4-d (batched) input for weight [8, 3, 3, 3], but input has rank 2 (shape [1, 3])}}
  %0 = torch.aten.conv2d %x, %w, %none, %ones, %ones, %ones, %int1 : !torch.vtensor<[1,3],f32>, !torch.vtensor<[8,3,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor
  return %0 : !torch.vtensor
}

// -----

// A traced convolution takes batched input only. The shape inference reads
// the 3-d input as unbatched, which makes the batch norm after it look
// wrong too; what follows a reported op is not checked, so the wrong input
// gives one error.

// expected-note @+1 {{input is argument 'x' of shape [1, 3, 32] and dtype f32}}
func.func @traced_conv_rank(%x: !torch.vtensor<[1,3,32],f32> {torch_onnx.name = "x"}) -> !torch.vtensor<[8,3,32],f32> {
  %w = torch.vtensor.literal(dense<1.000000e-01> : tensor<8x3x3x3xf32>) : !torch.vtensor<[8,3,3,3],f32>
  %c = torch.vtensor.literal(dense<1.000000e+00> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %none = torch.constant.none
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %eps = torch.constant.float 1.000000e-05
  %momentum = torch.constant.float 1.000000e-01
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %ones = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %zeros = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error @+1 {{'aten::_convolution' expects a 4-d input for weight [8, 3, 3, 3], but input has rank 3 (shape [1, 3, 32])}}
  %0 = torch.aten._convolution %x, %w, %none, %ones, %ones, %ones, %false, %zeros, %int1, %false, %false, %true, %true : !torch.vtensor<[1,3,32],f32>, !torch.vtensor<[8,3,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.bool, !torch.bool, !torch.bool, !torch.bool -> !torch.vtensor<[8,3,32],f32>
  %1 = torch.aten.batch_norm %0, %c, %c, %c, %c, %false, %momentum, %eps, %true : !torch.vtensor<[8,3,32],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.vtensor<[8,3,32],f32>
  return %1 : !torch.vtensor<[8,3,32],f32>
}

// -----

// An f16 input meets f32 weights: PyTorch converts neither.

// expected-note @+1 {{input is argument 'x' of shape [1, 3, 8, 8] and dtype f16}}
func.func @conv_dtype(%x: !torch.vtensor<[1,3,8,8],f16> {torch_onnx.name = "x"}) -> !torch.vtensor<[1,8,6,6],f16> {
  %w = torch.vtensor.literal(dense<1.000000e-01> : tensor<8x3x3x3xf32>) : !torch.vtensor<[8,3,3,3],f32>
  %b = torch.vtensor.literal(dense<0.000000e+00> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %ones = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %zeros = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error @+1 {{'aten::_convolution' expects input and weight of the same dtype, but input is f16 and weight is f32}}
  %0 = torch.aten._convolution %x, %w, %b, %ones, %zeros, %ones, %false, %zeros, %int1, %false, %false, %true, %true : !torch.vtensor<[1,3,8,8],f16>, !torch.vtensor<[8,3,3,3],f32>, !torch.vtensor<[8],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.bool, !torch.bool, !torch.bool, !torch.bool -> !torch.vtensor<[1,8,6,6],f16>
  return %0 : !torch.vtensor<[1,8,6,6],f16>
}

// -----

// The input of a linear layer reaches it through other ops: the note names
// the argument it is computed from.

// expected-note @+1 {{input is computed from argument 'x' of shape [2, 4, 2] and dtype f32}}
func.func @linear_features(%x: !torch.vtensor<[2,4,2],f32> {torch_onnx.name = "x"}) -> !torch.vtensor<[2,10],f32> {
  %w = torch.vtensor.literal(dense<1.000000e-01> : tensor<10x16xf32>) : !torch.vtensor<[10,16],f32>
  %none = torch.constant.none
  %int1 = torch.constant.int 1
  %int-1 = torch.constant.int -1
  %0 = torch.aten.relu %x : !torch.vtensor<[2,4,2],f32> -> !torch.vtensor<[2,4,2],f32>
  %1 = torch.aten.flatten.using_ints %0, %int1, %int-1 : !torch.vtensor<[2,4,2],f32>, !torch.int, !torch.int -> !torch.vtensor<[2,8],f32>
  // expected-error @+1 {{'aten::linear' expects input with 16 features in its last dim (weight [10, 16]), but input has 8 (shape [2, 8])}}
  %2 = torch.aten.linear %1, %w, %none : !torch.vtensor<[2,8],f32>, !torch.vtensor<[10,16],f32>, !torch.none -> !torch.vtensor<[2,10],f32>
  return %2 : !torch.vtensor<[2,10],f32>
}

// -----

// expected-note @+1 {{input is argument 'x' of shape [2, 16] and dtype bf16}}
func.func @linear_dtype(%x: !torch.vtensor<[2,16],bf16> {torch_onnx.name = "x"}) -> !torch.vtensor<[2,10],bf16> {
  %w = torch.vtensor.literal(dense<1.000000e-01> : tensor<10x16xf32>) : !torch.vtensor<[10,16],f32>
  %none = torch.constant.none
  // expected-error @+1 {{'aten::linear' expects input and weight of the same dtype, but input is bf16 and weight is f32}}
  %0 = torch.aten.linear %x, %w, %none : !torch.vtensor<[2,16],bf16>, !torch.vtensor<[10,16],f32>, !torch.none -> !torch.vtensor<[2,10],bf16>
  return %0 : !torch.vtensor<[2,10],bf16>
}

// -----

// The last dim of self meets the second to last of other.

// expected-note @+2 {{self is argument 'a' of shape [2, 3, 4] and dtype f32}}
// expected-note @+1 {{other is argument 'b' of shape [5, 6] and dtype f32}}
func.func @matmul_contraction(%a: !torch.vtensor<[2,3,4],f32> {torch_onnx.name = "a"}, %b: !torch.vtensor<[5,6],f32> {torch_onnx.name = "b"}) -> !torch.vtensor<[2,3,6],f32> {
  // expected-error @+1 {{'aten::matmul' expects other with 4 in dim 0 to match dim 2 of self (shape [2, 3, 4]), but other has 5 (shape [5, 6])}}
  %0 = torch.aten.matmul %a, %b : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[5,6],f32> -> !torch.vtensor<[2,3,6],f32>
  return %0 : !torch.vtensor<[2,3,6],f32>
}

// -----

// expected-note @+2 {{self is argument 'a' of shape [2, 3, 4] and dtype f32}}
// expected-note @+1 {{other is argument 'b' of shape [3, 4, 6] and dtype f32}}
func.func @matmul_batch(%a: !torch.vtensor<[2,3,4],f32> {torch_onnx.name = "a"}, %b: !torch.vtensor<[3,4,6],f32> {torch_onnx.name = "b"}) -> !torch.vtensor {
  // expected-error @+1 {{'aten::matmul' expects batch dims that broadcast, but dim 0 of self (shape [2, 3, 4]) is 2 and dim 0 of other (shape [3, 4, 6]) is 3}}
  %0 = torch.aten.matmul %a, %b : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[3,4,6],f32> -> !torch.vtensor
  return %0 : !torch.vtensor
}

// -----

// expected-note @+1 {{self is argument 'a' of shape [] and dtype f32}}
func.func @matmul_scalar(%a: !torch.vtensor<[],f32> {torch_onnx.name = "a"}, %b: !torch.vtensor<[5],f32>) -> !torch.vtensor {
  // expected-error @+1 {{'aten::matmul' expects self with at least 1 dim, but self has shape []}}
  %0 = torch.aten.matmul %a, %b : !torch.vtensor<[],f32>, !torch.vtensor<[5],f32> -> !torch.vtensor
  return %0 : !torch.vtensor
}

// -----

// Both operands are named when their dtypes differ.

// expected-note @+2 {{self is argument 'a' of shape [4, 4] and dtype f32}}
// expected-note @+1 {{other is argument 'b' of shape [4, 4] and dtype f64}}
func.func @matmul_dtype(%a: !torch.vtensor<[4,4],f32> {torch_onnx.name = "a"}, %b: !torch.vtensor<[4,4],f64> {torch_onnx.name = "b"}) -> !torch.vtensor<[4,4],f64> {
  // expected-error @+1 {{'aten::matmul' expects self and other of the same dtype, but self is f32 and other is f64}}
  %0 = torch.aten.matmul %a, %b : !torch.vtensor<[4,4],f32>, !torch.vtensor<[4,4],f64> -> !torch.vtensor<[4,4],f64>
  return %0 : !torch.vtensor<[4,4],f64>
}

// -----

// expected-note @+1 {{self is argument 'a' of shape [2, 3, 3] and dtype f32}}
func.func @mm_rank(%a: !torch.vtensor<[2,3,3],f32> {torch_onnx.name = "a"}, %b: !torch.vtensor<[3,5],f32>) -> !torch.vtensor {
  // expected-error @+1 {{'aten::mm' expects self to be 2-d, but self has shape [2, 3, 3]}}
  %0 = torch.aten.mm %a, %b : !torch.vtensor<[2,3,3],f32>, !torch.vtensor<[3,5],f32> -> !torch.vtensor
  return %0 : !torch.vtensor
}

// -----

// expected-note @+2 {{self is argument 'a' of shape [2, 3] and dtype f32}}
// expected-note @+1 {{mat2 is argument 'b' of shape [4, 5] and dtype f32}}
func.func @mm_contraction(%a: !torch.vtensor<[2,3],f32> {torch_onnx.name = "a"}, %b: !torch.vtensor<[4,5],f32> {torch_onnx.name = "b"}) -> !torch.vtensor<[2,5],f32> {
  // expected-error @+1 {{'aten::mm' expects mat2 with 3 in dim 0 to match dim 1 of self (shape [2, 3]), but mat2 has 4 (shape [4, 5])}}
  %0 = torch.aten.mm %a, %b : !torch.vtensor<[2,3],f32>, !torch.vtensor<[4,5],f32> -> !torch.vtensor<[2,5],f32>
  return %0 : !torch.vtensor<[2,5],f32>
}

// -----

// expected-note @+2 {{self is argument 'a' of shape [2, 3, 4] and dtype f32}}
// expected-note @+1 {{mat2 is argument 'b' of shape [3, 4, 5] and dtype f32}}
func.func @bmm_batch(%a: !torch.vtensor<[2,3,4],f32> {torch_onnx.name = "a"}, %b: !torch.vtensor<[3,4,5],f32> {torch_onnx.name = "b"}) -> !torch.vtensor<[2,3,5],f32> {
  // expected-error @+1 {{'aten::bmm' expects mat2 with 2 in dim 0 to match dim 0 of self (shape [2, 3, 4]), but mat2 has 3 (shape [3, 4, 5])}}
  %0 = torch.aten.bmm %a, %b : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[3,4,5],f32> -> !torch.vtensor<[2,3,5],f32>
  return %0 : !torch.vtensor<[2,3,5],f32>
}

// -----

// expected-note @+1 {{input is argument 'x' of shape [1, 3, 4, 4] and dtype f32}}
func.func @batch_norm_channels(%x: !torch.vtensor<[1,3,4,4],f32> {torch_onnx.name = "x"}) -> !torch.vtensor<[1,3,4,4],f32> {
  %c = torch.vtensor.literal(dense<1.000000e+00> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %eps = torch.constant.float 1.000000e-05
  %momentum = torch.constant.float 1.000000e-01
  // expected-error @+1 {{'aten::batch_norm' expects input with 8 channels (weight [8]), but input has 3 (shape [1, 3, 4, 4])}}
  %0 = torch.aten.batch_norm %x, %c, %c, %c, %c, %false, %momentum, %eps, %true : !torch.vtensor<[1,3,4,4],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.vtensor<[1,3,4,4],f32>
  return %0 : !torch.vtensor<[1,3,4,4],f32>
}

// -----

// Batch norm takes an input with a channel dim.

// expected-note @+1 {{input is argument 'x' of shape [8] and dtype f32}}
func.func @batch_norm_rank(%x: !torch.vtensor<[8],f32> {torch_onnx.name = "x"}) -> !torch.vtensor<[8],f32> {
  %c = torch.vtensor.literal(dense<1.000000e+00> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %none = torch.constant.none
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %eps = torch.constant.float 1.000000e-05
  %momentum = torch.constant.float 1.000000e-01
  // expected-error @+1 {{'aten::batch_norm' expects input with at least 2 dims, but input has shape [8]}}
  %0 = torch.aten.batch_norm %x, %none, %none, %c, %c, %false, %momentum, %eps, %true : !torch.vtensor<[8],f32>, !torch.none, !torch.none, !torch.vtensor<[8],f32>, !torch.vtensor<[8],f32>, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.vtensor<[8],f32>
  return %0 : !torch.vtensor<[8],f32>
}

// -----

// expected-note @+1 {{input is argument 'x' of shape [2, 6, 5] and dtype f32}}
func.func @instance_norm_channels(%x: !torch.vtensor<[2,6,5],f32> {torch_onnx.name = "x"}) -> !torch.vtensor<[2,6,5],f32> {
  %c = torch.vtensor.literal(dense<1.000000e+00> : tensor<4xf32>) : !torch.vtensor<[4],f32>
  %none = torch.constant.none
  %true = torch.constant.bool true
  %eps = torch.constant.float 1.000000e-05
  %momentum = torch.constant.float 1.000000e-01
  // expected-error @+1 {{'aten::instance_norm' expects input with 4 channels (weight [4]), but input has 6 (shape [2, 6, 5])}}
  %0 = torch.aten.instance_norm %x, %c, %c, %none, %none, %true, %momentum, %eps, %true : !torch.vtensor<[2,6,5],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.none, !torch.none, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.vtensor<[2,6,5],f32>
  return %0 : !torch.vtensor<[2,6,5],f32>
}

// -----

// expected-note @+1 {{input is argument 'x' of shape [1, 6, 4, 4] and dtype f32}}
func.func @group_norm_groups(%x: !torch.vtensor<[1,6,4,4],f32> {torch_onnx.name = "x"}) -> !torch.vtensor<[1,6,4,4],f32> {
  %c = torch.vtensor.literal(dense<1.000000e+00> : tensor<6xf32>) : !torch.vtensor<[6],f32>
  %true = torch.constant.bool true
  %eps = torch.constant.float 1.000000e-05
  %int4 = torch.constant.int 4
  // expected-error @+1 {{'aten::group_norm' expects input with a number of channels divisible by num_groups 4, but input has 6 (shape [1, 6, 4, 4])}}
  %0 = torch.aten.group_norm %x, %int4, %c, %c, %eps, %true : !torch.vtensor<[1,6,4,4],f32>, !torch.int, !torch.vtensor<[6],f32>, !torch.vtensor<[6],f32>, !torch.float, !torch.bool -> !torch.vtensor<[1,6,4,4],f32>
  return %0 : !torch.vtensor<[1,6,4,4],f32>
}

// -----

// expected-note @+1 {{input is argument 'x' of shape [1, 6, 4, 4] and dtype f32}}
func.func @group_norm_channels(%x: !torch.vtensor<[1,6,4,4],f32> {torch_onnx.name = "x"}) -> !torch.vtensor<[1,6,4,4],f32> {
  %c = torch.vtensor.literal(dense<1.000000e+00> : tensor<4xf32>) : !torch.vtensor<[4],f32>
  %true = torch.constant.bool true
  %eps = torch.constant.float 1.000000e-05
  %int2 = torch.constant.int 2
  // expected-error @+1 {{'aten::group_norm' expects input with 4 channels (weight [4]), but input has 6 (shape [1, 6, 4, 4])}}
  %0 = torch.aten.group_norm %x, %int2, %c, %c, %eps, %true : !torch.vtensor<[1,6,4,4],f32>, !torch.int, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.float, !torch.bool -> !torch.vtensor<[1,6,4,4],f32>
  return %0 : !torch.vtensor<[1,6,4,4],f32>
}

// -----

// expected-note @+1 {{input is argument 'x' of shape [1, 8] and dtype f32}}
func.func @layer_norm_shape(%x: !torch.vtensor<[1,8],f32> {torch_onnx.name = "x"}) -> !torch.vtensor<[1,8],f32> {
  %n = torch.vtensor.literal(dense<1.000000e+00> : tensor<16xf32>) : !torch.vtensor<[16],f32>
  %true = torch.constant.bool true
  %eps = torch.constant.float 1.000000e-05
  %int16 = torch.constant.int 16
  %shape = torch.prim.ListConstruct %int16 : (!torch.int) -> !torch.list<int>
  // expected-error @+1 {{'aten::layer_norm' expects input with shape [*, 16] (normalized_shape [16]), but input has shape [1, 8]}}
  %0 = torch.aten.layer_norm %x, %shape, %n, %n, %eps, %true : !torch.vtensor<[1,8],f32>, !torch.list<int>, !torch.vtensor<[16],f32>, !torch.vtensor<[16],f32>, !torch.float, !torch.bool -> !torch.vtensor<[1,8],f32>
  return %0 : !torch.vtensor<[1,8],f32>
}

// -----

// Two static dims that differ, neither of them 1, do not broadcast.

// expected-note @+2 {{operand 0 is argument 'a' of shape [2, 3] and dtype f32}}
// expected-note @+1 {{operand 1 is argument 'b' of shape [4, 3] and dtype f32}}
func.func @broadcast(%a: !torch.vtensor<[2,3],f32> {torch_onnx.name = "a"}, %b: !torch.vtensor<[4,3],f32> {torch_onnx.name = "b"}) -> !torch.vtensor {
  %int1 = torch.constant.int 1
  // expected-error @+1 {{'aten::add.Tensor' expects operands that broadcast, but dim 0 of operand 0 (shape [2, 3]) is 2 and dim 0 of operand 1 (shape [4, 3]) is 4}}
  %0 = torch.aten.add.Tensor %a, %b, %int1 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[4,3],f32>, !torch.int -> !torch.vtensor
  return %0 : !torch.vtensor
}

// -----

// The dims are aligned from the back.

// expected-note @+2 {{operand 1 is argument 'x' of shape [2, 5] and dtype f32}}
// expected-note @+1 {{operand 2 is argument 'y' of shape [3, 1, 4] and dtype f32}}
func.func @broadcast_where(%c: !torch.vtensor<[2,1],i1>, %x: !torch.vtensor<[2,5],f32> {torch_onnx.name = "x"}, %y: !torch.vtensor<[3,1,4],f32> {torch_onnx.name = "y"}) -> !torch.vtensor {
  // expected-error @+1 {{'aten::where.self' expects operands that broadcast, but dim 1 of operand 1 (shape [2, 5]) is 5 and dim 2 of operand 2 (shape [3, 1, 4]) is 4}}
  %0 = torch.aten.where.self %c, %x, %y : !torch.vtensor<[2,1],i1>, !torch.vtensor<[2,5],f32>, !torch.vtensor<[3,1,4],f32> -> !torch.vtensor
  return %0 : !torch.vtensor
}

// -----

// An op in a branch is checked, and what the branch yields is not checked
// again after it.

// expected-note @+2 {{operand 0 is argument 'x' of shape [2, 3] and dtype f32}}
// expected-note @+1 {{operand 1 is argument 'arg1' of shape [4, 3] and dtype f32}}
func.func @in_branch(%x: !torch.vtensor<[2,3],f32> {torch_onnx.name = "x"}, %y: !torch.vtensor<[4,3],f32>, %z: !torch.vtensor<[5,3],f32>, %cond: !torch.bool) -> !torch.vtensor<[4,3],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.prim.If %cond -> (!torch.vtensor<[4,3],f32>) {
    // expected-error @+1 {{'aten::mul.Tensor' expects operands that broadcast, but dim 0 of operand 0 (shape [2, 3]) is 2 and dim 0 of operand 1 (shape [4, 3]) is 4}}
    %1 = torch.aten.mul.Tensor %x, %y : !torch.vtensor<[2,3],f32>, !torch.vtensor<[4,3],f32> -> !torch.vtensor<[4,3],f32>
    torch.prim.If.yield %1 : !torch.vtensor<[4,3],f32>
  } else {
    torch.prim.If.yield %y : !torch.vtensor<[4,3],f32>
  }
  %2 = torch.aten.add.Tensor %0, %z, %int1 : !torch.vtensor<[4,3],f32>, !torch.vtensor<[5,3],f32>, !torch.int -> !torch.vtensor<[4,3],f32>
  return %2 : !torch.vtensor<[4,3],f32>
}

// -----

// An op that no hand-written rule knows runs LibTorch's shape function,
// which raises PyTorch's error: an in-place op cannot grow its operand.

// expected-note @+2 {{operand 0 is argument 'a' of shape [3] and dtype f32}}
// expected-note @+1 {{operand 1 is argument 'b' of shape [2, 3] and dtype f32}}
func.func @inplace_grows(%a: !torch.vtensor<[3],f32> {torch_onnx.name = "a"}, %b: !torch.vtensor<[2,3],f32> {torch_onnx.name = "b"}) -> !torch.vtensor {
  %int1 = torch.constant.int 1
  // expected-error @+1 {{'aten::add_.Tensor' rejects its operands (operand 0 of shape [3], operand 1 of shape [2, 3]): The dims of tensor b (2) must be less than or equal to the dims of tensor a (1)}}
  %0 = torch.aten.add_.Tensor %a, %b, %int1 : !torch.vtensor<[3],f32>, !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor
  return %0 : !torch.vtensor
}

// -----

// A kernel deeper than its input: the output size would be negative. (A
// fuzzer's input; the shape inference asserted on the negative size.)
// expected-note @+1 {{operand 0 is argument 'arg0' of shape [?, 0, 4, 424] and dtype f32}}
func.func @forward(%arg0: !torch.vtensor<[?,0,4,424],f32>) -> !torch.vtensor<[?,3,3,3,3],f32> {
  %w = torch.vtensor.literal(dense<1.000000e+00> : tensor<3x2x2x2x2xf32>) : !torch.vtensor<[3,2,2,2,2],f32>
  %none = torch.constant.none
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %ones = torch.prim.ListConstruct %int1, %int1, %int1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %zeros = torch.prim.ListConstruct %int0, %int0, %int0 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  // expected-error @+1 {{'aten::conv3d' rejects its operands (operand 0 of shape [?, 0, 4, 424], operand 1 of shape [3, 2, 2, 2, 2]): dim 1 of result 0 would have size -1}}
  %0 = torch.aten.conv3d %arg0, %w, %none, %ones, %zeros, %ones, %int1 : !torch.vtensor<[?,0,4,424],f32>, !torch.vtensor<[3,2,2,2,2],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[?,3,3,3,3],f32>
  return %0 : !torch.vtensor<[?,3,3,3,3],f32>
}

// -----

// A batched input padded by 1 is still narrower than the dilated kernel:
// 3 + 2 - 2 * (3 - 1) = 1 fits in H, 1 + 2 - 4 = -1 does not in W.
// expected-note @+1 {{operand 0 is argument 'arg0' of shape [?, 3, 3, 1] and dtype f32}}
func.func @dilated_window(%arg0: !torch.vtensor<[?,3,3,1],f32>) -> !torch.vtensor {
  %w = torch.vtensor.literal(dense<1.000000e+00> : tensor<4x3x3x3xf32>) : !torch.vtensor<[4,3,3,3],f32>
  %none = torch.constant.none
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %ones = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %twos = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  // expected-error @+1 {{'aten::conv2d' rejects its operands (operand 0 of shape [?, 3, 3, 1], operand 1 of shape [4, 3, 3, 3]): dim 3 of result 0 would have size -1}}
  %0 = torch.aten.conv2d %arg0, %w, %none, %ones, %ones, %twos, %int1 : !torch.vtensor<[?,3,3,1],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor
  return %0 : !torch.vtensor
}

// -----

// narrow's rule gives the result the length, here negative.
// expected-note @+1 {{operand 0 is argument 'arg0' of shape [?, 4] and dtype f32}}
func.func @narrow_negative_length(%arg0: !torch.vtensor<[?,4],f32>) -> !torch.vtensor {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int_2 = torch.constant.int -2
  // expected-error @+1 {{'aten::narrow' rejects its operands (operand 0 of shape [?, 4]): dim 1 of result 0 would have size -2}}
  %0 = torch.aten.narrow %arg0, %int1, %int0, %int_2 : !torch.vtensor<[?,4],f32>, !torch.int, !torch.int, !torch.int -> !torch.vtensor
  return %0 : !torch.vtensor
}
