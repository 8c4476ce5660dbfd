// RUN: torch-onnx-opt %s -torch-legalize-pipeline | FileCheck %s

// The running average of a submodule with extra state: a buffer reassigned
// in forward and a Python int counter (`self.count += 1`), as TorchScript
// scripts it:
//
//   def forward(self, input):
//       self.count += 1
//       self.running_avg = (self.running_avg * (self.count - 1) + input) / self.count
//       return self.running_avg
//
// Both pieces of state become inputs with their initial values and extra
// outputs, bound in torch_onnx.state.

// CHECK-NOT:   torch.class_type
// CHECK-NOT:   torch.nn_module
// CHECK-LABEL: func.func @forward(
// CHECK-SAME:      %[[INPUT:[^:]*]]: !torch.vtensor<[5],f32> {torch_onnx.name = "input"},
// CHECK-SAME:      %[[AVG:[^:]*]]: !torch.vtensor<[5],f32> {torch_onnx.initial_value = dense<0.000000e+00> : tensor<5xf32>, torch_onnx.name = "avg.running_avg"},
// CHECK-SAME:      %[[COUNT:[^:]*]]: !torch.vtensor<[],si64> {torch_onnx.initial_value = dense<0> : tensor<si64>, torch_onnx.name = "avg.count"})
// CHECK-SAME:      -> (!torch.vtensor<[5],f32>, !torch.vtensor<[5],f32> {torch_onnx.name = "avg.running_avg.out"}, !torch.vtensor<[],si64> {torch_onnx.name = "avg.count.out"})
// CHECK-SAME:      attributes {torch_onnx.state = [{input = "avg.running_avg", output = "avg.running_avg.out", path = "avg.running_avg"}, {input = "avg.count", output = "avg.count.out", path = "avg.count"}]}
// CHECK:         %[[ONE:.*]] = torch.constant.int 1
// CHECK:         %[[OLD:.*]] = torch.aten.Int.Tensor %[[COUNT]] : !torch.vtensor<[],si64> -> !torch.int
// CHECK:         %[[NEW:.*]] = torch.aten.add.int %[[OLD]], %[[ONE]]
// CHECK:         %[[NEWCOUNT:.*]] = torch.prim.NumToTensor.Scalar %[[NEW]] : !torch.int -> !torch.vtensor<[],si64>
// CHECK:         %[[PREV:.*]] = torch.aten.sub.int %[[NEW]], %[[ONE]]
// CHECK:         %[[SCALED:.*]] = torch.aten.mul.Scalar %[[AVG]], %[[PREV]] : !torch.vtensor<[5],f32>, !torch.int -> !torch.vtensor<[5],f32>
// CHECK:         %[[SUM:.*]] = torch.aten.add.Tensor %[[SCALED]], %[[INPUT]], %[[ONE]]
// CHECK:         %[[RESULT:.*]] = torch.aten.div.Scalar %[[SUM]], %[[NEW]]
// CHECK:         return %[[RESULT]], %[[RESULT]], %[[NEWCOUNT]]
// CHECK-NOT:   func.func
torch.class_type @__torch__.RunningAverageSubmodule {
  torch.attr "training" : !torch.bool
  torch.attr "running_avg" : !torch.tensor
  torch.attr "count" : !torch.int
  torch.method "forward", @__torch__.RunningAverageSubmodule.forward
}
torch.class_type @__torch__.Model {
  torch.attr "training" : !torch.bool
  torch.attr "avg" : !torch.nn.Module<"__torch__.RunningAverageSubmodule">
  torch.method "forward", @__torch__.Model.forward
}
%false = torch.constant.bool false
%zeros = torch.tensor.literal(dense<0.0> : tensor<5xf32>) : !torch.tensor<[5],f32>
%int0 = torch.constant.int 0
%avg = torch.nn_module {
  torch.slot "training", %false : !torch.bool
  torch.slot "running_avg", %zeros : !torch.tensor<[5],f32>
  torch.slot "count", %int0 : !torch.int
} : !torch.nn.Module<"__torch__.RunningAverageSubmodule">
%root = torch.nn_module {
  torch.slot "training", %false : !torch.bool
  torch.slot "avg", %avg : !torch.nn.Module<"__torch__.RunningAverageSubmodule">
} : !torch.nn.Module<"__torch__.Model">
func.func private @__torch__.Model.forward(%self: !torch.nn.Module<"__torch__.Model">, %input: !torch.tensor<[5],f32> {torch_onnx.name = "input"}) -> !torch.tensor {
  %0 = torch.prim.GetAttr %self["avg"] : !torch.nn.Module<"__torch__.Model"> -> !torch.nn.Module<"__torch__.RunningAverageSubmodule">
  %1 = torch.prim.CallMethod %0["forward"] (%input) : !torch.nn.Module<"__torch__.RunningAverageSubmodule">, (!torch.tensor<[5],f32>) -> !torch.tensor
  return %1 : !torch.tensor
}
func.func private @__torch__.RunningAverageSubmodule.forward(%self: !torch.nn.Module<"__torch__.RunningAverageSubmodule">, %input: !torch.tensor) -> !torch.tensor {
  %int1 = torch.constant.int 1
  %count.1 = torch.prim.GetAttr %self["count"] : !torch.nn.Module<"__torch__.RunningAverageSubmodule"> -> !torch.int
  %0 = torch.aten.add.int %count.1, %int1 : !torch.int, !torch.int -> !torch.int
  torch.prim.SetAttr %self["count"] = %0 : !torch.nn.Module<"__torch__.RunningAverageSubmodule">, !torch.int
  %running_avg.1 = torch.prim.GetAttr %self["running_avg"] : !torch.nn.Module<"__torch__.RunningAverageSubmodule"> -> !torch.tensor
  %count.3 = torch.prim.GetAttr %self["count"] : !torch.nn.Module<"__torch__.RunningAverageSubmodule"> -> !torch.int
  %1 = torch.aten.sub.int %count.3, %int1 : !torch.int, !torch.int -> !torch.int
  %2 = torch.aten.mul.Scalar %running_avg.1, %1 : !torch.tensor, !torch.int -> !torch.tensor
  %3 = torch.aten.add.Tensor %2, %input, %int1 : !torch.tensor, !torch.tensor, !torch.int -> !torch.tensor
  %count = torch.prim.GetAttr %self["count"] : !torch.nn.Module<"__torch__.RunningAverageSubmodule"> -> !torch.int
  %4 = torch.aten.div.Scalar %3, %count : !torch.tensor, !torch.int -> !torch.tensor
  torch.prim.SetAttr %self["running_avg"] = %4 : !torch.nn.Module<"__torch__.RunningAverageSubmodule">, !torch.tensor
  %running_avg = torch.prim.GetAttr %self["running_avg"] : !torch.nn.Module<"__torch__.RunningAverageSubmodule"> -> !torch.tensor
  return %running_avg : !torch.tensor
}
