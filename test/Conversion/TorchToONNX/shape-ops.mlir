// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// A static view is a Reshape to a constant shape.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK: %[[S:.*]] = "onnx.Initializer"() {{.*}}dense<[6, 4]> : tensor<2xi64>
// CHECK: "onnx.Reshape"(%[[X]], %[[S]]) : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<6x4xf32>
func.func @forward(%x: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[6,4],f32> {
  %m1 = torch.constant.int -1
  %int4 = torch.constant.int 4
  %s = torch.prim.ListConstruct %m1, %int4 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.view %x, %s : !torch.vtensor<[2,3,4],f32>, !torch.list<int> -> !torch.vtensor<[6,4],f32>
  return %0 : !torch.vtensor<[6,4],f32>
}

// -----

// x.view(x.size(0), -1) with a dynamic batch: the size of the same dim is
// copied (0), so the shape stays a constant, without Shape or Gather.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<?x3x4xf32>)
// CHECK-NOT: onnx.Shape
// CHECK-NOT: onnx.Gather
// CHECK: %[[S:.*]] = "onnx.Initializer"() {{.*}}dense<[0, -1]> : tensor<2xi64>
// CHECK: "onnx.Reshape"(%[[X]], %[[S]]) : (tensor<?x3x4xf32>, tensor<2xi64>) -> tensor<?x12xf32>
func.func @forward(%x: !torch.vtensor<[?,3,4],f32>) -> !torch.vtensor<[?,12],f32> {
  %int0 = torch.constant.int 0
  %m1 = torch.constant.int -1
  %n = torch.aten.size.int %x, %int0 : !torch.vtensor<[?,3,4],f32>, !torch.int -> !torch.int
  %s = torch.prim.ListConstruct %n, %m1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.view %x, %s : !torch.vtensor<[?,3,4],f32>, !torch.list<int> -> !torch.vtensor<[?,12],f32>
  return %0 : !torch.vtensor<[?,12],f32>
}

// -----

// A size computed at run time: Shape and Gather for the dynamic dim only.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<?x3x4xf32>, %[[Y:.*]]: tensor<?xf32>)
// CHECK: %[[SHAPE:.*]] = "onnx.Shape"(%[[X]]) : (tensor<?x3x4xf32>) -> tensor<3xi64>
// CHECK: %[[N:.*]] = "onnx.Gather"(%[[SHAPE]], %{{.*}}) {axis = 0 : si64} : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
// CHECK-DAG: %[[C:.*]] = "onnx.Initializer"() {{.*}}dense<12> : tensor<1xi64>
// CHECK-DAG: %[[N1:.*]] = "onnx.Unsqueeze"(%[[N]], %{{.*}})
// CHECK: %[[S:.*]] = "onnx.Concat"(%[[N1]], %[[C]]) {axis = 0 : si64}
// CHECK: "onnx.Reshape"(%[[Y]], %[[S]]) : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x12xf32>
func.func @forward(%x: !torch.vtensor<[?,3,4],f32>, %y: !torch.vtensor<[?],f32>) -> !torch.vtensor<[?,12],f32> {
  %int0 = torch.constant.int 0
  %int12 = torch.constant.int 12
  %n = torch.aten.size.int %x, %int0 : !torch.vtensor<[?,3,4],f32>, !torch.int -> !torch.int
  %s = torch.prim.ListConstruct %n, %int12 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.view %y, %s : !torch.vtensor<[?],f32>, !torch.list<int> -> !torch.vtensor<[?,12],f32>
  return %0 : !torch.vtensor<[?,12],f32>
}

// -----

// flatten(1): Flatten; flatten(0, 1): Reshape.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK: %[[F:.*]] = "onnx.Flatten"(%[[X]]) {axis = 1 : si64} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
// CHECK: "onnx.Reshape"(%[[X]], %{{.*}}) : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<6x4xf32>
func.func @forward(%x: !torch.vtensor<[2,3,4],f32>) -> (!torch.vtensor<[2,12],f32>, !torch.vtensor<[6,4],f32>) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %m1 = torch.constant.int -1
  %0 = torch.aten.flatten.using_ints %x, %int1, %m1 : !torch.vtensor<[2,3,4],f32>, !torch.int, !torch.int -> !torch.vtensor<[2,12],f32>
  %1 = torch.aten.flatten.using_ints %x, %int0, %int1 : !torch.vtensor<[2,3,4],f32>, !torch.int, !torch.int -> !torch.vtensor<[6,4],f32>
  return %0, %1 : !torch.vtensor<[2,12],f32>, !torch.vtensor<[6,4],f32>
}

