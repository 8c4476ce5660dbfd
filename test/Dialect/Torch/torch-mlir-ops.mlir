// The ops and dtypes of torch-mlir's Torch dialect beyond the aten ops
// parse and round-trip: type refinement, checks, symbolic shapes, shape and
// dtype functions, ONNX import nodes with regions, prims and the PT2E
// quantization ops, quantized and float8 dtypes.
// RUN: torch-onnx-opt %s -split-input-file | torch-onnx-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @refinement
// CHECK: torch.derefine %{{.*}} : !torch.int to !torch.optional<int>
// CHECK: torch.tensor_static_info_cast %{{.*}} : !torch.vtensor<[2,3],f32> to !torch.vtensor<*,f32>
// CHECK: torch.runtime.assert %{{.*}}, "x must be positive"
func.func @refinement(%x: !torch.vtensor<[2,3],f32>, %i: !torch.int) -> (!torch.optional<int>, !torch.vtensor<*,f32>) {
  %0 = torch.derefine %i : !torch.int to !torch.optional<int>
  %1 = torch.tensor_static_info_cast %x : !torch.vtensor<[2,3],f32> to !torch.vtensor<*,f32>
  %int0 = torch.constant.int 0
  %2 = torch.aten.gt.int %i, %int0 : !torch.int, !torch.int -> !torch.bool
  torch.runtime.assert %2, "x must be positive"
  return %0, %1 : !torch.optional<int>, !torch.vtensor<*,f32>
}

// -----

// CHECK-LABEL: func.func @symbolic
// CHECK: %[[S0:.*]] = torch.symbolic_int "s0" {min_val = 2, max_val = 1024} : !torch.int
// CHECK: torch.bind_symbolic_shape %{{.*}}, [%[[S0]]], #{{.*}} : !torch.vtensor<[?,3],f32>
func.func @symbolic(%x: !torch.vtensor<[?,3],f32>) -> !torch.vtensor<[?,3],f32> {
  %0 = torch.symbolic_int "s0" {min_val = 2, max_val = 1024} : !torch.int
  torch.bind_symbolic_shape %x, [%0], affine_map<()[s0] -> (s0, 3)> : !torch.vtensor<[?,3],f32>
  return %x : !torch.vtensor<[?,3],f32>
}

// -----

