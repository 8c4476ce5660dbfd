// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// slice with an open end: Slice up to INT64_MAX.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<4x6xf32>)
// CHECK-DAG: %[[ST:.*]] = "onnx.Initializer"() {{.*}}dense<2> : tensor<1xi64>
// CHECK-DAG: %[[EN:.*]] = "onnx.Initializer"() {{.*}}dense<9223372036854775807> : tensor<1xi64>
// CHECK-DAG: %[[AX:.*]] = "onnx.Initializer"() {{.*}}dense<1> : tensor<1xi64>
// CHECK-DAG: %[[SP:.*]] = "onnx.Initializer"() {{.*}}dense<2> : tensor<1xi64>
// CHECK: "onnx.Slice"(%[[X]], %[[ST]], %[[EN]], %[[AX]], %[[SP]]) : {{.*}} -> tensor<4x2xf32>
func.func @forward(%x: !torch.vtensor<[4,6],f32>) -> !torch.vtensor<[4,2],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %none = torch.constant.none
  %0 = torch.aten.slice.Tensor %x, %int1, %int2, %none, %int2 : !torch.vtensor<[4,6],f32>, !torch.int, !torch.int, !torch.none, !torch.int -> !torch.vtensor<[4,2],f32>
  return %0 : !torch.vtensor<[4,2],f32>
}

// -----

// A negative step, as torch-mlir's ONNX import writes it, keeps Slice's
// meaning: an absent start is the end, an absent end is before the start.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<4x6xf32>)
// CHECK-DAG: %[[ST:.*]] = "onnx.Initializer"() {{.*}}dense<9223372036854775807> : tensor<1xi64>
// CHECK-DAG: %[[EN:.*]] = "onnx.Initializer"() {{.*}}dense<-9223372036854775808> : tensor<1xi64>
// CHECK-DAG: %[[AX:.*]] = "onnx.Initializer"() {{.*}}dense<0> : tensor<1xi64>
// CHECK-DAG: %[[SP:.*]] = "onnx.Initializer"() {{.*}}dense<-1> : tensor<1xi64>
// CHECK: "onnx.Slice"(%[[X]], %[[ST]], %[[EN]], %[[AX]], %[[SP]]) : {{.*}} -> tensor<4x6xf32>
func.func @forward(%x: !torch.vtensor<[4,6],f32>) -> !torch.vtensor<[4,6],f32> {
  %int0 = torch.constant.int 0
  %int-1 = torch.constant.int -1
  %none = torch.constant.none
  %0 = torch.aten.slice.Tensor %x, %int0, %none, %none, %int-1 : !torch.vtensor<[4,6],f32>, !torch.int, !torch.none, !torch.none, !torch.int -> !torch.vtensor<[4,6],f32>
  return %0 : !torch.vtensor<[4,6],f32>
}

// -----

// A slice of everything is its input.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<4x6xf32>)
// CHECK-NEXT: return %[[X]]
func.func @forward(%x: !torch.vtensor<[4,6],f32>) -> !torch.vtensor<[4,6],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %big = torch.constant.int 9223372036854775807
  %0 = torch.aten.slice.Tensor %x, %int0, %int0, %big, %int1 : !torch.vtensor<[4,6],f32>, !torch.int, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[4,6],f32>
  return %0 : !torch.vtensor<[4,6],f32>
}

// -----

// select: Gather with a 0-d index; index_select: Gather.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<4x6xf32>, %[[I:.*]]: tensor<2xi64>)
// CHECK: %[[IDX:.*]] = "onnx.Initializer"() {{.*}}dense<-1> : tensor<i64>
// CHECK: %[[S:.*]] = "onnx.Gather"(%[[X]], %[[IDX]]) {axis = 0 : si64} : (tensor<4x6xf32>, tensor<i64>) -> tensor<6xf32>
// CHECK: "onnx.Gather"(%[[X]], %[[I]]) {axis = 1 : si64} : (tensor<4x6xf32>, tensor<2xi64>) -> tensor<4x2xf32>
func.func @forward(%x: !torch.vtensor<[4,6],f32>, %i: !torch.vtensor<[2],si64>) -> (!torch.vtensor<[6],f32>, !torch.vtensor<[4,2],f32>) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %m1 = torch.constant.int -1
  %0 = torch.aten.select.int %x, %int0, %m1 : !torch.vtensor<[4,6],f32>, !torch.int, !torch.int -> !torch.vtensor<[6],f32>
  %1 = torch.aten.index_select %x, %int1, %i : !torch.vtensor<[4,6],f32>, !torch.int, !torch.vtensor<[2],si64> -> !torch.vtensor<[4,2],f32>
  return %0, %1 : !torch.vtensor<[6],f32>, !torch.vtensor<[4,2],f32>
}