// -----

// permute, transpose and t: Transpose.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[P:.*]] = "onnx.Transpose"(%{{.*}}) {perm = [2, 0, 1]} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
// CHECK: %[[T:.*]] = "onnx.Transpose"(%[[P]]) {perm = [0, 2, 1]} : (tensor<4x2x3xf32>) -> tensor<4x3x2xf32>
func.func @forward(%x: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[4,3,2],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %m1 = torch.constant.int -1
  %perm = torch.prim.ListConstruct %int2, %int0, %int1 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.permute %x, %perm : !torch.vtensor<[2,3,4],f32>, !torch.list<int> -> !torch.vtensor<[4,2,3],f32>
  %1 = torch.aten.transpose.int %0, %int1, %m1 : !torch.vtensor<[4,2,3],f32>, !torch.int, !torch.int -> !torch.vtensor<[4,3,2],f32>
  return %1 : !torch.vtensor<[4,3,2],f32>
}

// -----

// squeeze and unsqueeze: constant axes inputs.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<2x1x4xf32>)
// CHECK: %[[A1:.*]] = "onnx.Initializer"() {{.*}}dense<1> : tensor<1xi64>
// CHECK: %[[SQ:.*]] = "onnx.Squeeze"(%[[X]], %[[A1]]) : (tensor<2x1x4xf32>, tensor<1xi64>) -> tensor<2x4xf32>
// CHECK: %[[A2:.*]] = "onnx.Initializer"() {{.*}}dense<2> : tensor<1xi64>
// CHECK: "onnx.Unsqueeze"(%[[SQ]], %[[A2]]) : (tensor<2x4xf32>, tensor<1xi64>) -> tensor<2x4x1xf32>
func.func @forward(%x: !torch.vtensor<[2,1,4],f32>) -> !torch.vtensor<[2,4,1],f32> {
  %int1 = torch.constant.int 1
  %m1 = torch.constant.int -1
  %0 = torch.aten.squeeze.dim %x, %int1 : !torch.vtensor<[2,1,4],f32>, !torch.int -> !torch.vtensor<[2,4],f32>
  %1 = torch.aten.unsqueeze %0, %m1 : !torch.vtensor<[2,4],f32>, !torch.int -> !torch.vtensor<[2,4,1],f32>
  return %1 : !torch.vtensor<[2,4,1],f32>
}

// -----

// expand: Expand to a constant shape; repeat: Tile.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<1x4xf32>)
// CHECK: %[[S:.*]] = "onnx.Initializer"() {{.*}}dense<[3, 4]> : tensor<2xi64>
// CHECK: %[[E:.*]] = "onnx.Expand"(%[[X]], %[[S]]) : (tensor<1x4xf32>, tensor<2xi64>) -> tensor<3x4xf32>
// CHECK: %[[R:.*]] = "onnx.Initializer"() {{.*}}dense<[2, 1]> : tensor<2xi64>
// CHECK: "onnx.Tile"(%[[E]], %[[R]]) : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<6x4xf32>
func.func @forward(%x: !torch.vtensor<[1,4],f32>) -> !torch.vtensor<[6,4],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %m1 = torch.constant.int -1
  %false = torch.constant.bool false
  %s = torch.prim.ListConstruct %int3, %m1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.expand %x, %s, %false : !torch.vtensor<[1,4],f32>, !torch.list<int>, !torch.bool -> !torch.vtensor<[3,4],f32>
  %r = torch.prim.ListConstruct %int2, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %1 = torch.aten.repeat %0, %r : !torch.vtensor<[3,4],f32>, !torch.list<int> -> !torch.vtensor<[6,4],f32>
  return %1 : !torch.vtensor<[6,4],f32>
}

