// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// normal(mean, std) of two tensors: a standard normal draw of their
// broadcast shape, scaled by std and shifted by mean.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[MEAN:.*]]: tensor<3x1xf32>, %[[STD:.*]]: tensor<4xf32>)
// CHECK: %[[LIKE:.*]] = "onnx.Add"(%[[MEAN]], %[[STD]]) : (tensor<3x1xf32>, tensor<4xf32>) -> tensor<3x4xf32>
// CHECK: %[[DRAW:.*]] = "onnx.RandomNormalLike"(%[[LIKE]]) {dtype = 1 : si64} : (tensor<3x4xf32>) -> tensor<3x4xf32>
// CHECK: %[[SCALED:.*]] = "onnx.Mul"(%[[DRAW]], %[[STD]])
// CHECK: %[[Y:.*]] = "onnx.Add"(%[[SCALED]], %[[MEAN]]) : (tensor<3x4xf32>, tensor<3x1xf32>) -> tensor<3x4xf32>
// CHECK: return %[[Y]]
func.func @forward(%mean: !torch.vtensor<[3,1],f32>, %std: !torch.vtensor<[4],f32>) -> !torch.vtensor<[3,4],f32> {
  %none = torch.constant.none
  %0 = torch.operator "aten::normal.Tensor_Tensor"(%mean, %std, %none) : (!torch.vtensor<[3,1],f32>, !torch.vtensor<[4],f32>, !torch.none) -> !torch.vtensor<[3,4],f32>
  return %0 : !torch.vtensor<[3,4],f32>
}

// -----

// normal with a tensor mean and a float std, and the reverse.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<4x3xf32>)
// CHECK: %[[STD:.*]] = "onnx.Initializer"() {name = "", value = dense<2.500000e+00> : tensor<f32>}
// CHECK: %[[DRAW:.*]] = "onnx.RandomNormalLike"(%[[X]]) {dtype = 1 : si64}
// CHECK: %[[SCALED:.*]] = "onnx.Mul"(%[[DRAW]], %[[STD]])
// CHECK: %[[A:.*]] = "onnx.Add"(%[[SCALED]], %[[X]])
// CHECK: %[[MEAN:.*]] = "onnx.Initializer"() {name = "", value = dense<2.500000e+00> : tensor<f32>}
// CHECK: %[[DRAW2:.*]] = "onnx.RandomNormalLike"(%[[X]]) {dtype = 1 : si64}
// CHECK: %[[SCALED2:.*]] = "onnx.Mul"(%[[DRAW2]], %[[X]])
// CHECK: %[[B:.*]] = "onnx.Add"(%[[SCALED2]], %[[MEAN]])
// CHECK: return %[[A]], %[[B]]
func.func @forward(%x: !torch.vtensor<[4,3],f32>) -> (!torch.vtensor<[4,3],f32>, !torch.vtensor<[4,3],f32>) {
  %none = torch.constant.none
  %std = torch.constant.float 2.500000e+00
  %0 = torch.operator "aten::normal.Tensor_float"(%x, %std, %none) : (!torch.vtensor<[4,3],f32>, !torch.float, !torch.none) -> !torch.vtensor<[4,3],f32>
  %1 = torch.operator "aten::normal.float_Tensor"(%std, %x, %none) : (!torch.float, !torch.vtensor<[4,3],f32>, !torch.none) -> !torch.vtensor<[4,3],f32>
  return %0, %1 : !torch.vtensor<[4,3],f32>, !torch.vtensor<[4,3],f32>
}

// -----

// normal of two floats and a size list draws like zeros of that shape.
// CHECK-LABEL: func.func @main_graph
// CHECK: %[[MEAN:.*]] = "onnx.Initializer"() {name = "", value = dense<1.600000e+00> : tensor<f32>}
// CHECK: %[[STD:.*]] = "onnx.Initializer"() {name = "", value = dense<3.000000e-01> : tensor<f32>}
// CHECK: %[[SHAPE:.*]] = "onnx.Initializer"() {name = "", value = dense<[2, 3]> : tensor<2xi64>}
// CHECK: %[[ZEROS:.*]] = "onnx.ConstantOfShape"(%[[SHAPE]])
// CHECK: %[[DRAW:.*]] = "onnx.RandomNormalLike"(%[[ZEROS]]) {dtype = 1 : si64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: %[[SCALED:.*]] = "onnx.Mul"(%[[DRAW]], %[[STD]])
// CHECK: "onnx.Add"(%[[SCALED]], %[[MEAN]])
func.func @forward() -> !torch.vtensor<[2,3],f32> {
  %none = torch.constant.none
  %mean = torch.constant.float 1.600000e+00
  %std = torch.constant.float 3.000000e-01
  %int2 = torch.constant.int 2
  %int3 = torch.constant.int 3
  %int6 = torch.constant.int 6
  %false = torch.constant.bool false
  %cpu = torch.constant.device "cpu"
  %size = torch.prim.ListConstruct %int2, %int3 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.operator "aten::normal.float_float"(%mean, %std, %size, %none, %int6, %none, %cpu, %false) : (!torch.float, !torch.float, !torch.list<int>, !torch.none, !torch.int, !torch.none, !torch.Device, !torch.bool) -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}