// -----

// gather: GatherElements.
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.GatherElements"(%{{.*}}, %{{.*}}) {axis = 1 : si64} : (tensor<4x6xf32>, tensor<4x2xi64>) -> tensor<4x2xf32>
func.func @forward(%x: !torch.vtensor<[4,6],f32>, %i: !torch.vtensor<[4,2],si64>) -> !torch.vtensor<[4,2],f32> {
  %int1 = torch.constant.int 1
  %false = torch.constant.bool false
  %0 = torch.aten.gather %x, %int1, %i, %false : !torch.vtensor<[4,6],f32>, !torch.int, !torch.vtensor<[4,2],si64>, !torch.bool -> !torch.vtensor<[4,2],f32>
  return %0 : !torch.vtensor<[4,2],f32>
}

// -----

// take_along_dim broadcasts self and the indices in the other dims: each is
// expanded to the other's shape with 1 at the axis.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[KEEP:.*]] = "onnx.Initializer"() {{.*}}dense<[1, 0]> : tensor<2xi64>
// CHECK: %[[ISIZES:.*]] = "onnx.Initializer"() {{.*}}dense<[4, 2]> : tensor<2xi64>
// CHECK: %[[ISHAPE:.*]] = "onnx.Mul"(%[[ISIZES]], %[[KEEP]])
// CHECK: %[[UNIT:.*]] = "onnx.Initializer"() {{.*}}dense<[0, 1]> : tensor<2xi64>
// CHECK: %[[ITARGET:.*]] = "onnx.Add"(%[[ISHAPE]], %[[UNIT]])
// CHECK: %[[X:.*]] = "onnx.Expand"(%arg0, %[[ITARGET]]) : (tensor<1x6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
// CHECK: %[[I:.*]] = "onnx.Expand"(%arg1, %{{.*}}) : (tensor<4x2xi64>, tensor<2xi64>) -> tensor<?x?xi64>
// CHECK: "onnx.GatherElements"(%[[X]], %[[I]]) {axis = 1 : si64} : (tensor<?x?xf32>, tensor<?x?xi64>) -> tensor<4x2xf32>
func.func @forward(%x: !torch.vtensor<[1,6],f32>, %i: !torch.vtensor<[4,2],si64>) -> !torch.vtensor<[4,2],f32> {
  %int1 = torch.constant.int 1
  %0 = torch.aten.take_along_dim %x, %i, %int1 : !torch.vtensor<[1,6],f32>, !torch.vtensor<[4,2],si64>, !torch.int -> !torch.vtensor<[4,2],f32>
  return %0 : !torch.vtensor<[4,2],f32>
}

// -----