// -----

// contiguous forwards its operand.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT: return %[[X]]
func.func @forward(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
  %int0 = torch.constant.int 0
  %0 = torch.aten.contiguous %x, %int0 : !torch.vtensor<[2,3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// A static view to a shape with a 0 dim has no elements: a constant, not a
// Reshape whose 0 would copy the input's dim.
// CHECK-LABEL: func.func @main_graph
// CHECK-NOT: onnx.Reshape
// CHECK: %[[E:.*]] = "onnx.Initializer"() {{.*}} : tensor<0x3x2xf32>
// CHECK: return %[[E]]
func.func @forward(%x: !torch.vtensor<[2,0,3],f32>) -> !torch.vtensor<[0,3,2],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int3 = torch.constant.int 3
  %a = torch.aten.size.int %x, %int1 : !torch.vtensor<[2,0,3],f32>, !torch.int -> !torch.int
  %b = torch.aten.size.int %x, %int0 : !torch.vtensor<[2,0,3],f32>, !torch.int -> !torch.int
  %s = torch.prim.ListConstruct %a, %int3, %b : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.view %x, %s : !torch.vtensor<[2,0,3],f32>, !torch.list<int> -> !torch.vtensor<[0,3,2],f32>
  return %0 : !torch.vtensor<[0,3,2],f32>
}

// -----

// With a dynamic batch beside the 0 dim, the empty result is ConstantOfShape
// of the sizes themselves: the batch read at run time, the 0 kept.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<?x0x3xf32>)
// CHECK-NOT: onnx.Reshape
// CHECK: %[[SH:.*]] = "onnx.Shape"(%[[X]])
// CHECK: %[[N:.*]] = "onnx.Gather"(%[[SH]]
// CHECK: %[[SIZES:.*]] = "onnx.Concat"
// CHECK: "onnx.ConstantOfShape"(%[[SIZES]]) {value = dense<0.000000e+00> : tensor<1xf32>} : (tensor<3xi64>) -> tensor<?x0x3xf32>
func.func @forward(%x: !torch.vtensor<[?,0,3],f32>) -> !torch.vtensor<[?,0,3],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int3 = torch.constant.int 3
  %n = torch.aten.size.int %x, %int0 : !torch.vtensor<[?,0,3],f32>, !torch.int -> !torch.int
  %z = torch.aten.size.int %x, %int1 : !torch.vtensor<[?,0,3],f32>, !torch.int -> !torch.int
  %s = torch.prim.ListConstruct %n, %z, %int3 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.view %x, %s : !torch.vtensor<[?,0,3],f32>, !torch.list<int> -> !torch.vtensor<[?,0,3],f32>
  return %0 : !torch.vtensor<[?,0,3],f32>
}

// -----

// diagonal moves its two dims last, flattens them and steps over a row and
// a column: offset 1 of 5 x 6 starts at 1, steps by 7, and has 5 elements.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[T:.*]] = "onnx.Transpose"(%arg0) {perm = [2, 0, 1]}
// CHECK: %[[FLAT:.*]] = "onnx.Reshape"(%[[T]], %{{.*}}) : (tensor<4x5x6xf32>, tensor<2xi64>) -> tensor<4x30xf32>
// CHECK-DAG: %[[START:.*]] = "onnx.Initializer"() {{.*}}dense<1> : tensor<1xi64>
// CHECK-DAG: %[[END:.*]] = "onnx.Initializer"() {{.*}}dense<30> : tensor<1xi64>
// CHECK-DAG: %[[STEP:.*]] = "onnx.Initializer"() {{.*}}dense<7> : tensor<1xi64>
// CHECK: "onnx.Slice"(%[[FLAT]], %[[START]], %[[END]], %{{.*}}, %[[STEP]]) : {{.*}} -> tensor<4x5xf32>
func.func @forward(%x: !torch.vtensor<[5,6,4],f32>) -> !torch.vtensor<[4,5],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %0 = torch.aten.diagonal %x, %int1, %int0, %int1 : !torch.vtensor<[5,6,4],f32>, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4,5],f32>
  return %0 : !torch.vtensor<[4,5],f32>
}

