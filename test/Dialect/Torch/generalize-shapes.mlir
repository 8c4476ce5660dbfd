// RUN: torch-onnx-opt %s -split-input-file -torch-generalize-shapes="dynamic-dim=0:0=batch" | FileCheck %s

// The batch dim flows through linear and relu to the result.

// CHECK-LABEL: func.func @forward
// CHECK-SAME: (%[[X:.*]]: !torch.vtensor<[?,16],f32> {torch_onnx.dim_params = ["batch", ""], torch_onnx.name = "x"})
// CHECK-SAME: -> (!torch.vtensor<[?,8],f32> {torch_onnx.dim_params = ["batch", ""]})
// CHECK: %[[L:.*]] = torch.aten.linear %[[X]], %{{.*}}, %{{.*}} : !torch.vtensor<[?,16],f32>, !torch.vtensor<[8,16],f32>, !torch.vtensor<[8],f32> -> !torch.vtensor<[?,8],f32>
// CHECK: %[[R:.*]] = torch.aten.relu %[[L]] : !torch.vtensor<[?,8],f32> -> !torch.vtensor<[?,8],f32>
// CHECK: return %[[R]] : !torch.vtensor<[?,8],f32>
func.func @forward(%x: !torch.vtensor<[4,16],f32> {torch_onnx.name = "x"}) -> !torch.vtensor<[4,8],f32> {
  %w = torch.vtensor.literal(dense<5.000000e-01> : tensor<8x16xf32>) : !torch.vtensor<[8,16],f32>
  %b = torch.vtensor.literal(dense<0.000000e+00> : tensor<8xf32>) : !torch.vtensor<[8],f32>
  %0 = torch.aten.linear %x, %w, %b : !torch.vtensor<[4,16],f32>, !torch.vtensor<[8,16],f32>, !torch.vtensor<[8],f32> -> !torch.vtensor<[4,8],f32>
  %1 = torch.aten.relu %0 : !torch.vtensor<[4,8],f32> -> !torch.vtensor<[4,8],f32>
  return %1 : !torch.vtensor<[4,8],f32>
}

// -----

// A view whose size list holds the traced batch size: the entry becomes -1.
// With a -1 already in the list, it becomes the runtime size instead.

// CHECK-LABEL: func.func @forward
// CHECK-SAME: -> (!torch.vtensor<[?,2,4],f32> {torch_onnx.dim_params = ["batch", "", ""]}, !torch.vtensor<[?,24],f32> {torch_onnx.dim_params = ["batch", ""]})
// CHECK: %[[M1:.*]] = torch.constant.int -1
// CHECK: %[[L:.*]] = torch.prim.ListConstruct %[[M1]], %{{.*}}, %{{.*}} : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
// CHECK: torch.aten.view %{{.*}}, %[[L]] : !torch.vtensor<[?,8],f32>, !torch.list<int> -> !torch.vtensor<[?,2,4],f32>
// CHECK: %[[D0:.*]] = torch.constant.int 0
// CHECK: %[[N:.*]] = torch.aten.size.int %arg0, %[[D0]] : !torch.vtensor<[?,3,8],f32>, !torch.int -> !torch.int
// CHECK: %[[L2:.*]] = torch.prim.ListConstruct %[[N]], %{{.*}} : (!torch.int, !torch.int) -> !torch.list<int>
// CHECK: torch.aten.reshape %arg0, %[[L2]] : !torch.vtensor<[?,3,8],f32>, !torch.list<int> -> !torch.vtensor<[?,24],f32>
func.func @forward(%x: !torch.vtensor<[4,3,8],f32> {torch_onnx.name = "x"}) -> (!torch.vtensor<[4,2,4],f32>, !torch.vtensor<[4,24],f32>) {
  %int1 = torch.constant.int 1
  %int4 = torch.constant.int 4
  %int2 = torch.constant.int 2
  %false = torch.constant.bool false
  %none = torch.constant.none
  %dims = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %sum = torch.aten.sum.dim_IntList %x, %dims, %false, %none : !torch.vtensor<[4,3,8],f32>, !torch.list<int>, !torch.bool, !torch.none -> !torch.vtensor<[4,8],f32>
  %l = torch.prim.ListConstruct %int4, %int2, %int4 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.view %sum, %l : !torch.vtensor<[4,8],f32>, !torch.list<int> -> !torch.vtensor<[4,2,4],f32>
  %int-1 = torch.constant.int -1
  %l2 = torch.prim.ListConstruct %int4, %int-1 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.reshape %x, %l2 : !torch.vtensor<[4,3,8],f32>, !torch.list<int> -> !torch.vtensor<[4,24],f32>
  return %0, %1 : !torch.vtensor<[4,2,4],f32>, !torch.vtensor<[4,24],f32>
}

