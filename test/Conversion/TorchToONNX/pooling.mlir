// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// max_pool2d in ceil mode where ceil changes the size; a window holding a
// NaN gives NaN (a MaxPool of the IsNaN marks with the same attributes).
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[Y:.*]], %{{.*}} = "onnx.MaxPool"(%arg0)
// CHECK-SAME: ceil_mode = 1 : si64
// CHECK-SAME: kernel_shape = [3, 3]
// CHECK-SAME: pads = [0, 0, 0, 0]
// CHECK-SAME: strides = [2, 2]
// CHECK-SAME: -> (tensor<1x3x4x4xf32>, none)
// CHECK: %[[ISNAN:.*]] = "onnx.IsNaN"(%arg0)
// CHECK: %[[MARK:.*]] = "onnx.Cast"(%[[ISNAN]])
// CHECK: %[[ANY:.*]], %{{.*}} = "onnx.MaxPool"(%[[MARK]]) {ceil_mode = 1 : si64, kernel_shape = [3, 3], pads = [0, 0, 0, 0], strides = [2, 2]}
// CHECK: %[[HAS:.*]] = "onnx.Greater"(%[[ANY]], %{{.*}})
// CHECK: %[[NAN:.*]] = "onnx.Initializer"() {{.*}}dense<0x7FC00000> : tensor<f32>
// CHECK: %[[W:.*]] = "onnx.Where"(%[[HAS]], %[[NAN]], %[[Y]])
// CHECK: return %[[W]]
func.func @forward(%x: !torch.vtensor<[1,3,8,8],f32>) -> !torch.vtensor<[1,3,4,4],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %true = torch.constant.bool true
  %k = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.max_pool2d %x, %k, %s, %p, %d, %true : !torch.vtensor<[1,3,8,8],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,3,4,4],f32>
  return %0 : !torch.vtensor<[1,3,4,4],f32>
}

// -----

// Ceil mode that does not change the size is dropped; an empty stride is
// the kernel.
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.MaxPool"
// CHECK-NOT: ceil_mode
// CHECK-SAME: kernel_shape = [2]
// CHECK-SAME: strides = [2]
// CHECK-SAME: -> (tensor<1x3x4xf32>, none)
func.func @forward(%x: !torch.vtensor<[1,3,8],f32>) -> !torch.vtensor<[1,3,4],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %true = torch.constant.bool true
  %k = torch.prim.ListConstruct %int2 : (!torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct : () -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1 : (!torch.int) -> !torch.list<int>
  %0 = torch.aten.max_pool1d %x, %k, %s, %p, %d, %true : !torch.vtensor<[1,3,8],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[1,3,4],f32>
  return %0 : !torch.vtensor<[1,3,4],f32>
}

// -----

// avg_pool2d with padding counted.
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.AveragePool"
// CHECK-SAME: count_include_pad = 1 : si64
// CHECK-SAME: kernel_shape = [3, 3]
// CHECK-SAME: pads = [1, 1, 1, 1]
// CHECK-SAME: strides = [1, 1]
func.func @forward(%x: !torch.vtensor<[1,3,8,8],f32>) -> !torch.vtensor<[1,3,8,8],f32> {
  %int1 = torch.constant.int 1
  %int3 = torch.constant.int 3
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %none = torch.constant.none
  %k = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.avg_pool2d %x, %k, %s, %p, %false, %true, %none : !torch.vtensor<[1,3,8,8],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool, !torch.none -> !torch.vtensor<[1,3,8,8],f32>
  return %0 : !torch.vtensor<[1,3,8,8],f32>
}

// -----