// -----

// squeeze.dims drops the listed dims of size 1 only; repeat_interleave
// expands a new dim after `dim` and merges it.
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.Squeeze"(%arg0, %{{.*}}) : (tensor<1x3x1x2xf32>, tensor<2xi64>) -> tensor<3x2xf32>
// CHECK: %[[U:.*]] = "onnx.Unsqueeze"(%arg1, %{{.*}}) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<2x1x3xf32>
// CHECK: %[[E:.*]] = "onnx.Expand"(%[[U]], %{{.*}}) : (tensor<2x1x3xf32>, tensor<3xi64>) -> tensor<2x4x3xf32>
// CHECK: "onnx.Reshape"(%[[E]], %{{.*}}) : (tensor<2x4x3xf32>, tensor<2xi64>) -> tensor<8x3xf32>
func.func @forward(%x: !torch.vtensor<[1,3,1,2],f32>, %y: !torch.vtensor<[2,3],f32>) -> (!torch.vtensor<[3,2],f32>, !torch.vtensor<[8,3],f32>) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int4 = torch.constant.int 4
  %m2 = torch.constant.int -2
  %none = torch.constant.none
  %dims = torch.prim.ListConstruct %int0, %int1, %m2 : (!torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.squeeze.dims %x, %dims : !torch.vtensor<[1,3,1,2],f32>, !torch.list<int> -> !torch.vtensor<[3,2],f32>
  %1 = torch.aten.repeat_interleave.self_int %y, %int4, %int0, %none : !torch.vtensor<[2,3],f32>, !torch.int, !torch.int, !torch.none -> !torch.vtensor<[8,3],f32>
  return %0, %1 : !torch.vtensor<[3,2],f32>, !torch.vtensor<[8,3],f32>
}

// -----

// mT swaps the last two dims; atleast_3d makes a vector [1, n, 1].
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.Transpose"(%arg0) {perm = [0, 2, 1]} : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
// CHECK: %[[AXES:.*]] = "onnx.Initializer"() {{.*}}dense<[0, 2]> : tensor<2xi64>
// CHECK: "onnx.Unsqueeze"(%arg1, %[[AXES]]) : (tensor<5xf32>, tensor<2xi64>) -> tensor<1x5x1xf32>
func.func @forward(%x: !torch.vtensor<[2,3,4],f32>, %v: !torch.vtensor<[5],f32>) -> (!torch.vtensor<[2,4,3],f32>, !torch.vtensor<[1,5,1],f32>) {
  %0 = torch.aten.mT %x : !torch.vtensor<[2,3,4],f32> -> !torch.vtensor<[2,4,3],f32>
  %1 = torch.aten.atleast_3d %v : !torch.vtensor<[5],f32> -> !torch.vtensor<[1,5,1],f32>
  return %0, %1 : !torch.vtensor<[2,4,3],f32>, !torch.vtensor<[1,5,1],f32>
}

// -----