// -----

// A flatten of the batch dim into the features: the product becomes -1.

// CHECK-LABEL: func.func @forward
// CHECK: %[[M1:.*]] = torch.constant.int -1
// CHECK: %[[L:.*]] = torch.prim.ListConstruct %[[M1]], %{{.*}} : (!torch.int, !torch.int) -> !torch.list<int>
// CHECK: torch.aten.view %arg0, %[[L]] : !torch.vtensor<[?,3,8],f32>, !torch.list<int> -> !torch.vtensor<[?,8],f32>
func.func @forward(%x: !torch.vtensor<[4,3,8],f32> {torch_onnx.name = "x"}) -> !torch.vtensor<[12,8],f32> {
  %int12 = torch.constant.int 12
  %int8 = torch.constant.int 8
  %l = torch.prim.ListConstruct %int12, %int8 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.view %x, %l : !torch.vtensor<[4,3,8],f32>, !torch.list<int> -> !torch.vtensor<[12,8],f32>
  return %0 : !torch.vtensor<[12,8],f32>
}

// -----

// expand to the traced batch size: the entry becomes the runtime size.

// CHECK-LABEL: func.func @forward
// CHECK-SAME: -> (!torch.vtensor<[?,6],f32> {torch_onnx.dim_params = ["batch", ""]})
// CHECK: %[[D0:.*]] = torch.constant.int 0
// CHECK: %[[N:.*]] = torch.aten.size.int %arg0, %[[D0]] : !torch.vtensor<[?,1],f32>, !torch.int -> !torch.int
// CHECK: %[[L:.*]] = torch.prim.ListConstruct %[[N]], %{{.*}} : (!torch.int, !torch.int) -> !torch.list<int>
// CHECK: torch.aten.expand %arg0, %[[L]], %{{.*}} : !torch.vtensor<[?,1],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[?,6],f32>
func.func @forward(%x: !torch.vtensor<[4,1],f32> {torch_onnx.name = "x"}) -> !torch.vtensor<[4,6],f32> {
  %int4 = torch.constant.int 4
  %int6 = torch.constant.int 6
  %false = torch.constant.bool false
  %l = torch.prim.ListConstruct %int4, %int6 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.expand %x, %l, %false : !torch.vtensor<[4,1],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[4,6],f32>
  return %0 : !torch.vtensor<[4,6],f32>
}

// -----

// A slice to the traced end of the batch dim goes to the end; selecting the
// traced last index selects the last one.

// CHECK-LABEL: func.func @forward
// CHECK-SAME: -> (!torch.vtensor<[?,10],f32> {torch_onnx.dim_params = ["batch", ""]}, !torch.vtensor<[10],f32>)
// CHECK: %[[END:.*]] = torch.constant.int 9223372036854775807
// CHECK: torch.aten.slice.Tensor %arg0, %{{.*}}, %{{.*}}, %[[END]], %{{.*}} : !torch.vtensor<[?,10],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[?,10],f32>
// CHECK: %[[LAST:.*]] = torch.constant.int -1
// CHECK: torch.aten.select.int %arg0, %{{.*}}, %[[LAST]] : !torch.vtensor<[?,10],f32>, !torch.int, !torch.int -> !torch.vtensor<[10],f32>
func.func @forward(%x: !torch.vtensor<[4,10],f32> {torch_onnx.name = "x"}) -> (!torch.vtensor<[4,10],f32>, !torch.vtensor<[10],f32>) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int3 = torch.constant.int 3
  %int4 = torch.constant.int 4
  %0 = torch.aten.slice.Tensor %x, %int0, %int0, %int4, %int1 : !torch.vtensor<[4,10],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4,10],f32>
  %1 = torch.aten.select.int %x, %int0, %int3 : !torch.vtensor<[4,10],f32>, !torch.int, !torch.int -> !torch.vtensor<[10],f32>
  return %0, %1 : !torch.vtensor<[4,10],f32>, !torch.vtensor<[10],f32>
}

