// RUN: torch-onnx-opt %s -torch-refine-types -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @products
// CHECK: torch.aten.linear %{{.*}} -> !torch.vtensor<[?,4],f32>
// CHECK: torch.aten.addmm %{{.*}} -> !torch.vtensor<[3,7],f32>
// CHECK: torch.aten.matmul %{{.*}} -> !torch.vtensor<[2,?,3,5],f32>
// CHECK: torch.aten.matmul %{{.*}} -> !torch.vtensor<[5],f32>
// CHECK: torch.aten.matmul %{{.*}} -> !torch.vtensor<[2,?,3],f32>
// CHECK: torch.aten.mm %{{.*}} -> !torch.vtensor<[3,7],f32>
// CHECK: torch.aten.bmm %{{.*}} -> !torch.vtensor<[2,3,6],f32>
func.func @products(%x: !torch.vtensor<[?,16],f32>, %w: !torch.vtensor<[4,16],f32>, %b: !torch.vtensor<[4],f32>, %m1: !torch.vtensor<[3,5],f32>, %m2: !torch.vtensor<[5,7],f32>, %t: !torch.vtensor<[2,?,3,4],f32>, %m: !torch.vtensor<[4,5],f32>, %v: !torch.vtensor<[4],f32>, %b1: !torch.vtensor<[2,3,4],f32>, %b2: !torch.vtensor<[2,4,6],f32>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %int1 = torch.constant.int 1
  %0 = torch.aten.linear %x, %w, %b : !torch.vtensor<[?,16],f32>, !torch.vtensor<[4,16],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor
  %1 = torch.aten.addmm %b, %m1, %m2, %int1, %int1 : !torch.vtensor<[4],f32>, !torch.vtensor<[3,5],f32>, !torch.vtensor<[5,7],f32>, !torch.int, !torch.int -> !torch.vtensor
  %2 = torch.aten.matmul %t, %m : !torch.vtensor<[2,?,3,4],f32>, !torch.vtensor<[4,5],f32> -> !torch.vtensor
  %3 = torch.aten.matmul %v, %m : !torch.vtensor<[4],f32>, !torch.vtensor<[4,5],f32> -> !torch.vtensor
  %4 = torch.aten.matmul %t, %v : !torch.vtensor<[2,?,3,4],f32>, !torch.vtensor<[4],f32> -> !torch.vtensor
  %5 = torch.aten.mm %m1, %m2 : !torch.vtensor<[3,5],f32>, !torch.vtensor<[5,7],f32> -> !torch.vtensor
  %6 = torch.aten.bmm %b1, %b2 : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,4,6],f32> -> !torch.vtensor
  return %0, %1, %2, %3, %4, %5, %6 : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor
}

// -----

// LibTorch has no shape function of baddbmm: its rule takes the batch from
// whichever operand knows it.
// CHECK-LABEL: func.func @baddbmm
// CHECK: torch.aten.baddbmm %{{.*}} -> !torch.vtensor<[2,3,5],f32>
func.func @baddbmm(%s: !torch.vtensor<[?,3,5],f32>, %a: !torch.vtensor<[?,3,4],f32>, %b: !torch.vtensor<[2,4,5],f32>) -> !torch.vtensor {
  %int1 = torch.constant.int 1
  %0 = torch.aten.baddbmm %s, %a, %b, %int1, %int1 : !torch.vtensor<[?,3,5],f32>, !torch.vtensor<[?,3,4],f32>, !torch.vtensor<[2,4,5],f32>, !torch.int, !torch.int -> !torch.vtensor
  return %0 : !torch.vtensor
}

// -----

// Convolutions: stride, padding, dilation and groups.