// adaptive_avg_pool2d to 1x1: GlobalAveragePool.
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.GlobalAveragePool"(%{{.*}}) : (tensor<?x512x7x7xf32>) -> tensor<?x512x1x1xf32>
func.func @forward(%x: !torch.vtensor<[?,512,7,7],f32>) -> !torch.vtensor<[?,512,1,1],f32> {
  %int1 = torch.constant.int 1
  %o = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.adaptive_avg_pool2d %x, %o : !torch.vtensor<[?,512,7,7],f32>, !torch.list<int> -> !torch.vtensor<[?,512,1,1],f32>
  return %0 : !torch.vtensor<[?,512,1,1],f32>
}

// -----

// adaptive_avg_pool2d with a divisible input: AveragePool.
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.AveragePool"
// CHECK-SAME: kernel_shape = [4, 2]
// CHECK-SAME: strides = [4, 2]
// CHECK-SAME: -> tensor<1x3x2x4xf32>
func.func @forward(%x: !torch.vtensor<[1,3,8,8],f32>) -> !torch.vtensor<[1,3,2,4],f32> {
  %int2 = torch.constant.int 2
  %int4 = torch.constant.int 4
  %o = torch.prim.ListConstruct %int2, %int4 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.adaptive_avg_pool2d %x, %o : !torch.vtensor<[1,3,8,8],f32>, !torch.list<int> -> !torch.vtensor<[1,3,2,4],f32>
  return %0 : !torch.vtensor<[1,3,2,4],f32>
}

// -----

// adaptive_avg_pool2d where 7 does not divide into 3 windows: along H,
// then along W, a Slice of each window [floor(i*7/3), ceil((i+1)*7/3)) =
// [0,3), [2,5), [4,7), reduced and concatenated.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<1x3x7x7xf32>
// CHECK: %[[S0:.*]] = "onnx.Slice"(%[[X]], {{.*}}) : {{.*}} -> tensor<1x3x3x7xf32>
// CHECK: %[[M0:.*]] = "onnx.ReduceMean"(%[[S0]], %{{.*}}) {axes = [2], keepdims = 1 : si64} : (tensor<1x3x3x7xf32>, none) -> tensor<1x3x1x7xf32>
// CHECK: "onnx.Slice"(%[[X]], {{.*}}) : {{.*}} -> tensor<1x3x3x7xf32>
// CHECK: "onnx.ReduceMean"
// CHECK: "onnx.Slice"(%[[X]], {{.*}}) : {{.*}} -> tensor<1x3x3x7xf32>
// CHECK: "onnx.ReduceMean"
// CHECK: %[[H:.*]] = "onnx.Concat"(%[[M0]], %{{.*}}, %{{.*}}) {axis = 2 : si64} : {{.*}} -> tensor<1x3x3x7xf32>
// CHECK: "onnx.Slice"(%[[H]], {{.*}}) : {{.*}} -> tensor<1x3x3x3xf32>
// CHECK: "onnx.ReduceMean"({{.*}}) {axes = [3], keepdims = 1 : si64}
// CHECK: %[[W:.*]] = "onnx.Concat"({{.*}}) {axis = 3 : si64} : {{.*}} -> tensor<1x3x3x3xf32>
// CHECK: return %[[W]]
func.func @forward(%x: !torch.vtensor<[1,3,7,7],f32>) -> !torch.vtensor<[1,3,3,3],f32> {
  %int3 = torch.constant.int 3
  %o = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.adaptive_avg_pool2d %x, %o : !torch.vtensor<[1,3,7,7],f32>, !torch.list<int> -> !torch.vtensor<[1,3,3,3],f32>
  return %0 : !torch.vtensor<[1,3,3,3],f32>
}

// -----

// adaptive_max_pool2d with an output that does not divide the input:
// ReduceMax over each window, and NaN where the window holds one (a
// ReduceMax of its IsNaN, and a Where).
// CHECK-LABEL: func.func @main_graph
// CHECK-COUNT-5: "onnx.Where"
// CHECK-NOT: "onnx.Where"
// CHECK: return
func.func @forward(%x: !torch.vtensor<[1,3,5,4],f32>) -> !torch.vtensor<[1,3,2,3],f32> {
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %o = torch.prim.ListConstruct %int2, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %0, %1 = torch.aten.adaptive_max_pool2d %x, %o : !torch.vtensor<[1,3,5,4],f32>, !torch.list<int> -> !torch.vtensor<[1,3,2,3],f32>, !torch.vtensor<[1,3,2,3],si64>
  return %0 : !torch.vtensor<[1,3,2,3],f32>
}