// -----

// The value form of normal_(self, mean, std) draws like self.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<5x5xf32>)
// CHECK: %[[MEAN:.*]] = "onnx.Initializer"() {name = "", value = dense<-2.000000e+00> : tensor<f32>}
// CHECK: %[[STD:.*]] = "onnx.Initializer"() {name = "", value = dense<5.000000e-01> : tensor<f32>}
// CHECK: %[[DRAW:.*]] = "onnx.RandomNormalLike"(%[[X]]) {dtype = 1 : si64}
// CHECK: %[[SCALED:.*]] = "onnx.Mul"(%[[DRAW]], %[[STD]])
// CHECK: "onnx.Add"(%[[SCALED]], %[[MEAN]])
func.func @forward(%x: !torch.vtensor<[5,5],f32>) -> !torch.vtensor<[5,5],f32> {
  %none = torch.constant.none
  %mean = torch.constant.float -2.000000e+00
  %std = torch.constant.float 5.000000e-01
  %0 = torch.operator "aten::normal"(%x, %mean, %std, %none) : (!torch.vtensor<[5,5],f32>, !torch.float, !torch.float, !torch.none) -> !torch.vtensor<[5,5],f32>
  return %0 : !torch.vtensor<[5,5],f32>
}

// -----

// randint_like floors a uniform draw over [low, high) of self's shape, at
// most high - 1.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<5x5xf32>)
// CHECK: %[[U:.*]] = "onnx.RandomUniformLike"(%[[X]]) {dtype = 1 : si64, high = 1.000000e+01 : f32, low = 0.000000e+00 : f32}
// CHECK: %[[FA:.*]] = "onnx.Floor"(%[[U]]) : (tensor<5x5xf32>) -> tensor<5x5xf32>
// CHECK: %[[H:.*]] = "onnx.Initializer"() {name = "", value = dense<9.000000e+00> : tensor<f32>}
// CHECK: %[[A:.*]] = "onnx.Min"(%[[FA]], %[[H]])
// CHECK: %[[U2:.*]] = "onnx.RandomUniformLike"(%[[X]]) {dtype = 1 : si64, high = 1.000000e+01 : f32, low = 2.000000e+00 : f32}
// CHECK: %[[F:.*]] = "onnx.Floor"(%[[U2]])
// CHECK: %[[M:.*]] = "onnx.Min"(%[[F]], %{{.*}})
// CHECK: %[[B:.*]] = "onnx.Cast"(%[[M]]) {to = 7 : si64} : (tensor<5x5xf32>) -> tensor<5x5xi64>
// CHECK: return %[[A]], %[[B]]
func.func @forward(%x: !torch.vtensor<[5,5],f32>) -> (!torch.vtensor<[5,5],f32>, !torch.vtensor<[5,5],si64>) {
  %none = torch.constant.none
  %false = torch.constant.bool false
  %int2 = torch.constant.int 2
  %int10 = torch.constant.int 10
  %int4 = torch.constant.int 4
  %0 = torch.operator "aten::randint_like"(%x, %int10, %none, %none, %none, %false, %none) : (!torch.vtensor<[5,5],f32>, !torch.int, !torch.none, !torch.none, !torch.none, !torch.bool, !torch.none) -> !torch.vtensor<[5,5],f32>
  %1 = torch.operator "aten::randint_like.low_dtype"(%x, %int2, %int10, %int4, %none, %none, %false, %none) : (!torch.vtensor<[5,5],f32>, !torch.int, !torch.int, !torch.int, !torch.none, !torch.none, !torch.bool, !torch.none) -> !torch.vtensor<[5,5],si64>
  return %0, %1 : !torch.vtensor<[5,5],f32>, !torch.vtensor<[5,5],si64>
}

// -----