// CHECK-LABEL: func.func @calculate
// CHECK: torch.dtype.calculate {
// CHECK: torch.dtype.calculate.yield %{{.*}} : !torch.vtensor<[2],f32>
// CHECK: } dtypes {
// CHECK: torch.dtype.calculate.yield.dtypes %{{.*}} : !torch.int
// CHECK: } : !torch.vtensor<[2],f32>
// CHECK: torch.shape.calculate {
// CHECK: } shapes {
func.func @calculate(%x: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> {
  %0 = torch.dtype.calculate {
    %1 = torch.aten.tanh %x : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
    torch.dtype.calculate.yield %1 : !torch.vtensor<[2],f32>
  } dtypes {
    %1 = torch.prim.dtype %x : !torch.vtensor<[2],f32> -> !torch.int
    torch.dtype.calculate.yield.dtypes %1 : !torch.int
  } : !torch.vtensor<[2],f32>
  %2 = torch.shape.calculate {
    torch.shape.calculate.yield %0 : !torch.vtensor<[2],f32>
  } shapes {
    %int2 = torch.constant.int 2
    %3 = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
    torch.shape.calculate.yield.shapes %3 : !torch.list<int>
  } : !torch.vtensor<[2],f32>
  return %2 : !torch.vtensor<[2],f32>
}

// -----

// CHECK-LABEL: func.func @onnx_if
// CHECK: torch.operator "onnx.If"(%{{.*}}) : (!torch.vtensor<[1],i1>) -> !torch.vtensor<[2],f32> {
// CHECK: torch.operator_terminator %{{.*}} : !torch.vtensor<[2],f32>
// CHECK: }, {
func.func @onnx_if(%c: !torch.vtensor<[1],i1>, %a: !torch.vtensor<[2],f32>, %b: !torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32> attributes {torch.onnx_meta.opset_version = 19 : si64} {
  %0 = torch.operator "onnx.If"(%c) : (!torch.vtensor<[1],i1>) -> !torch.vtensor<[2],f32> {
    torch.operator_terminator %a : !torch.vtensor<[2],f32>
  }, {
    torch.operator_terminator %b : !torch.vtensor<[2],f32>
  }
  return %0 : !torch.vtensor<[2],f32>
}

// -----

// CHECK-LABEL: func.func @registry_ops
// CHECK: torch.prims.convert_element_type %{{.*}}, %{{.*}} : !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[4],f16>
// CHECK: torch.quantized_decomposed.quantize_per_tensor %{{.*}} -> !torch.vtensor<[4],si8>
// CHECK: torch.quantized_decomposed.dequantize_per_tensor %{{.*}} -> !torch.vtensor<[4],f32>
// CHECK: torch.aten.bitwise_left_shift.Tensor
// CHECK: torch.aten.convolution_backward
func.func @registry_ops(%x: !torch.vtensor<[4],f32>, %i: !torch.vtensor<[4],si32>, %g: !torch.vtensor<[1,1,3,3],f32>, %in: !torch.vtensor<[1,1,3,3],f32>, %w: !torch.vtensor<[1,1,1,1],f32>) -> (!torch.vtensor<[4],f16>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],si32>, !torch.vtensor<[1,1,3,3],f32>) {
  %int5 = torch.constant.int 5
  %0 = torch.prims.convert_element_type %x, %int5 : !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[4],f16>
  %scale = torch.constant.float 5.000000e-01
  %zp = torch.constant.int 1
  %qmin = torch.constant.int -128
  %qmax = torch.constant.int 127
  %int1 = torch.constant.int 1
  %none = torch.constant.none
  %q = torch.quantized_decomposed.quantize_per_tensor %x, %scale, %zp, %qmin, %qmax, %int1 : !torch.vtensor<[4],f32>, !torch.float, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4],si8>
  %dq = torch.quantized_decomposed.dequantize_per_tensor %q, %scale, %zp, %qmin, %qmax, %int1, %none : !torch.vtensor<[4],si8>, !torch.float, !torch.int, !torch.int, !torch.int, !torch.int, !torch.none -> !torch.vtensor<[4],f32>
  %s = torch.aten.bitwise_left_shift.Tensor %i, %i : !torch.vtensor<[4],si32>, !torch.vtensor<[4],si32> -> !torch.vtensor<[4],si32>
  %int0 = torch.constant.int 0
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %l1 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %l0 = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %mask = torch.prim.ListConstruct %true, %false, %false : (!torch.bool, !torch.bool, !torch.bool) -> !torch.list<bool>
  %gi, %gw, %gb = torch.aten.convolution_backward %g, %in, %w, %none, %l1, %l0, %l1, %false, %l0, %int1, %mask : !torch.vtensor<[1,1,3,3],f32>, !torch.vtensor<[1,1,3,3],f32>, !torch.vtensor<[1,1,1,1],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.list<bool> -> !torch.vtensor<[1,1,3,3],f32>, !torch.vtensor<[1,1,1,1],f32>, !torch.vtensor<[1],f32>
  return %0, %dq, %s, %gi : !torch.vtensor<[4],f16>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],si32>, !torch.vtensor<[1,1,3,3],f32>
}

// -----

// CHECK-LABEL: func.func @dtypes
// CHECK-SAME: !torch.vtensor<[2],f8E4M3FN>
// CHECK-SAME: !torch.vtensor<[2],f8E5M2>
// CHECK-SAME: !torch.vtensor<[2],f8E4M3FNUZ>
// CHECK-SAME: !torch.vtensor<[2],f8E5M2FNUZ>
// CHECK-SAME: !torch.vtensor<[2],f4E2M1FN>
// CHECK-SAME: !torch.vtensor<[2],si4>
// CHECK-SAME: !torch.vtensor<[2],ui4>
// CHECK-SAME: !torch.vtensor<[2],ui16>
// CHECK-SAME: !torch.vtensor<[2],ui32>
// CHECK-SAME: !torch.vtensor<[2],ui64>
// CHECK-SAME: !torch.vtensor<[2],complex<bf16>>
// CHECK-SAME: !torch.vtensor<[2],!torch.qint8>
// CHECK-SAME: !torch.vtensor<[2],!torch.quint8>
// CHECK-SAME: !torch.vtensor<[2],!torch.qint32>
func.func @dtypes(%a: !torch.vtensor<[2],f8E4M3FN>, %b: !torch.vtensor<[2],f8E5M2>, %c: !torch.vtensor<[2],f8E4M3FNUZ>, %d: !torch.vtensor<[2],f8E5M2FNUZ>, %e: !torch.vtensor<[2],f4E2M1FN>, %f: !torch.vtensor<[2],si4>, %g: !torch.vtensor<[2],ui4>, %h: !torch.vtensor<[2],ui16>, %i: !torch.vtensor<[2],ui32>, %j: !torch.vtensor<[2],ui64>, %k: !torch.vtensor<[2],complex<bf16>>, %l: !torch.vtensor<[2],!torch.qint8>, %m: !torch.vtensor<[2],!torch.quint8>, %n: !torch.vtensor<[2],!torch.qint32>) {
  return
}
