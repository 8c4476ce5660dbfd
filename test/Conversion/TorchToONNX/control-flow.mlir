// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// prim.If: onnx.If whose branches end in onnx.Yield.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[C:.*]]: tensor<i1>)
// CHECK: %[[R:.*]] = "onnx.If"(%[[C]]) ({
// CHECK:   %[[T:.*]] = "onnx.Relu"(%[[X]])
// CHECK:   "onnx.Yield"(%[[T]])
// CHECK: }, {
// CHECK:   %[[E:.*]] = "onnx.Neg"(%[[X]])
// CHECK:   "onnx.Yield"(%[[E]])
// CHECK: }) : (tensor<i1>) -> tensor<4xf32>
// CHECK: return %[[R]]
func.func @forward(%x: !torch.vtensor<[4],f32>, %c: !torch.vtensor<[],i1>) -> !torch.vtensor<[4],f32> {
  %cond = torch.aten.Bool.Tensor %c : !torch.vtensor<[],i1> -> !torch.bool
  %0 = torch.prim.If %cond -> (!torch.vtensor<[4],f32>) {
    %1 = torch.aten.relu %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
    torch.prim.If.yield %1 : !torch.vtensor<[4],f32>
  } else {
    %2 = torch.aten.neg %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
    torch.prim.If.yield %2 : !torch.vtensor<[4],f32>
  }
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// A branch that raises (an assertion) is dropped.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[C:.*]]: tensor<i1>)
// CHECK-NOT: onnx.If
// CHECK: %[[R:.*]] = "onnx.Relu"(%[[X]])
// CHECK: return %[[R]]
func.func @forward(%x: !torch.vtensor<[4],f32>, %c: !torch.vtensor<[],i1>) -> !torch.vtensor<[4],f32> {
  %cond = torch.aten.Bool.Tensor %c : !torch.vtensor<[],i1> -> !torch.bool
  %msg = torch.constant.str "bad input"
  %none = torch.constant.none
  torch.prim.If %cond {
    torch.prim.RaiseException %msg, %none : !torch.str, !torch.none
    torch.prim.If.yield
  } else {
    torch.prim.If.yield
  }
  %0 = torch.aten.relu %x : !torch.vtensor<[4],f32> -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}

// -----

// prim.Loop: onnx.Loop with the trip count, the condition and the carried
// value; the body gets the condition as an extra argument.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[N:.*]]: tensor<i64>)
// CHECK: %[[TRUE:.*]] = "onnx.Initializer"() {{.*}}value = dense<true> : tensor<i1>
// CHECK: %[[R:.*]] = "onnx.Loop"(%[[N]], %[[TRUE]], %[[X]]) ({
// CHECK: ^bb0(%[[I:.*]]: tensor<i64>, %[[COND:.*]]: tensor<i1>, %[[ACC:.*]]: tensor<4xf32>):
// CHECK:   %[[NEXT:.*]] = "onnx.Add"(%[[ACC]], %[[X]])
// CHECK:   "onnx.Yield"(%[[TRUE]], %[[NEXT]])
// CHECK: }) : (tensor<i64>, tensor<i1>, tensor<4xf32>) -> tensor<4xf32>
// CHECK: return %[[R]]
func.func @forward(%x: !torch.vtensor<[4],f32>, %n: !torch.vtensor<[],si64>) -> !torch.vtensor<[4],f32> {
  %true = torch.constant.bool true
  %int1 = torch.constant.int 1
  %count = torch.aten.Int.Tensor %n : !torch.vtensor<[],si64> -> !torch.int
  %0 = torch.prim.Loop %count, %true, init(%x) {
  ^bb0(%i: !torch.int, %acc: !torch.vtensor<[4],f32>):
    %1 = torch.aten.add.Tensor %acc, %x, %int1 : !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[4],f32>
    torch.prim.Loop.condition %true, iter(%1 : !torch.vtensor<[4],f32>)
  } : (!torch.int, !torch.bool, !torch.vtensor<[4],f32>) -> !torch.vtensor<[4],f32>
  return %0 : !torch.vtensor<[4],f32>
}