// index.Tensor with one index tensor on dim 1: Gather.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<4x6xf32>, %[[I:.*]]: tensor<3xi64>)
// CHECK: "onnx.Gather"(%[[X]], %[[I]]) {axis = 1 : si64} : (tensor<4x6xf32>, tensor<3xi64>) -> tensor<4x3xf32>
func.func @forward(%x: !torch.vtensor<[4,6],f32>, %i: !torch.vtensor<[3],si64>) -> !torch.vtensor<[4,3],f32> {
  %none = torch.constant.none
  %idx = torch.prim.ListConstruct %none, %i : (!torch.none, !torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  %0 = torch.aten.index.Tensor %x, %idx : !torch.vtensor<[4,6],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[4,3],f32>
  return %0 : !torch.vtensor<[4,3],f32>
}

// -----

// index.Tensor with indices on the leading dims: GatherND.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<4x6xf32>, %[[I:.*]]: tensor<3xi64>, %[[J:.*]]: tensor<3xi64>)
// CHECK: %[[UI:.*]] = "onnx.Unsqueeze"(%[[I]], %{{.*}}) : (tensor<3xi64>, tensor<1xi64>) -> tensor<3x1xi64>
// CHECK: %[[UJ:.*]] = "onnx.Unsqueeze"(%[[J]], %{{.*}}) : (tensor<3xi64>, tensor<1xi64>) -> tensor<3x1xi64>
// CHECK: %[[C:.*]] = "onnx.Concat"(%[[UI]], %[[UJ]]) {axis = 1 : si64}
// CHECK: "onnx.GatherND"(%[[X]], %[[C]]) : (tensor<4x6xf32>, tensor<3x2xi64>) -> tensor<3xf32>
func.func @forward(%x: !torch.vtensor<[4,6],f32>, %i: !torch.vtensor<[3],si64>, %j: !torch.vtensor<[3],si64>) -> !torch.vtensor<[3],f32> {
  %idx = torch.prim.ListConstruct %i, %j : (!torch.vtensor<[3],si64>, !torch.vtensor<[3],si64>) -> !torch.list<optional<vtensor>>
  %0 = torch.aten.index.Tensor %x, %idx : !torch.vtensor<[4,6],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// Indices of different shapes broadcast against each other, as in
// x[rows[:, None], cols[None, :]]: each is expanded to the shape of their sum
// before they are stacked for GatherND.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<4x6xf32>, %[[I:.*]]: tensor<?x1xi64>, %[[J:.*]]: tensor<1x?xi64>)
// CHECK: %[[SUM:.*]] = "onnx.Add"(%[[I]], %[[J]]) : (tensor<?x1xi64>, tensor<1x?xi64>) -> tensor<?x?xi64>
// CHECK: %[[SHAPE:.*]] = "onnx.Shape"(%[[SUM]])
// CHECK: %[[EI:.*]] = "onnx.Expand"(%[[I]], %[[SHAPE]]) : (tensor<?x1xi64>, tensor<2xi64>) -> tensor<?x?xi64>
// CHECK: %[[EJ:.*]] = "onnx.Expand"(%[[J]], %[[SHAPE]]) : (tensor<1x?xi64>, tensor<2xi64>) -> tensor<?x?xi64>
// CHECK: %[[UI:.*]] = "onnx.Unsqueeze"(%[[EI]], %{{.*}}) : (tensor<?x?xi64>, tensor<1xi64>) -> tensor<?x?x1xi64>
// CHECK: %[[UJ:.*]] = "onnx.Unsqueeze"(%[[EJ]], %{{.*}}) : (tensor<?x?xi64>, tensor<1xi64>) -> tensor<?x?x1xi64>
// CHECK: %[[C:.*]] = "onnx.Concat"(%[[UI]], %[[UJ]]) {axis = 2 : si64}
// CHECK: "onnx.GatherND"(%[[X]], %[[C]]) : (tensor<4x6xf32>, tensor<?x?x2xi64>) -> tensor<?x?xf32>
func.func @forward(%x: !torch.vtensor<[4,6],f32>, %i: !torch.vtensor<[?,1],si64>, %j: !torch.vtensor<[1,?],si64>) -> !torch.vtensor<[?,?],f32> {
  %idx = torch.prim.ListConstruct %i, %j : (!torch.vtensor<[?,1],si64>, !torch.vtensor<[1,?],si64>) -> !torch.list<optional<vtensor>>
  %0 = torch.aten.index.Tensor %x, %idx : !torch.vtensor<[4,6],f32>, !torch.list<optional<vtensor>> -> !torch.vtensor<[?,?],f32>
  return %0 : !torch.vtensor<[?,?],f32>
}

// -----

// flip: Slice with step -1.
// CHECK-LABEL: func.func @main_graph
// CHECK-DAG: dense<-1> : tensor<1xi64>
// CHECK-DAG: dense<-9223372036854775808> : tensor<1xi64>
// CHECK: "onnx.Slice"
func.func @forward(%x: !torch.vtensor<[4,6],f32>) -> !torch.vtensor<[4,6],f32> {
  %int1 = torch.constant.int 1
  %dims = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.flip %x, %dims : !torch.vtensor<[4,6],f32>, !torch.list<int> -> !torch.vtensor<[4,6],f32>
  return %0 : !torch.vtensor<[4,6],f32>
}

// -----

// roll: the last elements moved to the front.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[TAIL:.*]] = "onnx.Slice"{{.*}} -> tensor<4x2xf32>
// CHECK: %[[HEAD:.*]] = "onnx.Slice"{{.*}} -> tensor<4x4xf32>
// CHECK: "onnx.Concat"(%[[TAIL]], %[[HEAD]]) {axis = 1 : si64} : (tensor<4x2xf32>, tensor<4x4xf32>) -> tensor<4x6xf32>
func.func @forward(%x: !torch.vtensor<[4,6],f32>) -> !torch.vtensor<[4,6],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %shifts = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %dims = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.roll %x, %shifts, %dims : !torch.vtensor<[4,6],f32>, !torch.list<int>, !torch.list<int> -> !torch.vtensor<[4,6],f32>
  return %0 : !torch.vtensor<[4,6],f32>
}

// -----

// constant_pad_nd: Pad with the pads reordered to ONNX's layout.
// CHECK-LABEL: func.func @main_graph
// CHECK-DAG: %[[P:.*]] = "onnx.Initializer"() {{.*}}dense<[0, 0, 2, 1, 0, 0, 3, 4]> : tensor<8xi64>
// CHECK-DAG: %[[V:.*]] = "onnx.Initializer"() {{.*}}dense<5.000000e-01> : tensor<f32>
// CHECK: "onnx.Pad"(%{{.*}}, %[[P]], %[[V]], %{{.*}}) {mode = "constant"} : (tensor<1x2x3x4xf32>, tensor<8xi64>, tensor<f32>, none) -> tensor<1x2x6x9xf32>
func.func @forward(%x: !torch.vtensor<[1,2,3,4],f32>) -> !torch.vtensor<[1,2,6,9],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %int4 = torch.constant.int 4
  %v = torch.constant.float 5.000000e-01
  %pad = torch.prim.ListConstruct %int1, %int4, %int2, %int3 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.constant_pad_nd %x, %pad, %v : !torch.vtensor<[1,2,3,4],f32>, !torch.list<int>, !torch.float -> !torch.vtensor<[1,2,6,9],f32>
  return %0 : !torch.vtensor<[1,2,6,9],f32>
}