// -----

// adaptive_max_pool2d to 1x1 with unused indices: GlobalMaxPool.
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.GlobalMaxPool"
func.func @forward(%x: !torch.vtensor<[1,3,8,8],f32>) -> !torch.vtensor<[1,3,1,1],f32> {
  %int1 = torch.constant.int 1
  %o = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0, %1 = torch.aten.adaptive_max_pool2d %x, %o : !torch.vtensor<[1,3,8,8],f32>, !torch.list<int> -> !torch.vtensor<[1,3,1,1],f32>, !torch.vtensor<[1,3,1,1],si64>
  return %0 : !torch.vtensor<[1,3,1,1],f32>
}

// -----

// upsample_nearest2d to a static size: Resize with sizes.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[SIZES:.*]] = "onnx.Initializer"() {{.*}}dense<[1, 3, 16, 16]> : tensor<4xi64>
// CHECK: "onnx.Resize"(%{{[a-z0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %[[SIZES]]) {coordinate_transformation_mode = "asymmetric", mode = "nearest", nearest_mode = "floor"}
func.func @forward(%x: !torch.vtensor<[1,3,8,8],f32>) -> !torch.vtensor<[1,3,16,16],f32> {
  %int16 = torch.constant.int 16
  %none = torch.constant.none
  %o = torch.prim.ListConstruct %int16, %int16 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.upsample_nearest2d %x, %o, %none, %none : !torch.vtensor<[1,3,8,8],f32>, !torch.list<int>, !torch.none, !torch.none -> !torch.vtensor<[1,3,16,16],f32>
  return %0 : !torch.vtensor<[1,3,16,16],f32>
}

// -----

// upsample_bilinear2d.vec with scale factors: Resize with scales.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[SCALES:.*]] = "onnx.Initializer"() {{.*}}dense<[1.000000e+00, 1.000000e+00, 2.000000e+00, 2.000000e+00]> : tensor<4xf32>
// CHECK: "onnx.Resize"(%{{[a-z0-9]+}}, %{{[0-9]+}}, %[[SCALES]], %{{[0-9]+}}) {coordinate_transformation_mode = "pytorch_half_pixel", mode = "linear"}
func.func @forward(%x: !torch.vtensor<[1,3,8,8],f32>) -> !torch.vtensor<[1,3,16,16],f32> {
  %f2 = torch.constant.float 2.000000e+00
  %none = torch.constant.none
  %false = torch.constant.bool false
  %sf = torch.prim.ListConstruct %f2, %f2 : (!torch.float, !torch.float) -> !torch.list<float>
  %0 = torch.aten.upsample_bilinear2d.vec %x, %none, %false, %sf : !torch.vtensor<[1,3,8,8],f32>, !torch.none, !torch.bool, !torch.list<float> -> !torch.vtensor<[1,3,16,16],f32>
  return %0 : !torch.vtensor<[1,3,16,16],f32>
}

// -----

// upsample_bicubic2d.vec, a torch.operator: cubic Resize with PyTorch's
// coefficient -0.75 and half-pixel source indices, which it does not clamp.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[SIZES:.*]] = "onnx.Initializer"() {{.*}}dense<[1, 3, 5, 7]> : tensor<4xi64>
// CHECK: "onnx.Resize"(%{{[a-z0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, %[[SIZES]]) {coordinate_transformation_mode = "half_pixel", cubic_coeff_a = -7.500000e-01 : f32, mode = "cubic"}
func.func @forward(%x: !torch.vtensor<[1,3,4,4],f32>) -> !torch.vtensor<[1,3,5,7],f32> {
  %int5 = torch.constant.int 5
  %int7 = torch.constant.int 7
  %none = torch.constant.none
  %false = torch.constant.bool false
  %o = torch.prim.ListConstruct %int5, %int7 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.operator "aten::upsample_bicubic2d.vec"(%x, %o, %false, %none) : (!torch.vtensor<[1,3,4,4],f32>, !torch.list<int>, !torch.bool, !torch.none) -> !torch.vtensor<[1,3,5,7],f32>
  return %0 : !torch.vtensor<[1,3,5,7],f32>
}