// CHECK-LABEL: func.func @convolutions
// CHECK: torch.aten.conv2d %{{.*}} -> !torch.vtensor<[1,8,16,16],f32>
// CHECK: torch.aten.conv2d %{{.*}} -> !torch.vtensor<[2,4,6,6],f32>
// CHECK: torch.aten.conv1d %{{.*}} -> !torch.vtensor<[?,6,20],f32>
// CHECK: torch.aten.conv_transpose2d.input %{{.*}} -> !torch.vtensor<[1,4,10,10],f32>
// CHECK: torch.aten._convolution %{{.*}} -> !torch.vtensor<[1,6,7,7],f32>
// CHECK: torch.aten.conv2d.padding %{{.*}} -> !torch.vtensor<[1,6,9,9],f32>
func.func @convolutions(%x: !torch.vtensor<[1,3,32,32],f32>, %w: !torch.vtensor<[8,3,3,3],f32>, %g: !torch.vtensor<[2,4,10,10],f32>, %gw: !torch.vtensor<[4,1,3,3],f32>, %s: !torch.vtensor<[?,4,20],f32>, %sw: !torch.vtensor<[6,4,5],f32>, %t: !torch.vtensor<[1,8,5,5],f32>, %tw: !torch.vtensor<[8,4,3,3],f32>, %c: !torch.vtensor<[1,3,9,9],f32>, %cw: !torch.vtensor<[6,3,3,3],f32>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %none = torch.constant.none
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int4 = torch.constant.int 4
  %false = torch.constant.bool false
  %s2 = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p1 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %d1 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.conv2d %x, %w, %none, %s2, %p1, %d1, %int1 : !torch.vtensor<[1,3,32,32],f32>, !torch.vtensor<[8,3,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor
  %one = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %zero = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %two = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %1 = torch.aten.conv2d %g, %gw, %none, %one, %zero, %two, %int4 : !torch.vtensor<[2,4,10,10],f32>, !torch.vtensor<[4,1,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor
  // A "same" convolution keeps the unknown batch dim and the length.
  %2 = torch.aten.conv1d %s, %sw, %none, %one, %two, %one, %int1 : !torch.vtensor<[?,4,20],f32>, !torch.vtensor<[6,4,5],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor
  %3 = torch.aten.conv_transpose2d.input %t, %tw, %none, %s2, %p1, %p1, %int1, %d1 : !torch.vtensor<[1,8,5,5],f32>, !torch.vtensor<[8,4,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int, !torch.list<int> -> !torch.vtensor
  %p0 = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %4 = torch.aten._convolution %c, %cw, %none, %d1, %p0, %d1, %false, %p0, %int1, %false, %false, %false, %false : !torch.vtensor<[1,3,9,9],f32>, !torch.vtensor<[6,3,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.list<int>, !torch.int, !torch.bool, !torch.bool, !torch.bool, !torch.bool -> !torch.vtensor
  %same = torch.constant.str "same"
  %5 = torch.aten.conv2d.padding %c, %cw, %none, %d1, %same, %d1, %int1 : !torch.vtensor<[1,3,9,9],f32>, !torch.vtensor<[6,3,3,3],f32>, !torch.none, !torch.list<int>, !torch.str, !torch.list<int>, !torch.int -> !torch.vtensor
  return %0, %1, %2, %3, %4, %5 : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor
}

// -----

// Pooling, with and without ceil_mode.

// CHECK-LABEL: func.func @pooling
// CHECK: torch.aten.max_pool2d %{{.*}} -> !torch.vtensor<[1,8,3,3],f32>
// CHECK: torch.aten.max_pool2d %{{.*}} -> !torch.vtensor<[1,8,4,4],f32>
// CHECK: torch.aten.avg_pool2d %{{.*}} -> !torch.vtensor<[1,8,4,4],f32>
// CHECK: torch.aten.adaptive_avg_pool2d %{{.*}} -> !torch.vtensor<[1,8,1,1],f32>
// CHECK: torch.aten.max_pool2d_with_indices %{{.*}} -> !torch.vtensor<[1,8,3,3],f32>, !torch.vtensor<[1,8,3,3],si64>
// CHECK: torch.aten.max_pool2d %{{.*}} -> !torch.vtensor<[?,8,?,?],f32>
// The gradient of max_pool2d's input is like the input.
// CHECK: torch.aten.max_pool2d_with_indices_backward %{{.*}} -> !torch.vtensor<[1,8,8,8],f32>
func.func @pooling(%x: !torch.vtensor<[1,8,8,8],f32>, %y: !torch.vtensor<[?,8,?,?],f32>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %none = torch.constant.none
  %k3 = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %k2 = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p0 = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %d1 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %empty = torch.prim.ListConstruct : () -> !torch.list<int>
  %0 = torch.aten.max_pool2d %x, %k3, %k2, %p0, %d1, %false : !torch.vtensor<[1,8,8,8],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor
  %1 = torch.aten.max_pool2d %x, %k3, %k2, %p0, %d1, %true : !torch.vtensor<[1,8,8,8],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor
  %2 = torch.aten.avg_pool2d %x, %k2, %empty, %p0, %false, %true, %none : !torch.vtensor<[1,8,8,8],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor
  %o = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %3 = torch.aten.adaptive_avg_pool2d %x, %o : !torch.vtensor<[1,8,8,8],f32>, !torch.list<int> -> !torch.vtensor
  %4:2 = torch.aten.max_pool2d_with_indices %x, %k3, %k2, %p0, %d1, %false : !torch.vtensor<[1,8,8,8],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor, !torch.vtensor
  %5 = torch.aten.max_pool2d %y, %k3, %k2, %p0, %d1, %false : !torch.vtensor<[?,8,?,?],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor
  %6 = torch.aten.max_pool2d_with_indices_backward %4#0, %x, %k3, %k2, %p0, %d1, %false, %4#1 : !torch.vtensor, !torch.vtensor<[1,8,8,8],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.vtensor -> !torch.vtensor
  return %0, %1, %2, %3, %4#0, %4#1, %5, %6 : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor
}

// -----

// CHECK-LABEL: func.func @normalization
// CHECK: torch.aten.batch_norm %{{.*}} -> !torch.vtensor<[2,4,5],f32>
// CHECK: torch.aten.layer_norm %{{.*}} -> !torch.vtensor<[2,4,5],f32>
// CHECK: torch.aten.group_norm %{{.*}} -> !torch.vtensor<[2,4,5],f32>
// CHECK: torch.aten.native_layer_norm %{{.*}} -> !torch.vtensor<[2,4,5],f32>, !torch.vtensor<[2,4,1],f32>, !torch.vtensor<[2,4,1],f32>
// CHECK: torch.aten.softmax.int %{{.*}} -> !torch.vtensor<[2,4,5],f32>
// CHECK: torch.aten.log_softmax.int %{{.*}} -> !torch.vtensor<[2,4,5],f64>
func.func @normalization(%x: !torch.vtensor<[2,4,5],f32>, %c: !torch.vtensor<[4],f32>, %n: !torch.vtensor<[5],f32>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %float = torch.constant.float 1.000000e-05
  %momentum = torch.constant.float 1.000000e-01
  %int2 = torch.constant.int 2
  %int5 = torch.constant.int 5
  %int7 = torch.constant.int 7
  %int-1 = torch.constant.int -1
  %none = torch.constant.none
  %0 = torch.aten.batch_norm %x, %c, %c, %c, %c, %false, %momentum, %float, %true : !torch.vtensor<[2,4,5],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.vtensor
  %shape = torch.prim.ListConstruct %int5 : (!torch.int) -> !torch.list<int>
  %1 = torch.aten.layer_norm %x, %shape, %n, %n, %float, %true : !torch.vtensor<[2,4,5],f32>, !torch.list<int>, !torch.vtensor<[5],f32>, !torch.vtensor<[5],f32>, !torch.float, !torch.bool -> !torch.vtensor
  %2 = torch.aten.group_norm %x, %int2, %c, %c, %float, %true : !torch.vtensor<[2,4,5],f32>, !torch.int, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.float, !torch.bool -> !torch.vtensor
  %3:3 = torch.aten.native_layer_norm %x, %shape, %n, %n, %float : !torch.vtensor<[2,4,5],f32>, !torch.list<int>, !torch.vtensor<[5],f32>, !torch.vtensor<[5],f32>, !torch.float -> !torch.vtensor, !torch.vtensor, !torch.vtensor
  %4 = torch.aten.softmax.int %x, %int-1, %none : !torch.vtensor<[2,4,5],f32>, !torch.int, !torch.none -> !torch.vtensor
  %5 = torch.aten.log_softmax.int %x, %int-1, %int7 : !torch.vtensor<[2,4,5],f32>, !torch.int, !torch.int -> !torch.vtensor
  return %0, %1, %2, %3#0, %4, %5 : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor
}

// -----

// Recurrent layers: (output, h_n, c_n), sequence-first or batch-first.

// CHECK-LABEL: func.func @recurrent
// CHECK: torch.aten.lstm.input %{{.*}} -> !torch.vtensor<[5,?,40],f32>, !torch.vtensor<[2,?,20],f32>, !torch.vtensor<[2,?,20],f32>
// CHECK: torch.aten.gru.input %{{.*}} -> !torch.vtensor<[3,5,20],f32>, !torch.vtensor<[1,3,20],f32>
// CHECK: torch.aten.lstm_cell %{{.*}} -> !torch.vtensor<[3,20],f32>, !torch.vtensor<[3,20],f32>
func.func @recurrent(%x: !torch.vtensor<[5,?,10],f32>, %h0: !torch.vtensor<[2,?,20],f32>, %c0: !torch.vtensor<[2,?,20],f32>, %w: !torch.vtensor<[80,10],f32>, %y: !torch.vtensor<[3,5,10],f32>, %g0: !torch.vtensor<[1,3,20],f32>, %in: !torch.vtensor<[3,10],f32>, %hc: !torch.vtensor<[3,20],f32>, %wih: !torch.vtensor<[80,10],f32>, %whh: !torch.vtensor<[80,20],f32>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %int1 = torch.constant.int 1
  %float0 = torch.constant.float 0.000000e+00
  %none = torch.constant.none
  %hx = torch.prim.ListConstruct %h0, %c0 : (!torch.vtensor<[2,?,20],f32>, !torch.vtensor<[2,?,20],f32>) -> !torch.list<vtensor>
  %params = torch.prim.ListConstruct %w : (!torch.vtensor<[80,10],f32>) -> !torch.list<vtensor>
  %0:3 = torch.aten.lstm.input %x, %hx, %params, %true, %int1, %float0, %false, %true, %false : !torch.vtensor<[5,?,10],f32>, !torch.list<vtensor>, !torch.list<vtensor>, !torch.bool, !torch.int, !torch.float, !torch.bool, !torch.bool, !torch.bool -> !torch.vtensor, !torch.vtensor, !torch.vtensor
  %1:2 = torch.aten.gru.input %y, %g0, %params, %true, %int1, %float0, %false, %false, %true : !torch.vtensor<[3,5,10],f32>, !torch.vtensor<[1,3,20],f32>, !torch.list<vtensor>, !torch.bool, !torch.int, !torch.float, !torch.bool, !torch.bool, !torch.bool -> !torch.vtensor, !torch.vtensor
  %cell = torch.prim.ListConstruct %hc, %hc : (!torch.vtensor<[3,20],f32>, !torch.vtensor<[3,20],f32>) -> !torch.list<vtensor>
  %2:2 = torch.aten.lstm_cell %in, %cell, %wih, %whh, %none, %none : !torch.vtensor<[3,10],f32>, !torch.list<vtensor>, !torch.vtensor<[80,10],f32>, !torch.vtensor<[80,20],f32>, !torch.none, !torch.none -> !torch.vtensor, !torch.vtensor
  return %0#0, %0#1, %1#0, %1#1, %2#0, %2#1 : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor
}

// -----

// CHECK-LABEL: func.func @attention
// CHECK: torch.aten._native_multi_head_attention %{{.*}} -> !torch.vtensor<[2,5,16],f32>, !torch.vtensor<[2,5,7],f32>
// CHECK: torch.aten._transformer_encoder_layer_fwd %{{.*}} -> !torch.vtensor<[2,5,16],f32>
// CHECK: torch.aten.einsum %{{.*}} -> !torch.vtensor<[2,5,7],f32>
func.func @attention(%q: !torch.vtensor<[2,5,16],f32>, %k: !torch.vtensor<[2,7,16],f32>, %wqkv: !torch.vtensor<[48,16],f32>, %bqkv: !torch.vtensor<[48],f32>, %wo: !torch.vtensor<[16,16],f32>, %bo: !torch.vtensor<[16],f32>) -> (!torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor) {
  %int16 = torch.constant.int 16
  %int4 = torch.constant.int 4
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %none = torch.constant.none
  %float = torch.constant.float 1.000000e-05
  %0:2 = torch.aten._native_multi_head_attention %q, %k, %k, %int16, %int4, %wqkv, %bqkv, %wo, %bo, %none, %true, %true, %none : !torch.vtensor<[2,5,16],f32>, !torch.vtensor<[2,7,16],f32>, !torch.vtensor<[2,7,16],f32>, !torch.int, !torch.int, !torch.vtensor<[48,16],f32>, !torch.vtensor<[48],f32>, !torch.vtensor<[16,16],f32>, !torch.vtensor<[16],f32>, !torch.none, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor, !torch.vtensor
  %1 = torch.aten._transformer_encoder_layer_fwd %q, %int16, %int4, %wqkv, %bqkv, %wo, %bo, %false, %false, %float, %bo, %bo, %bo, %bo, %wo, %bo, %wo, %bo, %none, %none : !torch.vtensor<[2,5,16],f32>, !torch.int, !torch.int, !torch.vtensor<[48,16],f32>, !torch.vtensor<[48],f32>, !torch.vtensor<[16,16],f32>, !torch.vtensor<[16],f32>, !torch.bool, !torch.bool, !torch.float, !torch.vtensor<[16],f32>, !torch.vtensor<[16],f32>, !torch.vtensor<[16],f32>, !torch.vtensor<[16],f32>, !torch.vtensor<[16,16],f32>, !torch.vtensor<[16],f32>, !torch.vtensor<[16,16],f32>, !torch.vtensor<[16],f32>, !torch.none, !torch.none -> !torch.vtensor
  %eq = torch.constant.str "bqd,bkd->bqk"
  %l = torch.prim.ListConstruct %q, %k : (!torch.vtensor<[2,5,16],f32>, !torch.vtensor<[2,7,16],f32>) -> !torch.list<vtensor>
  %2 = torch.aten.einsum %eq, %l, %none : !torch.str, !torch.list<vtensor>, !torch.none -> !torch.vtensor
  return %0#0, %0#1, %1, %2 : !torch.vtensor, !torch.vtensor, !torch.vtensor, !torch.vtensor
}

// -----

// scaled_dot_product_attention: the query's shape with the value's last dim;
// a dynamic query length stays dynamic.

// CHECK-LABEL: func.func @scaled_dot_product_attention
// CHECK: torch.aten.scaled_dot_product_attention %{{.*}} -> !torch.vtensor<[2,4,?,6],f32>
func.func @scaled_dot_product_attention(%q: !torch.vtensor<[2,4,?,8],f32>, %k: !torch.vtensor<[2,4,7,8],f32>, %v: !torch.vtensor<[2,4,7,6],f32>) -> !torch.vtensor {
  %none = torch.constant.none
  %zero = torch.constant.float 0.000000e+00
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v, %none, %zero, %true, %none, %false : !torch.vtensor<[2,4,?,8],f32>, !torch.vtensor<[2,4,7,8],f32>, !torch.vtensor<[2,4,7,6],f32>, !torch.none, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor
  return %0 : !torch.vtensor
}

// -----

// im2col: [N, C * kh * kw, windows].

// CHECK-LABEL: func.func @im2col
// CHECK: torch.aten.im2col %{{.*}} -> !torch.vtensor<[0,12,9],f32>
func.func @im2col(%x: !torch.vtensor<[0,3,5,4],f32>) -> !torch.vtensor {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %k = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.im2col %x, %k, %d, %p, %s : !torch.vtensor<[0,3,5,4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int> -> !torch.vtensor
  return %0 : !torch.vtensor
}