// -----

// A pad amount known only at run time (the int argument %n): the pads are
// concatenated from constants and the run-time value, in ONNX's layout.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:[^:]*]]: tensor<1x?xf32>{{[^,]*}}, %[[N:[^:]*]]: tensor<i64>
// CHECK: %[[NU:.*]] = "onnx.Unsqueeze"(%[[N]], %{{.*}}) : (tensor<i64>, tensor<1xi64>) -> tensor<1xi64>
// CHECK: %[[P:.*]] = "onnx.Concat"(%{{.*}}, %[[NU]]) {axis = 0 : si64} : (tensor<3xi64>, tensor<1xi64>) -> tensor<4xi64>
// CHECK: "onnx.Pad"(%[[X]], %[[P]], %{{.*}}, %{{.*}}) {mode = "constant"} : (tensor<1x?xf32>, tensor<4xi64>, none, none) -> tensor<1x?xf32>
func.func @forward(%x: !torch.vtensor<[1,?],f32>, %n: !torch.int) -> !torch.vtensor<[1,?],f32> {
  %int0 = torch.constant.int 0
  %str = torch.constant.str "constant"
  %none = torch.constant.none
  %pad = torch.prim.ListConstruct %int0, %n : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.pad %x, %pad, %str, %none : !torch.vtensor<[1,?],f32>, !torch.list<int>, !torch.str, !torch.none -> !torch.vtensor<[1,?],f32>
  return %0 : !torch.vtensor<[1,?],f32>
}

// -----

// reflection padding.
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.Pad"{{.*}}{mode = "reflect"}
func.func @forward(%x: !torch.vtensor<[1,2,5],f32>) -> !torch.vtensor<[1,2,7],f32> {
  %int1 = torch.constant.int 1
  %pad = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.reflection_pad1d %x, %pad : !torch.vtensor<[1,2,5],f32>, !torch.list<int> -> !torch.vtensor<[1,2,7],f32>
  return %0 : !torch.vtensor<[1,2,7],f32>
}

