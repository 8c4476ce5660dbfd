// RUN: torch-onnx-opt %s -split-input-file -torch-legalize-pipeline | FileCheck %s

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

// -----

// A submodule's method called with prim.CallMethod is inlined, its
// parameter becomes a constant, and a buffer updated in place
// (`self.steps.add_(1)`) becomes state in value form.

// CHECK-LABEL: func.func @forward(
// CHECK-SAME:      %[[X:[^:]*]]: !torch.vtensor<[2,4],f32> {torch_onnx.name = "x"},
// CHECK-SAME:      %[[STEPS:[^:]*]]: !torch.vtensor<[],si64> {torch_onnx.initial_value = dense<0> : tensor<si64>, torch_onnx.name = "steps"})
// CHECK-SAME:      -> (!torch.vtensor<[2,3],f32>, !torch.vtensor<[],si64> {torch_onnx.name = "steps.out"})
// CHECK-SAME:      attributes {torch_onnx.state = [{input = "steps", output = "steps.out", path = "steps"}]}
// CHECK-DAG:     %[[W:.*]] = torch.vtensor.literal(dense<5.000000e-01> : tensor<4x3xf32>) : !torch.vtensor<[4,3],f32>
// CHECK-DAG:     %[[ONE:.*]] = torch.constant.int 1
// CHECK:         %[[Y:.*]] = torch.aten.mm %[[X]], %[[W]] : !torch.vtensor<[2,4],f32>, !torch.vtensor<[4,3],f32> -> !torch.vtensor<[2,3],f32>
// CHECK:         %[[NEXT:.*]] = torch.aten.add.Scalar %[[STEPS]], %[[ONE]], %[[ONE]] : !torch.vtensor<[],si64>, !torch.int, !torch.int -> !torch.vtensor<[],si64>
// CHECK:         return %[[Y]], %[[NEXT]]
// CHECK-NOT:   func.func
torch.class_type @__torch__.Sub {
  torch.attr "weight" : !torch.tensor
  torch.method "forward", @__torch__.Sub.forward
}
torch.class_type @__torch__.M {
  torch.attr "sub" : !torch.nn.Module<"__torch__.Sub">
  torch.attr "steps" : !torch.tensor
  torch.method "forward", @__torch__.M.forward
}
%w = torch.tensor.literal(dense<0.5> : tensor<4x3xf32>) : !torch.tensor<[4,3],f32>
%sub = torch.nn_module {
  torch.slot "weight", %w : !torch.tensor<[4,3],f32>
} : !torch.nn.Module<"__torch__.Sub">
%steps = torch.tensor.literal(dense<0> : tensor<si64>) : !torch.tensor<[],si64>
%root = torch.nn_module {
  torch.slot "sub", %sub : !torch.nn.Module<"__torch__.Sub">
  torch.slot "steps", %steps : !torch.tensor<[],si64>
} : !torch.nn.Module<"__torch__.M">
func.func private @__torch__.M.forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor<[2,4],f32> {torch_onnx.name = "x"}) -> !torch.tensor {
  %int1 = torch.constant.int 1
  %0 = torch.prim.GetAttr %self["sub"] : !torch.nn.Module<"__torch__.M"> -> !torch.nn.Module<"__torch__.Sub">
  %1 = torch.prim.CallMethod %0["forward"] (%x) : !torch.nn.Module<"__torch__.Sub">, (!torch.tensor<[2,4],f32>) -> !torch.tensor
  %2 = torch.prim.GetAttr %self["steps"] : !torch.nn.Module<"__torch__.M"> -> !torch.tensor
  %3 = torch.aten.add_.Scalar %2, %int1, %int1 : !torch.tensor, !torch.int, !torch.int -> !torch.tensor
  return %1 : !torch.tensor
}
func.func private @__torch__.Sub.forward(%self: !torch.nn.Module<"__torch__.Sub">, %x: !torch.tensor) -> !torch.tensor {
  %0 = torch.prim.GetAttr %self["weight"] : !torch.nn.Module<"__torch__.Sub"> -> !torch.tensor
  %1 = torch.aten.mm %x, %0 : !torch.tensor, !torch.tensor -> !torch.tensor
  return %1 : !torch.tensor
}