// -----

// Symbols reach the results through convolution, pooling and broadcasts; a
// dynamic result dim that equals no argument dim gets a fresh name; a
// zeros of the traced batch size follows the batch dim.

// CHECK-LABEL: func.func @forward
// CHECK-SAME: %arg0: !torch.vtensor<[?,3,8,8],f32> {torch_onnx.dim_params = ["batch", "", "", ""], torch_onnx.name = "image"}
// CHECK-SAME: %arg1: !torch.vtensor<[?],f32> {torch_onnx.dim_params = ["mask_dim_0"], torch_onnx.name = "mask"}
// CHECK-SAME: -> (!torch.vtensor<[?,4,8,8],f32> {torch_onnx.dim_params = ["batch", "", "", ""]},
// CHECK-SAME: !torch.vtensor<[?],f32> {torch_onnx.dim_params = ["forward_dim_0"]},
// CHECK-SAME: !torch.vtensor<[?,4],f32> {torch_onnx.dim_params = ["batch", ""]},
// CHECK-SAME: !torch.vtensor<[?],f32> {torch_onnx.dim_params = ["mask_dim_0"]},
// CHECK-SAME: !torch.vtensor<[4],f32>)
// CHECK: %[[D0:.*]] = torch.constant.int 0
// CHECK: %[[N:.*]] = torch.aten.size.int %arg0, %[[D0]]
// CHECK: %[[L:.*]] = torch.prim.ListConstruct %[[N]], %{{.*}} : (!torch.int, !torch.int) -> !torch.list<int>
// CHECK: torch.aten.zeros %[[L]], {{.*}} -> !torch.vtensor<[?,4],f32>
func.func @forward(%x: !torch.vtensor<[2,3,8,8],f32> {torch_onnx.name = "image"}, %m: !torch.vtensor<[?],f32> {torch_onnx.name = "mask"}) -> (!torch.vtensor<[2,4,8,8],f32>, !torch.vtensor<[512],f32>, !torch.vtensor<[2,4],f32>, !torch.vtensor<[?],f32>, !torch.vtensor<[4],f32>) {
  %w = torch.vtensor.literal(dense<1.000000e+00> : tensor<4x3x3x3xf32>) : !torch.vtensor<[4,3,3,3],f32>
  %none = torch.constant.none
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int4 = torch.constant.int 4
  %int-1 = torch.constant.int -1
  %one = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.conv2d %x, %w, %none, %one, %one, %one, %int1 : !torch.vtensor<[2,3,8,8],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[2,4,8,8],f32>
  %1 = torch.aten.flatten.using_ints %0, %int0, %int-1 : !torch.vtensor<[2,4,8,8],f32>, !torch.int, !torch.int -> !torch.vtensor<[512],f32>
  %size = torch.prim.ListConstruct %int2, %int4 : (!torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.aten.zeros %size, %none, %none, %none, %none : !torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2,4],f32>
  %3 = torch.aten.sigmoid %m : !torch.vtensor<[?],f32> -> !torch.vtensor<[?],f32>
  %4 = torch.aten.ones %size, %none, %none, %none, %none : !torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[2,4],f32>
  %5 = torch.aten.select.int %4, %int0, %int0 : !torch.vtensor<[2,4],f32>, !torch.int, !torch.int -> !torch.vtensor<[4],f32>
  return %0, %1, %2, %3, %5 : !torch.vtensor<[2,4,8,8],f32>, !torch.vtensor<[512],f32>, !torch.vtensor<[2,4],f32>, !torch.vtensor<[?],f32>, !torch.vtensor<[4],f32>
}

