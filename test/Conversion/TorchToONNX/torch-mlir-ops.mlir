// torch-mlir's ops beyond the aten ops lower through the whole pipeline:
// casts and checks go, the PT2E quantization ops are QuantizeLinear and
// DequantizeLinear, prims.convert_element_type is a Cast, shifts are
// BitShift, __interpolate is Resize and grid_sampler GridSample.
// RUN: torch-onnx-opt %s -split-input-file -torch-to-onnx-pipeline | FileCheck %s

// CHECK-LABEL: func.func @main_graph
// CHECK-NOT: torch.
// CHECK: "onnx.Tanh"(%arg0)
// CHECK-NOT: torch.
func.func @main(%x: !torch.vtensor<[?,3],f32>, %i: !torch.int) -> !torch.vtensor<[?,3],f32> {
  %s0 = torch.symbolic_int "s0" {min_val = 2, max_val = 1024} : !torch.int
  torch.bind_symbolic_shape %x, [%s0], affine_map<()[s0] -> (s0, 3)> : !torch.vtensor<[?,3],f32>
  %int0 = torch.constant.int 0
  %c = torch.aten.size.int %x, %int0 : !torch.vtensor<[?,3],f32>, !torch.int -> !torch.int
  %ok = torch.aten.ge.int %c, %int0 : !torch.int, !torch.int -> !torch.bool
  torch.runtime.assert %ok, "batch must not be negative"
  %0 = torch.tensor_static_info_cast %x : !torch.vtensor<[?,3],f32> to !torch.vtensor<*,f32>
  %1 = torch.tensor_static_info_cast %0 : !torch.vtensor<*,f32> to !torch.vtensor<[?,3],f32>
  %none = torch.constant.none
  %2 = torch.derefine %none : !torch.none to !torch.optional<int>
  %3 = torch.dtype.calculate {
    %4 = torch.aten.tanh %1 : !torch.vtensor<[?,3],f32> -> !torch.vtensor<[?,3],f32>
    torch.dtype.calculate.yield %4 : !torch.vtensor<[?,3],f32>
  } dtypes {
    %4 = torch.prim.dtype %1 : !torch.vtensor<[?,3],f32> -> !torch.int
    torch.dtype.calculate.yield.dtypes %4 : !torch.int
  } : !torch.vtensor<[?,3],f32>
  return %3 : !torch.vtensor<[?,3],f32>
}

// -----

// CHECK-LABEL: func.func @main_graph
// CHECK: %[[Q:.*]] = "onnx.QuantizeLinear"(%arg0, %{{.*}}, %{{.*}}) : (tensor<2x4xf32>, tensor<f32>, tensor<i8>) -> tensor<2x4xi8>
// CHECK: %[[C:.*]] = "onnx.Clip"(%[[Q]], %{{.*}}, %{{.*}}) : (tensor<2x4xi8>, tensor<i8>, tensor<i8>) -> tensor<2x4xi8>
// CHECK: "onnx.DequantizeLinear"(%[[C]], %{{.*}}, %{{.*}}) : (tensor<2x4xi8>, tensor<f32>, tensor<i8>) -> tensor<2x4xf32>
// CHECK: "onnx.QuantizeLinear"(%arg0, %{{.*}}, %{{.*}}) {axis = 1 : si64} : (tensor<2x4xf32>, tensor<4xf32>, tensor<4xui8>) -> tensor<2x4xui8>
// CHECK: "onnx.DequantizeLinear"(%{{.*}}, %{{.*}}, %{{.*}}) {axis = 1 : si64} : (tensor<2x4xui8>, tensor<4xf32>, none) -> tensor<2x4xf32>
func.func @main(%x: !torch.vtensor<[2,4],f32>) -> (!torch.vtensor<[2,4],f32>, !torch.vtensor<[2,4],f32>) {
  %scale = torch.constant.float 5.000000e-01
  %zp = torch.constant.int 1
  %qmin = torch.constant.int -127
  %qmax = torch.constant.int 127
  %int1 = torch.constant.int 1
  %none = torch.constant.none
  %q = torch.quantized_decomposed.quantize_per_tensor %x, %scale, %zp, %qmin, %qmax, %int1 : !torch.vtensor<[2,4],f32>, !torch.float, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2,4],si8>
  %dq = torch.quantized_decomposed.dequantize_per_tensor %q, %scale, %zp, %qmin, %qmax, %int1, %none : !torch.vtensor<[2,4],si8>, !torch.float, !torch.int, !torch.int, !torch.int, !torch.int, !torch.none -> !torch.vtensor<[2,4],f32>
  %scales = torch.vtensor.literal(dense<[1.0, 0.5, 0.25, 2.0]> : tensor<4xf32>) : !torch.vtensor<[4],f32>
  %zps = torch.vtensor.literal(dense<[0, 1, 2, 3]> : tensor<4xsi64>) : !torch.vtensor<[4],si64>
  %int0 = torch.constant.int 0
  %int255 = torch.constant.int 255
  %q2 = torch.quantized_decomposed.quantize_per_channel %x, %scales, %zps, %int1, %int0, %int255, %int0 : !torch.vtensor<[2,4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],si64>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[2,4],ui8>
  %dq2 = torch.quantized_decomposed.dequantize_per_channel %q2, %scales, %none, %int1, %int0, %int255, %int0, %none : !torch.vtensor<[2,4],ui8>, !torch.vtensor<[4],f32>, !torch.none, !torch.int, !torch.int, !torch.int, !torch.int, !torch.none -> !torch.vtensor<[2,4],f32>
  return %dq, %dq2 : !torch.vtensor<[2,4],f32>, !torch.vtensor<[2,4],f32>
}