// multinomial without replacement: the top k of the log probabilities plus
// Gumbel noise.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[P:.*]]: tensor<3x10xf32>)
// CHECK: %[[LOGP:.*]] = "onnx.Log"(%[[P]])
// CHECK: %[[U:.*]] = "onnx.RandomUniformLike"(%[[P]]) {dtype = 1 : si64, high = 1.000000e+00 : f32, low = 0.000000e+00 : f32}
// CHECK: %[[L1:.*]] = "onnx.Log"(%[[U]])
// CHECK: %[[N1:.*]] = "onnx.Neg"(%[[L1]])
// CHECK: %[[L2:.*]] = "onnx.Log"(%[[N1]])
// CHECK: %[[GUMBEL:.*]] = "onnx.Neg"(%[[L2]])
// CHECK: %[[KEYS:.*]] = "onnx.Add"(%[[LOGP]], %[[GUMBEL]])
// CHECK: %[[K:.*]] = "onnx.Initializer"() {name = "", value = dense<3> : tensor<1xi64>}
// CHECK: %{{.*}}, %[[I:.*]] = "onnx.TopK"(%[[KEYS]], %[[K]]) {axis = 1 : si64, largest = 1 : si64, sorted = 1 : si64} : (tensor<3x10xf32>, tensor<1xi64>) -> (tensor<3x3xf32>, tensor<3x3xi64>)
// CHECK: return %[[I]]
func.func @forward(%p: !torch.vtensor<[3,10],f32>) -> !torch.vtensor<[3,3],si64> {
  %none = torch.constant.none
  %false = torch.constant.bool false
  %int3 = torch.constant.int 3
  %0 = torch.aten.multinomial %p, %int3, %false, %none : !torch.vtensor<[3,10],f32>, !torch.int, !torch.bool, !torch.none -> !torch.vtensor<[3,3],si64>
  return %0 : !torch.vtensor<[3,3],si64>
}

// -----

// multinomial with replacement of a 1-D input: Multinomial of the log
// probabilities as a batch of one.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[P:.*]]: tensor<10xf32>)
// CHECK: %[[LOGP:.*]] = "onnx.Log"(%[[P]])
// CHECK: %[[BATCH:.*]] = "onnx.Unsqueeze"(%[[LOGP]], %{{.*}}) : (tensor<10xf32>, tensor<1xi64>) -> tensor<1x10xf32>
// CHECK: %[[D:.*]] = "onnx.Multinomial"(%[[BATCH]]) {dtype = 7 : si64, sample_size = 4 : si64} : (tensor<1x10xf32>) -> tensor<1x4xi64>
// CHECK: %[[Y:.*]] = "onnx.Squeeze"(%[[D]], %{{.*}}) : (tensor<1x4xi64>, tensor<1xi64>) -> tensor<4xi64>
// CHECK: return %[[Y]]
func.func @forward(%p: !torch.vtensor<[10],f32>) -> !torch.vtensor<[4],si64> {
  %none = torch.constant.none
  %true = torch.constant.bool true
  %int4 = torch.constant.int 4
  %0 = torch.aten.multinomial %p, %int4, %true, %none : !torch.vtensor<[10],f32>, !torch.int, !torch.bool, !torch.none -> !torch.vtensor<[4],si64>
  return %0 : !torch.vtensor<[4],si64>
}

// -----

// dropout in training mode keeps the elements where a uniform draw reaches
// p, scaled by 1 / (1 - p); p = 1 zeroes.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<5x5xf32>)
// CHECK-NOT: onnx.Dropout
// CHECK: %[[U:.*]] = "onnx.RandomUniformLike"(%[[X]]) {dtype = 1 : si64, high = 1.000000e+00 : f32, low = 0.000000e+00 : f32}
// CHECK: %[[P:.*]] = "onnx.Initializer"() {name = "", value = dense<5.000000e-01> : tensor<f32>}
// CHECK: %[[KEPT:.*]] = "onnx.GreaterOrEqual"(%[[U]], %[[P]]) : (tensor<5x5xf32>, tensor<f32>) -> tensor<5x5xi1>
// CHECK: %[[SCALE:.*]] = "onnx.Initializer"() {name = "", value = dense<2.000000e+00> : tensor<f32>}
// CHECK: %[[SCALED:.*]] = "onnx.Mul"(%[[X]], %[[SCALE]])
// CHECK: %[[ZERO:.*]] = "onnx.Initializer"() {name = "", value = dense<0.000000e+00> : tensor<f32>}
// CHECK: %[[A:.*]] = "onnx.Where"(%[[KEPT]], %[[SCALED]], %[[ZERO]]) : (tensor<5x5xi1>, tensor<5x5xf32>, tensor<f32>) -> tensor<5x5xf32>
// CHECK: %[[ZERO2:.*]] = "onnx.Initializer"() {name = "", value = dense<0.000000e+00> : tensor<f32>}
// CHECK: %[[B:.*]] = "onnx.Mul"(%[[X]], %[[ZERO2]])
// CHECK: return %[[A]], %[[B]]
func.func @forward(%x: !torch.vtensor<[5,5],f32>) -> (!torch.vtensor<[5,5],f32>, !torch.vtensor<[5,5],f32>) {
  %true = torch.constant.bool true
  %half = torch.constant.float 5.000000e-01
  %one = torch.constant.float 1.000000e+00
  %0 = torch.aten.dropout %x, %half, %true : !torch.vtensor<[5,5],f32>, !torch.float, !torch.bool -> !torch.vtensor<[5,5],f32>
  %1 = torch.aten.dropout %x, %one, %true : !torch.vtensor<[5,5],f32>, !torch.float, !torch.bool -> !torch.vtensor<[5,5],f32>
  return %0, %1 : !torch.vtensor<[5,5],f32>, !torch.vtensor<[5,5],f32>
}