// -----

// diff with a prepended column: Concat, then the later elements minus the
// earlier ones along the dim.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:[^:]*]]: tensor<2x?xi64>, %[[P:[^:]*]]: tensor<2x1xi64>)
// CHECK: %[[CAT:.*]] = "onnx.Concat"(%[[P]], %[[X]]) {axis = 1 : si64} : (tensor<2x1xi64>, tensor<2x?xi64>) -> tensor<2x?xi64>
// CHECK: %[[LATER:.*]] = "onnx.Slice"(%[[CAT]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<2x?xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2x?xi64>
// CHECK: %[[EARLIER:.*]] = "onnx.Slice"(%[[CAT]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
// CHECK: %[[D:.*]] = "onnx.Sub"(%[[LATER]], %[[EARLIER]]) : (tensor<2x?xi64>, tensor<2x?xi64>) -> tensor<2x?xi64>
// CHECK: return %[[D]]
func.func @forward(%x: !torch.vtensor<[2,?],si64>, %p: !torch.vtensor<[2,1],si64>) -> !torch.vtensor<[2,?],si64> {
  %none = torch.constant.none
  %int1 = torch.constant.int 1
  %int-1 = torch.constant.int -1
  %0 = torch.aten.diff %x, %int1, %int-1, %p, %none : !torch.vtensor<[2,?],si64>, !torch.int, !torch.int, !torch.vtensor<[2,1],si64>, !torch.none -> !torch.vtensor<[2,?],si64>
  return %0 : !torch.vtensor<[2,?],si64>
}

// -----

// A second difference of bools: two rounds of Xor, each one shorter.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[X1:.*]] = "onnx.Xor"({{.*}}) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
// CHECK: "onnx.Xor"({{.*}}) : (tensor<3xi1>, tensor<3xi1>) -> tensor<3xi1>
func.func @forward(%x: !torch.vtensor<[5],i1>) -> !torch.vtensor<[3],i1> {
  %none = torch.constant.none
  %int2 = torch.constant.int 2
  %int0 = torch.constant.int 0
  %0 = torch.aten.diff %x, %int2, %int0, %none, %none : !torch.vtensor<[5],i1>, !torch.int, !torch.int, !torch.none, !torch.none -> !torch.vtensor<[3],i1>
  return %0 : !torch.vtensor<[3],i1>
}

// -----

// as_strided of an argument: a Gather of its flattened elements at the
// offsets 1 + i + 2 * j, computed at compile time.
// CHECK-LABEL: func.func @main_graph
// CHECK-DAG: %[[OFFSETS:.*]] = "onnx.Initializer"() {name = "", value = dense<{{\[\[}}1, 3], [2, 4]]> : tensor<2x2xi64>}
// CHECK: %[[FLAT:.*]] = "onnx.Reshape"(%arg0, %{{.*}}) : (tensor<3x3xf32>, tensor<1xi64>) -> tensor<9xf32>
// CHECK: "onnx.Gather"(%[[FLAT]], %[[OFFSETS]]) {axis = 0 : si64} : (tensor<9xf32>, tensor<2x2xi64>) -> tensor<2x2xf32>
func.func @forward(%x: !torch.vtensor<[3,3],f32>) -> !torch.vtensor<[2,2],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %size = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %stride = torch.prim.ListConstruct %int1, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.as_strided %x, %size, %stride, %int1 : !torch.vtensor<[3,3],f32>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[2,2],f32>
  return %0 : !torch.vtensor<[2,2],f32>
}

// -----