// -----

// upsample_trilinear3d.vec with align_corners and scale factors.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[SCALES:.*]] = "onnx.Initializer"() {{.*}}dense<[1.000000e+00, 1.000000e+00, 2.000000e+00, 1.500000e+00, 1.000000e+00]> : tensor<5xf32>
// CHECK: "onnx.Resize"(%{{[a-z0-9]+}}, %{{[0-9]+}}, %[[SCALES]], %{{[0-9]+}}) {coordinate_transformation_mode = "align_corners", mode = "linear"}
func.func @forward(%x: !torch.vtensor<[1,2,2,4,3],f32>) -> !torch.vtensor<[1,2,4,6,3],f32> {
  %f2 = torch.constant.float 2.000000e+00
  %f15 = torch.constant.float 1.500000e+00
  %f1 = torch.constant.float 1.000000e+00
  %none = torch.constant.none
  %true = torch.constant.bool true
  %sf = torch.prim.ListConstruct %f2, %f15, %f1 : (!torch.float, !torch.float, !torch.float) -> !torch.list<float>
  %0 = torch.operator "aten::upsample_trilinear3d.vec"(%x, %none, %true, %sf) : (!torch.vtensor<[1,2,2,4,3],f32>, !torch.none, !torch.bool, !torch.list<float>) -> !torch.vtensor<[1,2,4,6,3],f32>
  return %0 : !torch.vtensor<[1,2,4,6,3],f32>
}

// -----

// _upsample_nearest_exact1d: the half-pixel source index, rounded with
// ties up, is floor((i + 0.5) * scale).
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.Resize"{{.*}} {coordinate_transformation_mode = "half_pixel", mode = "nearest", nearest_mode = "round_prefer_ceil"}
func.func @forward(%x: !torch.vtensor<[2,3,4],f32>) -> !torch.vtensor<[2,3,7],f32> {
  %int7 = torch.constant.int 7
  %none = torch.constant.none
  %o = torch.prim.ListConstruct %int7 : (!torch.int) -> !torch.list<int>
  %0 = torch.operator "aten::_upsample_nearest_exact1d"(%x, %o, %none) : (!torch.vtensor<[2,3,4],f32>, !torch.list<int>, !torch.none) -> !torch.vtensor<[2,3,7],f32>
  return %0 : !torch.vtensor<[2,3,7],f32>
}

// -----

// pixel_shuffle: DepthToSpace in CRD mode.
// CHECK-LABEL: func.func @main_graph
// CHECK: "onnx.DepthToSpace"(%{{.*}}) {blocksize = 2 : si64, mode = "CRD"} : (tensor<1x8x3x3xf32>) -> tensor<1x2x6x6xf32>
func.func @forward(%x: !torch.vtensor<[1,8,3,3],f32>) -> !torch.vtensor<[1,2,6,6],f32> {
  %int2 = torch.constant.int 2
  %0 = torch.aten.pixel_shuffle %x, %int2 : !torch.vtensor<[1,8,3,3],f32>, !torch.int -> !torch.vtensor<[1,2,6,6],f32>
  return %0 : !torch.vtensor<[1,2,6,6],f32>
}

// -----