// -----

// A narrow of the whole batch dim takes the runtime size; arange, full and
// new_zeros to the traced batch size follow the batch.

// CHECK-LABEL: func.func @forward
// CHECK-SAME: -> (!torch.vtensor<[?,10],f32> {torch_onnx.dim_params = ["batch", ""]}, !torch.vtensor<[?],si64> {torch_onnx.dim_params = ["batch"]}, !torch.vtensor<[?,3],f32> {torch_onnx.dim_params = ["batch", ""]}, !torch.vtensor<[?,3],f32> {torch_onnx.dim_params = ["batch", ""]})
// CHECK: %[[N0:.*]] = torch.aten.size.int %arg0
// CHECK: torch.aten.narrow %arg0, %{{.*}}, %{{.*}}, %[[N0]]
// CHECK: %[[N1:.*]] = torch.aten.size.int %arg0
// CHECK: torch.aten.arange.start %{{.*}}, %[[N1]],
// CHECK: %[[N2:.*]] = torch.aten.size.int %arg0
// CHECK: %[[L2:.*]] = torch.prim.ListConstruct %[[N2]], %{{.*}}
// CHECK: torch.aten.full %[[L2]],
// CHECK: %[[N3:.*]] = torch.aten.size.int %arg0
// CHECK: %[[L3:.*]] = torch.prim.ListConstruct %[[N3]], %{{.*}}
// CHECK: torch.aten.new_zeros %arg0, %[[L3]],
func.func @forward(%x: !torch.vtensor<[4,10],f32> {torch_onnx.name = "x"}) -> (!torch.vtensor<[4,10],f32>, !torch.vtensor<[4],si64>, !torch.vtensor<[4,3],f32>, !torch.vtensor<[4,3],f32>) {
  %none = torch.constant.none
  %int0 = torch.constant.int 0
  %int3 = torch.constant.int 3
  %int4 = torch.constant.int 4
  %float = torch.constant.float 5.000000e-01
  %0 = torch.aten.narrow %x, %int0, %int0, %int4 : !torch.vtensor<[4,10],f32>, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4,10],f32>
  %1 = torch.aten.arange.start %int0, %int4, %none, %none, %none, %none : !torch.int, !torch.int, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[4],si64>
  %size = torch.prim.ListConstruct %int4, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.aten.full %size, %float, %none, %none, %none, %none : !torch.list<int>, !torch.float, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[4,3],f32>
  %3 = torch.aten.new_zeros %x, %size, %none, %none, %none, %none : !torch.vtensor<[4,10],f32>, !torch.list<int>, !torch.none, !torch.none, !torch.none, !torch.none -> !torch.vtensor<[4,3],f32>
  return %0, %1, %2, %3 : !torch.vtensor<[4,10],f32>, !torch.vtensor<[4],si64>, !torch.vtensor<[4,3],f32>, !torch.vtensor<[4,3],f32>
}

// -----

// A size read of an activation whose dim has the symbol of an argument dim
// reads the argument instead, so that equal reads become one.

// CHECK-LABEL: func.func @forward
// CHECK:         %[[RELU:.*]] = torch.aten.relu %arg0
// CHECK:         %[[ZERO:.*]] = torch.constant.int 0
// CHECK:         %[[N:.*]] = torch.aten.size.int %arg0, %[[ZERO]] : !torch.vtensor<[?,4],f32>
// CHECK:         torch.prim.ListConstruct %[[N]]
func.func @forward(%x: !torch.vtensor<[2,4],f32>) -> !torch.vtensor {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %y = torch.aten.relu %x : !torch.vtensor<[2,4],f32> -> !torch.vtensor<[2,4],f32>
  %n = torch.aten.size.int %y, %int0 : !torch.vtensor<[2,4],f32>, !torch.int -> !torch.int
  %int-1 = torch.constant.int -1
  %shape = torch.prim.ListConstruct %n, %int-1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.view %y, %shape : !torch.vtensor<[2,4],f32>, !torch.list<int> -> !torch.vtensor
  return %0 : !torch.vtensor
}