// nonzero: NonZero transposed to [count, rank]. A 0-d input is searched as
// one element, and its [count, 1] positions are cut to [count, 0].
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[POSITIONS:.*]] = "onnx.NonZero"(%arg0) : (tensor<3x4xf32>) -> tensor<2x?xi64>
// CHECK: %[[RESULT:.*]] = "onnx.Transpose"(%[[POSITIONS]]) {perm = [1, 0]} : (tensor<2x?xi64>) -> tensor<?x2xi64>
// CHECK: %[[ONE:.*]] = "onnx.Reshape"(%{{.*}}, %{{.*}}) : (tensor<f32>, tensor<1xi64>) -> tensor<1xf32>
// CHECK: %[[FOUND:.*]] = "onnx.NonZero"(%[[ONE]]) : (tensor<1xf32>) -> tensor<1x?xi64>
// CHECK: %[[COLUMN:.*]] = "onnx.Transpose"(%[[FOUND]])
// CHECK: %[[EMPTY:.*]] = "onnx.Slice"(%[[COLUMN]], {{.*}} -> tensor<?x0xi64>
// CHECK: return %[[RESULT]], %[[EMPTY]]
func.func @forward(%x: !torch.vtensor<[3,4],f32>) -> (!torch.vtensor<[?,2],si64>, !torch.vtensor<[?,0],si64>) {
  %int0 = torch.constant.int 0
  %0 = torch.aten.nonzero %x : !torch.vtensor<[3,4],f32> -> !torch.vtensor<[?,2],si64>
  %1 = torch.aten.select.int %x, %int0, %int0 : !torch.vtensor<[3,4],f32>, !torch.int, !torch.int -> !torch.vtensor<[4],f32>
  %2 = torch.aten.select.int %1, %int0, %int0 : !torch.vtensor<[4],f32>, !torch.int, !torch.int -> !torch.vtensor<[],f32>
  %3 = torch.aten.nonzero %2 : !torch.vtensor<[],f32> -> !torch.vtensor<[?,0],si64>
  return %0, %3 : !torch.vtensor<[?,2],si64>, !torch.vtensor<[?,0],si64>
}

// -----

// Replicate padding with a negative pad, where ONNX's edge mode finds no
// edge: position j reads clamp(j + 4, 0, 3), a Gather.
// CHECK-LABEL: func.func @main_graph
// CHECK-DAG: %[[POSITIONS:.*]] = "onnx.Initializer"() {name = "", value = dense<3> : tensor<5xi64>}
// CHECK: "onnx.Gather"(%arg0, %[[POSITIONS]]) {axis = 1 : si64} : (tensor<2x4xf32>, tensor<5xi64>) -> tensor<2x5xf32>
// CHECK-NOT: onnx.Pad
func.func @forward(%x: !torch.vtensor<[2,4],f32>) -> !torch.vtensor<[2,5],f32> {
  %int-4 = torch.constant.int -4
  %int5 = torch.constant.int 5
  %none = torch.constant.none
  %mode = torch.constant.str "replicate"
  %pad = torch.prim.ListConstruct %int-4, %int5 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.pad %x, %pad, %mode, %none : !torch.vtensor<[2,4],f32>, !torch.list<int>, !torch.str, !torch.none -> !torch.vtensor<[2,5],f32>
  return %0 : !torch.vtensor<[2,5],f32>
}

// -----

// index_put with a mask of the leading dim and values each selected row
// shares: a Where on the mask with a unit dim for the row.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[MASK:.*]] = "onnx.Unsqueeze"(%arg1, %{{.*}}) : (tensor<5xi1>, tensor<1xi64>) -> tensor<5x1xi1>
// CHECK: "onnx.Where"(%[[MASK]], %arg2, %arg0) : (tensor<5x1xi1>, tensor<5xf32>, tensor<5x5xf32>) -> tensor<5x5xf32>
func.func @forward(%x: !torch.vtensor<[5,5],f32>, %mask: !torch.vtensor<[5],i1>, %values: !torch.vtensor<[5],f32>) -> !torch.vtensor<[5,5],f32> {
  %false = torch.constant.bool false
  %indices = torch.prim.ListConstruct %mask : (!torch.vtensor<[5],i1>) -> !torch.list<optional<vtensor>>
  %0 = torch.aten.index_put %x, %indices, %values, %false : !torch.vtensor<[5,5],f32>, !torch.list<optional<vtensor>>, !torch.vtensor<[5],f32>, !torch.bool -> !torch.vtensor<[5,5],f32>
  return %0 : !torch.vtensor<[5,5],f32>
}

// -----