// -----

// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.Cast"(%arg0) {to = 10 : si64} : (tensor<4xf32>) -> tensor<4xf16>
func.func @main(%x: !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f16> {
  %int5 = torch.constant.int 5
  %0 = torch.prims.convert_element_type %x, %int5 : !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[4],f16>
  return %0 : !torch.vtensor<[4],f16>
}

// -----

// Unsigned integers of every width are ONNX's.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: tensor<4xui32>
// CHECK: "onnx.Add"
func.func @main(%x: !torch.vtensor<[4],ui32>) -> !torch.vtensor<[4],ui32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.add.Tensor %x, %x, %int1 : !torch.vtensor<[4],ui32>, !torch.vtensor<[4],ui32>, !torch.int -> !torch.vtensor<[4],ui32>
  return %0 : !torch.vtensor<[4],ui32>
}

// -----

// Shifts are BitShift on unsigned bits; a signed right shift fills with
// ones, through the complement of negative values.
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.BitShift"(%{{.*}}, %{{.*}}) {direction = "LEFT"} : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xui32>
// CHECK: "onnx.Less"
// CHECK: "onnx.BitShift"(%{{.*}}, %{{.*}}) {direction = "RIGHT"} : (tensor<4xui32>, tensor<ui32>) -> tensor<4xui32>
// CHECK: "onnx.Where"
func.func @main(%x: !torch.vtensor<[4],si32>, %y: !torch.vtensor<[4],si32>) -> (!torch.vtensor<[4],si32>, !torch.vtensor<[4],si32>) {
  %0 = torch.aten.bitwise_left_shift.Tensor %x, %y : !torch.vtensor<[4],si32>, !torch.vtensor<[4],si32> -> !torch.vtensor<[4],si32>
  %int2 = torch.constant.int 2
  %1 = torch.aten.__rshift__.Scalar %x, %int2 : !torch.vtensor<[4],si32>, !torch.int -> !torch.vtensor<[4],si32>
  return %0, %1 : !torch.vtensor<[4],si32>, !torch.vtensor<[4],si32>
}

// -----