// max_pool2d_with_indices: ONNX numbers the elements of the whole input,
// PyTorch those of each plane, so the indices are taken modulo the plane's
// size (7 x 9).
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[V:.*]], %[[I:.*]] = "onnx.MaxPool"(%arg0) {kernel_shape = [3, 3], pads = [1, 1, 1, 1], strides = [2, 2]} : (tensor<2x3x7x9xf32>) -> (tensor<2x3x4x5xf32>, tensor<2x3x4x5xi64>)
// CHECK: %[[PLANE:.*]] = "onnx.Initializer"() {{.*}}dense<63> : tensor<i64>
// CHECK: %[[MOD:.*]] = "onnx.Mod"(%[[I]], %[[PLANE]])
// A window holding a NaN gives NaN and the position of its last NaN, as
// PyTorch does (onnxruntime's MaxPool skips NaN): a MaxPool of 1 + each
// NaN's position in its plane finds it.
// CHECK: %[[ISNAN:.*]] = "onnx.IsNaN"(%arg0)
// CHECK: %[[MARK:.*]] = "onnx.Cast"(%[[ISNAN]]) {to = 1 : si64}
// CHECK: %[[RANGE:.*]] = "onnx.Range"({{.*}}) : (tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<63xf32>
// CHECK: %[[POS:.*]] = "onnx.Reshape"(%[[RANGE]], %{{.*}}) : {{.*}} -> tensor<7x9xf32>
// CHECK: %[[MARKS:.*]] = "onnx.Mul"(%[[MARK]], %[[POS]])
// CHECK: %[[LAST:.*]], %{{.*}} = "onnx.MaxPool"(%[[MARKS]]) {kernel_shape = [3, 3], pads = [1, 1, 1, 1], strides = [2, 2]}
// CHECK: %[[HAS:.*]] = "onnx.Greater"(%[[LAST]], %{{.*}})
// CHECK: %[[VNAN:.*]] = "onnx.Where"(%[[HAS]], %{{.*}}, %[[V]])
// CHECK: %[[LASTI:.*]] = "onnx.Cast"(%[[LAST]]) {to = 7 : si64}
// CHECK: %[[POSI:.*]] = "onnx.Sub"(%[[LASTI]], %{{.*}})
// CHECK: %[[INAN:.*]] = "onnx.Where"(%[[HAS]], %[[POSI]], %[[MOD]])
// CHECK: return %[[VNAN]], %[[INAN]]
func.func @forward(%x: !torch.vtensor<[2,3,7,9],f32>) -> (!torch.vtensor<[2,3,4,5],f32>, !torch.vtensor<[2,3,4,5],si64>) {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %false = torch.constant.bool false
  %k = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0:2 = torch.aten.max_pool2d_with_indices %x, %k, %s, %p, %d, %false : !torch.vtensor<[2,3,7,9],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[2,3,4,5],f32>, !torch.vtensor<[2,3,4,5],si64>
  return %0#0, %0#1 : !torch.vtensor<[2,3,4,5],f32>, !torch.vtensor<[2,3,4,5],si64>
}

// -----

// avg_pool2d with divisor_override: the window sums, a depthwise Conv of
// ones whose end pads give the ceil-mode sizes, divided by the divisor.
// CHECK-LABEL: func.func @main_graph
// CHECK-DAG: %[[ONES:.*]] = "onnx.Initializer"() {name = "", value = dense<1.000000e+00> : tensor<3x1x4x4xf32>}
// CHECK: %[[SUMS:.*]] = "onnx.Conv"(%arg0, %[[ONES]], %{{.*}}) {group = 3 : si64, kernel_shape = [4, 4], pads = [1, 1, 2, 3], strides = [2, 3]} : (tensor<1x3x9x9xf32>, tensor<3x1x4x4xf32>, none) -> tensor<1x3x5x4xf32>
// CHECK: "onnx.Div"(%[[SUMS]]
// CHECK-NOT: AveragePool
func.func @forward(%x: !torch.vtensor<[1,3,9,9],f32>) -> !torch.vtensor<[1,3,5,4],f32> {
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %int4 = torch.constant.int 4
  %int1 = torch.constant.int 1
  %true = torch.constant.bool true
  %false = torch.constant.bool false
  %k = torch.prim.ListConstruct %int4, %int4 : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int2, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.avg_pool2d %x, %k, %s, %p, %true, %false, %int2 : !torch.vtensor<[1,3,9,9],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.bool, !torch.int -> !torch.vtensor<[1,3,5,4],f32>
  return %0 : !torch.vtensor<[1,3,5,4],f32>
}