// Circular padding (ONNX has no circular mode before opset 19): a Gather
// at (j - 1) mod 3.
// CHECK-LABEL: func.func @main_graph
// CHECK-DAG: %[[POSITIONS:.*]] = "onnx.Initializer"() {name = "", value = dense<[2, 0, 1, 2, 0, 1]> : tensor<6xi64>}
// CHECK: "onnx.Gather"(%arg0, %[[POSITIONS]]) {axis = 2 : si64} : (tensor<1x3x3xf32>, tensor<6xi64>) -> tensor<1x3x6xf32>
func.func @forward(%x: !torch.vtensor<[1,3,3],f32>) -> !torch.vtensor<[1,3,6],f32> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %none = torch.constant.none
  %mode = torch.constant.str "circular"
  %pad = torch.prim.ListConstruct %int1, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.pad %x, %pad, %mode, %none : !torch.vtensor<[1,3,3],f32>, !torch.list<int>, !torch.str, !torch.none -> !torch.vtensor<[1,3,6],f32>
  return %0 : !torch.vtensor<[1,3,6],f32>
}

// -----

// unfold(1, 3, 2): a Gather of the windows' positions along dim 1, whose
// elements then move to a new last dim.
// CHECK-LABEL: func.func @main_graph
// CHECK-DAG: %[[WINDOWS:.*]] = "onnx.Initializer"() {name = "", value = dense<{{\[\[}}0, 1, 2], [2, 3, 4]]> : tensor<2x3xi64>}
// CHECK: %[[GATHERED:.*]] = "onnx.Gather"(%arg0, %[[WINDOWS]]) {axis = 1 : si64} : (tensor<5x6x4xf32>, tensor<2x3xi64>) -> tensor<5x2x3x4xf32>
// CHECK: "onnx.Transpose"(%[[GATHERED]]) {perm = [0, 1, 3, 2]} : (tensor<5x2x3x4xf32>) -> tensor<5x2x4x3xf32>
func.func @forward(%x: !torch.vtensor<[5,6,4],f32>) -> !torch.vtensor<[5,2,4,3],f32> {
  %int1 = torch.constant.int 1
  %int3 = torch.constant.int 3
  %int2 = torch.constant.int 2
  %0 = torch.aten.unfold %x, %int1, %int3, %int2 : !torch.vtensor<[5,6,4],f32>, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[5,2,4,3],f32>
  return %0 : !torch.vtensor<[5,2,4,3],f32>
}

// -----

// one_hot: OneHot with off and on values [0, 1] along a new last dim of
// num_classes, or of max + 1 when num_classes is -1.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xi64>)
// CHECK: %[[D:.*]] = "onnx.Initializer"() {{.*}}value = dense<5> : tensor<i64>}
// CHECK: %[[V:.*]] = "onnx.Initializer"() {{.*}}value = dense<[0, 1]> : tensor<2xi64>}
// CHECK: %[[A:.*]] = "onnx.OneHot"(%[[X]], %[[D]], %[[V]]) {axis = -1 : si64} : (tensor<2x3xi64>, tensor<i64>, tensor<2xi64>) -> tensor<2x3x5xi64>
// CHECK: %[[MAX:.*]] = "onnx.ReduceMax"(%[[X]]
// CHECK: %[[D2:.*]] = "onnx.Add"(%[[MAX]], %{{.*}})
// CHECK: %[[B:.*]] = "onnx.OneHot"(%[[X]], %[[D2]], %{{.*}}) {axis = -1 : si64} : (tensor<2x3xi64>, tensor<i64>, tensor<2xi64>) -> tensor<2x3x?xi64>
// CHECK: return %[[A]], %[[B]]
func.func @forward(%x: !torch.vtensor<[2,3],si64>) -> (!torch.vtensor<[2,3,5],si64>, !torch.vtensor<[2,3,?],si64>) {
  %int5 = torch.constant.int 5
  %int-1 = torch.constant.int -1
  %0 = torch.aten.one_hot %x, %int5 : !torch.vtensor<[2,3],si64>, !torch.int -> !torch.vtensor<[2,3,5],si64>
  %1 = torch.aten.one_hot %x, %int-1 : !torch.vtensor<[2,3],si64>, !torch.int -> !torch.vtensor<[2,3,?],si64>
  return %0, %1 : !torch.vtensor<[2,3,5],si64>, !torch.vtensor<[2,3,?],si64>
}

// -----