// __interpolate is Resize; grid_sampler is GridSample.
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.Resize"(%arg0, %{{.*}}, %{{.*}}, %{{.*}}) {coordinate_transformation_mode = "pytorch_half_pixel", mode = "linear"} : (tensor<1x1x2x4xf32>, none, none, tensor<4xi64>) -> tensor<1x1x4x8xf32>
// CHECK: "onnx.GridSample"(%arg0, %arg1) {align_corners = 0 : si64, mode = "bilinear", padding_mode = "border"} : (tensor<1x1x2x4xf32>, tensor<1x3x3x2xf32>) -> tensor<1x1x3x3xf32>
func.func @main(%x: !torch.vtensor<[1,1,2,4],f32>, %grid: !torch.vtensor<[1,3,3,2],f32>) -> (!torch.vtensor<[1,1,4,8],f32>, !torch.vtensor<[1,1,3,3],f32>) {
  %int4 = torch.constant.int 4
  %int8 = torch.constant.int 8
  %size = torch.prim.ListConstruct %int4, %int8 : (!torch.int, !torch.int) -> !torch.list<int>
  %none = torch.constant.none
  %str = torch.constant.str "bilinear"
  %false = torch.constant.bool false
  %0 = torch.aten.__interpolate.size_list_scale_list %x, %size, %none, %str, %false, %none, %false : !torch.vtensor<[1,1,2,4],f32>, !torch.list<int>, !torch.none, !torch.str, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[1,1,4,8],f32>
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %1 = torch.aten.grid_sampler %x, %grid, %int0, %int1, %false : !torch.vtensor<[1,1,2,4],f32>, !torch.vtensor<[1,3,3,2],f32>, !torch.int, !torch.int, !torch.bool -> !torch.vtensor<[1,1,3,3],f32>
  return %0, %1 : !torch.vtensor<[1,1,4,8],f32>, !torch.vtensor<[1,1,3,3],f32>
}

// -----

// torch-mlir's ONNX import writes Resize's coordinate and nearest modes
// into __interpolate's mode string.
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.Resize"(%arg0, %{{.*}}, %{{.*}}, %{{.*}}) {coordinate_transformation_mode = "half_pixel", mode = "nearest", nearest_mode = "round_prefer_floor"}
// CHECK: "onnx.Resize"(%arg0, %{{.*}}, %{{.*}}, %{{.*}}) {coordinate_transformation_mode = "asymmetric", mode = "linear"}
// CHECK: "onnx.Resize"(%arg0, %{{.*}}, %{{.*}}, %{{.*}}) {coordinate_transformation_mode = "pytorch_half_pixel", cubic_coeff_a = -7.500000e-01 : f32, mode = "cubic"}
func.func @main(%x: !torch.vtensor<[1,1,2,4],f32>) -> (!torch.vtensor<[1,1,4,8],f32>, !torch.vtensor<[1,1,4,8],f32>, !torch.vtensor<[1,1,4,8],f32>) {
  %int4 = torch.constant.int 4
  %int8 = torch.constant.int 8
  %size = torch.prim.ListConstruct %int4, %int8 : (!torch.int, !torch.int) -> !torch.list<int>
  %none = torch.constant.none
  %false = torch.constant.bool false
  %nearest = torch.constant.str "nearest_half_pixel,round_prefer_floor"
  %0 = torch.aten.__interpolate.size_list_scale_list %x, %size, %none, %nearest, %false, %none, %false : !torch.vtensor<[1,1,2,4],f32>, !torch.list<int>, !torch.none, !torch.str, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[1,1,4,8],f32>
  %linear = torch.constant.str "bilinear_asymmetric"
  %1 = torch.aten.__interpolate.size_list_scale_list %x, %size, %none, %linear, %false, %none, %false : !torch.vtensor<[1,1,2,4],f32>, !torch.list<int>, !torch.none, !torch.str, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[1,1,4,8],f32>
  %cubic = torch.constant.str "cubic"
  %2 = torch.aten.__interpolate.size_list_scale_list %x, %size, %none, %cubic, %false, %none, %false : !torch.vtensor<[1,1,2,4],f32>, !torch.list<int>, !torch.none, !torch.str, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[1,1,4,8],f32>
  return %0, %1, %2 : !torch.vtensor<[1,1,4,8],f32>, !torch.vtensor<[1,1,4,8],f32>, !torch.vtensor<[1,1,4,8],f32>
}