// repeat_interleave.Tensor: position j holds the number of runs that end
// at or before j, over a Range as long as the sum of the repeats.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[R:.*]] = "onnx.Cast"(%arg0) {to = 7 : si64} : (tensor<3xi32>) -> tensor<3xi64>
// CHECK: %[[N:.*]] = "onnx.ReduceSum"(%[[R]], %{{.*}}) {keepdims = 0 : si64} : (tensor<3xi64>, tensor<1xi64>) -> tensor<i64>
// CHECK: %[[J:.*]] = "onnx.Range"(%{{.*}}, %[[N]], %{{.*}}) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<?xi64>
// CHECK: %[[ENDS:.*]] = "onnx.CumSum"(%[[R]], %{{.*}}) : (tensor<3xi64>, tensor<i64>) -> tensor<3xi64>
// CHECK: %[[JC:.*]] = "onnx.Unsqueeze"(%[[J]], %{{.*}}) : (tensor<?xi64>, tensor<1xi64>) -> tensor<?x1xi64>
// CHECK: %[[ER:.*]] = "onnx.Unsqueeze"(%[[ENDS]], %{{.*}}) : (tensor<3xi64>, tensor<1xi64>) -> tensor<1x3xi64>
// CHECK: %[[LE:.*]] = "onnx.LessOrEqual"(%[[ER]], %[[JC]]) : (tensor<1x3xi64>, tensor<?x1xi64>) -> tensor<?x3xi1>
// CHECK: %[[C:.*]] = "onnx.Cast"(%[[LE]]) {to = 7 : si64}
// CHECK: %[[S:.*]] = "onnx.ReduceSum"(%[[C]], %{{.*}}) {keepdims = 0 : si64} : (tensor<?x3xi64>, tensor<1xi64>) -> tensor<?xi64>
// CHECK: "onnx.Cast"(%[[S]]) {to = 6 : si64} : (tensor<?xi64>) -> tensor<?xi32>
func.func @forward(%arg0: !torch.vtensor<[3],si32>) -> !torch.vtensor<[?],si32> {
  %none = torch.constant.none
  %0 = torch.aten.repeat_interleave.Tensor %arg0, %none : !torch.vtensor<[3],si32>, !torch.none -> !torch.vtensor<[?],si32>
  return %0 : !torch.vtensor<[?],si32>
}

// -----

// A constant output_size is the Range's length.
// CHECK-LABEL: func.func @main_graph
// CHECK-NOT: onnx.ReduceSum"(%arg0
// CHECK: "onnx.Range"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<6xi64>
func.func @forward(%arg0: !torch.vtensor<[4],si64>) -> !torch.vtensor<[6],si64> {
  %int6 = torch.constant.int 6
  %0 = torch.aten.repeat_interleave.Tensor %arg0, %int6 : !torch.vtensor<[4],si64>, !torch.int -> !torch.vtensor<[6],si64>
  return %0 : !torch.vtensor<[6],si64>
}

// -----

// repeat_interleave.self_Tensor gathers along `dim` at the repeated
// indices; its counts are expanded to the dim's size first, so that a
// single count applies to every element.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[COUNTS:.*]] = "onnx.Expand"(%arg1, %{{.*}}) : (tensor<1xi64>, tensor<1xi64>) -> tensor<3xi64>
// CHECK: "onnx.CumSum"(%[[COUNTS]], %{{.*}})
// CHECK: %[[I:.*]] = "onnx.ReduceSum"(%{{.*}}, %{{.*}}) {keepdims = 0 : si64} : (tensor<?x3xi64>, tensor<1xi64>) -> tensor<?xi64>
// CHECK: "onnx.Gather"(%arg0, %[[I]]) {axis = 1 : si64} : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<2x?xf32>
func.func @forward(%arg0: !torch.vtensor<[2,3],f32>, %arg1: !torch.vtensor<[1],si64>) -> !torch.vtensor<[2,?],f32> {
  %int1 = torch.constant.int 1
  %none = torch.constant.none
  %0 = torch.aten.repeat_interleave.self_Tensor %arg0, %arg1, %int1, %none : !torch.vtensor<[2,3],f32>, !torch.vtensor<[1],si64>, !torch.int, !torch.none -> !torch.vtensor<[2,?],f32>
  return %0 : !torch.vtensor<[2,?],f32>
}