// masked_select: the input and the mask broadcast to one shape (Expand
// broadcasts both ways), then Compress of the input by the flattened mask.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<2x4xf32>, %[[M:.*]]: tensor<?xi1>)
// CHECK: %[[MS:.*]] = "onnx.Shape"(%[[M]])
// CHECK: %[[V:.*]] = "onnx.Expand"(%[[X]], %[[MS]]) : (tensor<2x4xf32>, tensor<1xi64>) -> tensor<2x4xf32>
// CHECK: %[[C:.*]] = "onnx.Expand"(%[[M]], %{{.*}}) : (tensor<?xi1>, tensor<2xi64>) -> tensor<2x4xi1>
// CHECK: %[[F:.*]] = "onnx.Reshape"(%[[C]], %{{.*}})
// CHECK: "onnx.Compress"(%[[V]], %[[F]]) : (tensor<2x4xf32>, tensor<8xi1>) -> tensor<?xf32>
func.func @forward(%x: !torch.vtensor<[2,4],f32>, %m: !torch.vtensor<[?],i1>) -> !torch.vtensor<[?],f32> {
  %0 = torch.aten.masked_select %x, %m : !torch.vtensor<[2,4],f32>, !torch.vtensor<[?],i1> -> !torch.vtensor<[?],f32>
  return %0 : !torch.vtensor<[?],f32>
}

// -----

// index_fill.int_Scalar: the positions along dim that the index names
// (negative ones counting from the end) are found by comparing every
// position with every index, then Where fills them.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<2x4xf32>, %[[I:.*]]: tensor<?xi64>)
// CHECK: %[[POS:.*]] = "onnx.Range"
// CHECK: %[[NEG:.*]] = "onnx.Less"
// CHECK: %[[W:.*]] = "onnx.Where"(%[[NEG]], %{{.*}}, %{{.*}})
// CHECK: %[[EQ:.*]] = "onnx.Equal"(%{{.*}}, %{{.*}}) : (tensor<?x1xi64>, tensor<1x?xi64>) -> tensor<?x?xi1>
// CHECK: %[[ANY:.*]] = "onnx.ReduceMax"
// CHECK: %[[HIT:.*]] = "onnx.Greater"(%[[ANY]], %{{.*}})
// CHECK: %[[COL:.*]] = "onnx.Reshape"(%[[HIT]], %{{.*}}) {{.*}} -> tensor<1x?xi1>
// CHECK: "onnx.Where"(%[[COL]], %{{.*}}, %[[X]]) : (tensor<1x?xi1>, tensor<f32>, tensor<2x4xf32>) -> tensor<2x4xf32>
func.func @forward(%x: !torch.vtensor<[2,4],f32>, %i: !torch.vtensor<[?],si64>) -> !torch.vtensor<[2,4],f32> {
  %int1 = torch.constant.int 1
  %fill = torch.constant.float -7.000000e+00
  %0 = torch.operator "aten::index_fill.int_Scalar"(%x, %int1, %i, %fill) : (!torch.vtensor<[2,4],f32>, !torch.int, !torch.vtensor<[?],si64>, !torch.float) -> !torch.vtensor<[2,4],f32>
  return %0 : !torch.vtensor<[2,4],f32>
}

// -----

// fliplr flips dim 1 and flipud dim 0, as flip does: Slice with step -1.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[A1:.*]] = "onnx.Initializer"() {{.*}}value = dense<1> : tensor<1xi64>}
// CHECK: %[[LR:.*]] = "onnx.Slice"(%{{.*}}, %{{.*}}, %{{.*}}, %[[A1]], %{{.*}}) : {{.*}} -> tensor<2x3xf32>
// CHECK: %[[A0:.*]] = "onnx.Initializer"() {{.*}}value = dense<0> : tensor<1xi64>}
// CHECK: %[[UD:.*]] = "onnx.Slice"(%{{.*}}, %{{.*}}, %{{.*}}, %[[A0]], %{{.*}}) : {{.*}} -> tensor<2x3xf32>
// CHECK: return %[[LR]], %[[UD]]
func.func @forward(%x: !torch.vtensor<[2,3],f32>) -> (!torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>) {
  %0 = torch.aten.fliplr %x : !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
  %1 = torch.aten.flipud %x : !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
  return %0, %1 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[2,3],f32>
}