// -----

// The backward of max_pool2d adds each gradient at its index into its
// plane of zeros: ScatterElements with the add reduction on flat planes.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[GRAD:.*]] = "onnx.Reshape"(%arg0, %{{.*}}) : (tensor<1x2x1x3xf32>, tensor<3xi64>) -> tensor<1x2x3xf32>
// CHECK: %[[INDICES:.*]] = "onnx.Reshape"(%arg2, %{{.*}}) : (tensor<1x2x1x3xi64>, tensor<3xi64>) -> tensor<1x2x3xi64>
// CHECK: %[[ZEROS:.*]] = "onnx.Initializer"() {name = "", value = dense<0.000000e+00> : tensor<1x2x18xf32>}
// CHECK: %[[SUMS:.*]] = "onnx.ScatterElements"(%[[ZEROS]], %[[INDICES]], %[[GRAD]]) {axis = 2 : si64, reduction = "add"}
// CHECK: "onnx.Reshape"(%[[SUMS]], %{{.*}}) : (tensor<1x2x18xf32>, tensor<4xi64>) -> tensor<1x2x3x6xf32>
func.func @forward(%grad: !torch.vtensor<[1,2,1,3],f32>, %x: !torch.vtensor<[1,2,3,6],f32>, %indices: !torch.vtensor<[1,2,1,3],si64>) -> !torch.vtensor<[1,2,3,6],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %true = torch.constant.bool true
  %k = torch.prim.ListConstruct %int3, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.max_pool2d_with_indices_backward %grad, %x, %k, %s, %p, %d, %true, %indices : !torch.vtensor<[1,2,1,3],f32>, !torch.vtensor<[1,2,3,6],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool, !torch.vtensor<[1,2,1,3],si64> -> !torch.vtensor<[1,2,3,6],f32>
  return %0 : !torch.vtensor<[1,2,3,6],f32>
}

// -----

// im2col (F.unfold): each plane flattened, and a Gather of each window's
// elements at positions computed at compile time.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[PLANES:.*]] = "onnx.Reshape"(%arg0, %{{.*}}) : (tensor<2x1x5x5xf32>, tensor<3xi64>) -> tensor<2x1x25xf32>
// CHECK: %[[POSITIONS:.*]] = "onnx.Initializer"() {name = "", value = dense<{{\[\[}}0, 1, 2, 3, 5, 6, 7, 8, 10, 11, 12, 13, 15, 16, 17, 18], [1, 2, {{.*}}]]> : tensor<4x16xi64>}
// CHECK: %[[WINDOWS:.*]] = "onnx.Gather"(%[[PLANES]], %[[POSITIONS]]) {axis = 2 : si64} : (tensor<2x1x25xf32>, tensor<4x16xi64>) -> tensor<2x1x4x16xf32>
// CHECK: "onnx.Reshape"(%[[WINDOWS]], %{{.*}}) : (tensor<2x1x4x16xf32>, tensor<3xi64>) -> tensor<2x4x16xf32>
func.func @forward(%x: !torch.vtensor<[2,1,5,5],f32>) -> !torch.vtensor<[2,4,16],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %k = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %d = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %p = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %s = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.im2col %x, %k, %d, %p, %s : !torch.vtensor<[2,1,5,5],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int> -> !torch.vtensor<[2,4,16],f32>
  return %0 : !torch.vtensor<[2,4,16],f32>
}
