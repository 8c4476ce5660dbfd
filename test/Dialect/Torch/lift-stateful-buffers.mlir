// RUN: torch-onnx-opt %s -split-input-file -torch-lift-stateful-buffers | FileCheck %s
// RUN: torch-onnx-opt %s -split-input-file -torch-lift-stateful-buffers="read-only-tensors-as-inputs" | FileCheck %s --check-prefix=INPUTS

// Read-only state becomes constants: the parameter a copy of its literal,
// Python attributes torch.constant ops. The object graph goes away.

// CHECK-NOT:   torch.class_type
// CHECK-NOT:   torch.nn_module
// CHECK-LABEL: func.func @forward(
// CHECK-SAME:      %[[X:.*]]: !torch.tensor<[2,4],f32> {torch_onnx.name = "x"}) -> !torch.tensor {
// CHECK-NOT:     torch_onnx.state
// CHECK-DAG:     %[[W:.*]] = torch.tensor.literal(dense_resource<sub.weight> : tensor<4x4xf32>) : !torch.tensor<[4,4],f32>
// CHECK-DAG:     %[[SCALE:.*]] = torch.constant.float 2.000000e+00
// CHECK-DAG:     %[[PAD:.*]] = torch.constant.int 1
// CHECK-DAG:     %[[LIST:.*]] = torch.prim.ListConstruct %[[PAD]], %[[PAD]] : (!torch.int, !torch.int) -> !torch.list<int>
// CHECK:         %[[MM:.*]] = torch.aten.mm %[[X]], %[[W]]
// CHECK:         %[[MUL:.*]] = torch.aten.mul.Scalar %[[MM]], %[[SCALE]]
// CHECK:         %[[R:.*]] = torch.aten.view %[[MUL]], %[[LIST]]
// CHECK:         return %[[R]]

// INPUTS-LABEL: func.func @forward(
// INPUTS-SAME:      %{{.*}}: !torch.tensor<[2,4],f32> {torch_onnx.name = "x"},
// INPUTS-SAME:      %[[W:.*]]: !torch.tensor<[4,4],f32> {torch_onnx.initial_value = dense_resource<sub.weight> : tensor<4x4xf32>, torch_onnx.name = "sub.weight"})
// INPUTS:         torch.aten.mm %{{.*}}, %[[W]]
torch.class_type @__torch__.Sub {
  torch.attr "weight" : !torch.tensor
}
torch.class_type @__torch__.M {
  torch.attr "sub" : !torch.nn.Module<"__torch__.Sub">
  torch.attr "scale" : !torch.float
  torch.attr "shape" : !torch.list<int>
}
%w = torch.tensor.literal(dense_resource<sub.weight> : tensor<4x4xf32>) : !torch.tensor<[4,4],f32>
%sub = torch.nn_module {
  torch.slot "weight", %w : !torch.tensor<[4,4],f32>
} : !torch.nn.Module<"__torch__.Sub">
%f = torch.constant.float 2.0
%one = torch.constant.int 1
%shape = torch.prim.ListConstruct %one, %one : (!torch.int, !torch.int) -> !torch.list<int>
%root = torch.nn_module {
  torch.slot "sub", %sub : !torch.nn.Module<"__torch__.Sub">
  torch.slot "scale", %f : !torch.float
  torch.slot "shape", %shape : !torch.list<int>
} : !torch.nn.Module<"__torch__.M">
func.func @forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor<[2,4],f32> {torch_onnx.name = "x"}) -> !torch.tensor {
  %0 = torch.prim.GetAttr %self["sub"] : !torch.nn.Module<"__torch__.M"> -> !torch.nn.Module<"__torch__.Sub">
  %1 = torch.prim.GetAttr %0["weight"] : !torch.nn.Module<"__torch__.Sub"> -> !torch.tensor
  %2 = torch.aten.mm %x, %1 : !torch.tensor<[2,4],f32>, !torch.tensor -> !torch.tensor
  %3 = torch.prim.GetAttr %self["scale"] : !torch.nn.Module<"__torch__.M"> -> !torch.float
  %4 = torch.aten.mul.Scalar %2, %3 : !torch.tensor, !torch.float -> !torch.tensor
  %5 = torch.prim.GetAttr %self["shape"] : !torch.nn.Module<"__torch__.M"> -> !torch.list<int>
  %6 = torch.aten.view %4, %5 : !torch.tensor, !torch.list<int> -> !torch.tensor
  return %6 : !torch.tensor
}
{-#
  dialect_resources: {
    builtin: {
      sub.weight: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F"
    }
  }
#-}

// -----

// A buffer assigned with torch.prim.SetAttr becomes an argument (the state
// on entry) and a result (the state on exit), bound in torch_onnx.state.
// A read after the write sees the written value.

// CHECK-LABEL: func.func @forward(
// CHECK-SAME:      %[[X:.*]]: !torch.tensor<[4],f32>,
// CHECK-SAME:      %[[STATE:.*]]: !torch.tensor<[4],f32> {torch_onnx.initial_value = dense<0.000000e+00> : tensor<4xf32>, torch_onnx.name = "sub.running"})
// CHECK-SAME:      -> (!torch.tensor, !torch.tensor {torch_onnx.name = "sub.running.out"})
// CHECK-SAME:      attributes {torch_onnx.state = [{input = "sub.running", output = "sub.running.out", path = "sub.running"}]}
// CHECK:         %[[NEW:.*]] = torch.aten.add.Tensor %[[STATE]], %[[X]]
// CHECK:         %[[TWICE:.*]] = torch.aten.mul.Tensor %[[NEW]], %[[NEW]]
// CHECK:         return %[[TWICE]], %[[NEW]]
torch.class_type @__torch__.Sub {
  torch.attr "running" : !torch.tensor
}
torch.class_type @__torch__.M {
  torch.attr "sub" : !torch.nn.Module<"__torch__.Sub">
}
%r = torch.tensor.literal(dense<0.0> : tensor<4xf32>) : !torch.tensor<[4],f32>
%sub = torch.nn_module {
  torch.slot "running", %r : !torch.tensor<[4],f32>
} : !torch.nn.Module<"__torch__.Sub">
%root = torch.nn_module {
  torch.slot "sub", %sub : !torch.nn.Module<"__torch__.Sub">
} : !torch.nn.Module<"__torch__.M">
func.func @forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor<[4],f32>) -> !torch.tensor {
  %int1 = torch.constant.int 1
  %0 = torch.prim.GetAttr %self["sub"] : !torch.nn.Module<"__torch__.M"> -> !torch.nn.Module<"__torch__.Sub">
  %1 = torch.prim.GetAttr %0["running"] : !torch.nn.Module<"__torch__.Sub"> -> !torch.tensor
  %2 = torch.aten.add.Tensor %1, %x, %int1 : !torch.tensor, !torch.tensor<[4],f32>, !torch.int -> !torch.tensor
  torch.prim.SetAttr %0["running"] = %2 : !torch.nn.Module<"__torch__.Sub">, !torch.tensor
  %3 = torch.prim.GetAttr %0["running"] : !torch.nn.Module<"__torch__.Sub"> -> !torch.tensor
  %4 = torch.aten.mul.Tensor %3, %3 : !torch.tensor, !torch.tensor -> !torch.tensor
  return %4 : !torch.tensor
}

// -----

// A buffer written in place through a view: the state argument itself is
// returned, since the in-place op writes to it.

// CHECK-LABEL: func.func @forward(
// CHECK-SAME:      %[[X:.*]]: !torch.tensor<[4],f32>,
// CHECK-SAME:      %[[STATE:.*]]: !torch.tensor<[2,4],f32> {torch_onnx.initial_value = dense<0.000000e+00> : tensor<2x4xf32>, torch_onnx.name = "running"})
// CHECK-SAME:      -> (!torch.tensor, !torch.tensor<[2,4],f32> {torch_onnx.name = "running.out"})
// CHECK:         %[[ROW:.*]] = torch.aten.select.int %[[STATE]]
// CHECK:         %[[ADDED:.*]] = torch.aten.add_.Tensor %[[ROW]], %[[X]]
// CHECK:         return %[[ADDED]], %[[STATE]]
torch.class_type @__torch__.M {
  torch.attr "running" : !torch.tensor
}
%r = torch.tensor.literal(dense<0.0> : tensor<2x4xf32>) : !torch.tensor<[2,4],f32>
%root = torch.nn_module {
  torch.slot "running", %r : !torch.tensor<[2,4],f32>
} : !torch.nn.Module<"__torch__.M">
func.func @forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor<[4],f32>) -> !torch.tensor {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %0 = torch.prim.GetAttr %self["running"] : !torch.nn.Module<"__torch__.M"> -> !torch.tensor
  %1 = torch.aten.select.int %0, %int0, %int0 : !torch.tensor, !torch.int, !torch.int -> !torch.tensor
  %2 = torch.aten.add_.Tensor %1, %x, %int1 : !torch.tensor, !torch.tensor<[4],f32>, !torch.int -> !torch.tensor
  return %2 : !torch.tensor
}

// -----

// A Python int counter (`self.count += 1`) becomes a 0-d si64 tensor.

// CHECK-LABEL: func.func @forward(
// CHECK-SAME:      %[[X:.*]]: !torch.tensor,
// CHECK-SAME:      %[[COUNT:.*]]: !torch.vtensor<[],si64> {torch_onnx.initial_value = dense<0> : tensor<si64>, torch_onnx.name = "count"})
// CHECK-SAME:      -> (!torch.tensor, !torch.vtensor<[],si64> {torch_onnx.name = "count.out"})
// CHECK-SAME:      attributes {torch_onnx.state = [{input = "count", output = "count.out", path = "count"}]}
// CHECK:         %[[ONE:.*]] = torch.constant.int 1
// CHECK:         %[[OLD:.*]] = torch.aten.Int.Tensor %[[COUNT]] : !torch.vtensor<[],si64> -> !torch.int
// CHECK:         %[[INC:.*]] = torch.aten.add.int %[[OLD]], %[[ONE]]
// CHECK:         %[[NEW:.*]] = torch.prim.NumToTensor.Scalar %[[INC]] : !torch.int -> !torch.vtensor<[],si64>
// CHECK:         %[[READ:.*]] = torch.aten.Int.Tensor %[[NEW]]
// CHECK:         %[[R:.*]] = torch.aten.mul.Scalar %[[X]], %[[READ]]
// CHECK:         return %[[R]], %[[NEW]]
torch.class_type @__torch__.M {
  torch.attr "count" : !torch.int
}
%c = torch.constant.int 0
%root = torch.nn_module {
  torch.slot "count", %c : !torch.int
} : !torch.nn.Module<"__torch__.M">
func.func @forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor) -> !torch.tensor {
  %int1 = torch.constant.int 1
  %0 = torch.prim.GetAttr %self["count"] : !torch.nn.Module<"__torch__.M"> -> !torch.int
  %1 = torch.aten.add.int %0, %int1 : !torch.int, !torch.int -> !torch.int
  torch.prim.SetAttr %self["count"] = %1 : !torch.nn.Module<"__torch__.M">, !torch.int
  %2 = torch.prim.GetAttr %self["count"] : !torch.nn.Module<"__torch__.M"> -> !torch.int
  %3 = torch.aten.mul.Scalar %x, %2 : !torch.tensor, !torch.int -> !torch.tensor
  return %3 : !torch.tensor
}

// -----

// Batch normalization in training mode updates its running statistics in
// place, and the module code counts the batches with add_.

// CHECK-LABEL: func.func @forward(
// CHECK-SAME:      %[[X:.*]]: !torch.tensor<[2,3],f32>,
// CHECK-SAME:      %[[MEAN:[^:]*]]: !torch.tensor<[3],f32> {torch_onnx.initial_value = dense<0.000000e+00> : tensor<3xf32>, torch_onnx.name = "bn.running_mean"},
// CHECK-SAME:      %[[VAR:[^:]*]]: !torch.tensor<[3],f32> {torch_onnx.initial_value = dense<1.000000e+00> : tensor<3xf32>, torch_onnx.name = "bn.running_var"},
// CHECK-SAME:      %[[N:[^:]*]]: !torch.tensor<[],si64> {torch_onnx.initial_value = dense<0> : tensor<si64>, torch_onnx.name = "bn.num_batches_tracked"})
// CHECK-SAME:      -> (!torch.tensor, !torch.tensor<[3],f32> {torch_onnx.name = "bn.running_mean.out"}, !torch.tensor<[3],f32> {torch_onnx.name = "bn.running_var.out"}, !torch.tensor<[],si64> {torch_onnx.name = "bn.num_batches_tracked.out"})
// CHECK-SAME:      torch_onnx.state = [{input = "bn.running_mean", output = "bn.running_mean.out", path = "bn.running_mean"}, {input = "bn.running_var", output = "bn.running_var.out", path = "bn.running_var"}, {input = "bn.num_batches_tracked", output = "bn.num_batches_tracked.out", path = "bn.num_batches_tracked"}]
// CHECK-DAG:     %[[W:.*]] = torch.tensor.literal(dense<1.000000e+00> : tensor<3xf32>)
// CHECK-DAG:     %[[B:.*]] = torch.tensor.literal(dense<0.000000e+00> : tensor<3xf32>)
// CHECK:         torch.aten.add_.Scalar %[[N]]
// CHECK:         %[[Y:.*]] = torch.aten.batch_norm %[[X]], %[[W]], %[[B]], %[[MEAN]], %[[VAR]]
// CHECK:         return %[[Y]], %[[MEAN]], %[[VAR]], %[[N]]
torch.class_type @__torch__.BatchNorm1d {
  torch.attr "training" : !torch.bool
  torch.attr "weight" : !torch.tensor
  torch.attr "bias" : !torch.tensor
  torch.attr "running_mean" : !torch.tensor
  torch.attr "running_var" : !torch.tensor
  torch.attr "num_batches_tracked" : !torch.tensor
}
torch.class_type @__torch__.M {
  torch.attr "bn" : !torch.nn.Module<"__torch__.BatchNorm1d">
}
%true = torch.constant.bool true
%w = torch.tensor.literal(dense<1.0> : tensor<3xf32>) : !torch.tensor<[3],f32>
%b = torch.tensor.literal(dense<0.0> : tensor<3xf32>) : !torch.tensor<[3],f32>
%rm = torch.tensor.literal(dense<0.0> : tensor<3xf32>) : !torch.tensor<[3],f32>
%rv = torch.tensor.literal(dense<1.0> : tensor<3xf32>) : !torch.tensor<[3],f32>
%nbt = torch.tensor.literal(dense<0> : tensor<si64>) : !torch.tensor<[],si64>
%bn = torch.nn_module {
  torch.slot "training", %true : !torch.bool
  torch.slot "weight", %w : !torch.tensor<[3],f32>
  torch.slot "bias", %b : !torch.tensor<[3],f32>
  torch.slot "running_mean", %rm : !torch.tensor<[3],f32>
  torch.slot "running_var", %rv : !torch.tensor<[3],f32>
  torch.slot "num_batches_tracked", %nbt : !torch.tensor<[],si64>
} : !torch.nn.Module<"__torch__.BatchNorm1d">
%root = torch.nn_module {
  torch.slot "bn", %bn : !torch.nn.Module<"__torch__.BatchNorm1d">
} : !torch.nn.Module<"__torch__.M">
func.func @forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor<[2,3],f32>) -> !torch.tensor {
  %int1 = torch.constant.int 1
  %momentum = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  %false = torch.constant.bool false
  %0 = torch.prim.GetAttr %self["bn"] : !torch.nn.Module<"__torch__.M"> -> !torch.nn.Module<"__torch__.BatchNorm1d">
  %training = torch.prim.GetAttr %0["training"] : !torch.nn.Module<"__torch__.BatchNorm1d"> -> !torch.bool
  %1 = torch.prim.If %training -> (!torch.tensor) {
    %n = torch.prim.GetAttr %0["num_batches_tracked"] : !torch.nn.Module<"__torch__.BatchNorm1d"> -> !torch.tensor
    %n1 = torch.aten.add_.Scalar %n, %int1, %int1 : !torch.tensor, !torch.int, !torch.int -> !torch.tensor
    torch.prim.If.yield %n1 : !torch.tensor
  } else {
    %n = torch.prim.GetAttr %0["num_batches_tracked"] : !torch.nn.Module<"__torch__.BatchNorm1d"> -> !torch.tensor
    torch.prim.If.yield %n : !torch.tensor
  }
  %2 = torch.prim.GetAttr %0["weight"] : !torch.nn.Module<"__torch__.BatchNorm1d"> -> !torch.tensor
  %3 = torch.prim.GetAttr %0["bias"] : !torch.nn.Module<"__torch__.BatchNorm1d"> -> !torch.tensor
  %4 = torch.prim.GetAttr %0["running_mean"] : !torch.nn.Module<"__torch__.BatchNorm1d"> -> !torch.tensor
  %5 = torch.prim.GetAttr %0["running_var"] : !torch.nn.Module<"__torch__.BatchNorm1d"> -> !torch.tensor
  %6 = torch.aten.batch_norm %x, %2, %3, %4, %5, %training, %momentum, %eps, %false : !torch.tensor<[2,3],f32>, !torch.tensor, !torch.tensor, !torch.tensor, !torch.tensor, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.tensor
  return %6 : !torch.tensor
}

// -----

// In evaluation mode (training is false) batch normalization only reads
// its statistics: they become constants.

// CHECK-LABEL: func.func @forward(
// CHECK-SAME:      %[[X:.*]]: !torch.tensor<[2,3],f32>) -> !torch.tensor {
// CHECK-NOT:     torch_onnx.state
// CHECK:         %[[RM:.*]] = torch.tensor.literal(dense<5.000000e-01> : tensor<3xf32>)
// CHECK:         torch.aten.batch_norm %[[X]], %{{.*}}, %{{.*}}, %[[RM]]
torch.class_type @__torch__.M {
  torch.attr "training" : !torch.bool
  torch.attr "running_mean" : !torch.tensor
}
%false = torch.constant.bool false
%rm = torch.tensor.literal(dense<0.5> : tensor<3xf32>) : !torch.tensor<[3],f32>
%root = torch.nn_module {
  torch.slot "training", %false : !torch.bool
  torch.slot "running_mean", %rm : !torch.tensor<[3],f32>
} : !torch.nn.Module<"__torch__.M">
func.func @forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor<[2,3],f32>) -> !torch.tensor {
  %none = torch.constant.none
  %momentum = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  %training = torch.prim.GetAttr %self["training"] : !torch.nn.Module<"__torch__.M"> -> !torch.bool
  %0 = torch.prim.GetAttr %self["running_mean"] : !torch.nn.Module<"__torch__.M"> -> !torch.tensor
  %1 = torch.aten.batch_norm %x, %none, %none, %0, %0, %training, %momentum, %eps, %training : !torch.tensor<[2,3],f32>, !torch.none, !torch.none, !torch.tensor, !torch.tensor, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.tensor
  return %1 : !torch.tensor
}

// -----

// A write inside torch.prim.If leaves the branch as an extra result.

// CHECK-LABEL: func.func @forward(
// CHECK-SAME:      %[[X:.*]]: !torch.tensor<[4],f32>, %[[C:.*]]: !torch.bool,
// CHECK-SAME:      %[[STATE:.*]]: !torch.tensor<[4],f32> {torch_onnx.initial_value = dense<0.000000e+00> : tensor<4xf32>, torch_onnx.name = "h"})
// CHECK:         %[[IF:.*]] = torch.prim.If %[[C]] -> (!torch.tensor<[4],f32>) {
// CHECK:           %[[T:.*]] = torch.aten.tanh %[[X]]
// CHECK:           torch.prim.If.yield %[[T]] : !torch.tensor<[4],f32>
// CHECK:         } else {
// CHECK:           torch.prim.If.yield %[[STATE]] : !torch.tensor<[4],f32>
// CHECK:         }
// CHECK:         %[[R:.*]] = torch.aten.relu %[[IF]]
// CHECK:         return %[[R]], %[[IF]]
torch.class_type @__torch__.M {
  torch.attr "h" : !torch.tensor
}
%h = torch.tensor.literal(dense<0.0> : tensor<4xf32>) : !torch.tensor<[4],f32>
%root = torch.nn_module {
  torch.slot "h", %h : !torch.tensor<[4],f32>
} : !torch.nn.Module<"__torch__.M">
func.func @forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor<[4],f32>, %c: !torch.bool) -> !torch.tensor {
  torch.prim.If %c {
    %0 = torch.aten.tanh %x : !torch.tensor<[4],f32> -> !torch.tensor<[4],f32>
    torch.prim.SetAttr %self["h"] = %0 : !torch.nn.Module<"__torch__.M">, !torch.tensor<[4],f32>
    torch.prim.If.yield
  } else {
    torch.prim.If.yield
  }
  %1 = torch.prim.GetAttr %self["h"] : !torch.nn.Module<"__torch__.M"> -> !torch.tensor
  %2 = torch.aten.relu %1 : !torch.tensor -> !torch.tensor
  return %2 : !torch.tensor
}

// -----

// A write inside torch.prim.Loop is carried from iteration to iteration.

// CHECK-LABEL: func.func @forward(
// CHECK-SAME:      %[[N:.*]]: !torch.int,
// CHECK-SAME:      %[[COUNT:.*]]: !torch.vtensor<[],si64> {torch_onnx.initial_value = dense<5> : tensor<si64>, torch_onnx.name = "count"})
// CHECK:         %[[LOOP:.*]] = torch.prim.Loop %[[N]], %{{.*}}, init(%[[COUNT]]) {
// CHECK:         ^bb0(%{{.*}}: !torch.int, %[[C:.*]]: !torch.vtensor<[],si64>):
// CHECK:           %[[OLD:.*]] = torch.aten.Int.Tensor %[[C]]
// CHECK:           %[[INC:.*]] = torch.aten.add.int %[[OLD]]
// CHECK:           %[[NEW:.*]] = torch.prim.NumToTensor.Scalar %[[INC]]
// CHECK:           torch.prim.Loop.condition %{{.*}}, iter(%[[NEW]] : !torch.vtensor<[],si64>)
// CHECK:         } : (!torch.int, !torch.bool, !torch.vtensor<[],si64>) -> !torch.vtensor<[],si64>
// CHECK:         %[[FINAL:.*]] = torch.aten.Int.Tensor %[[LOOP]]
// CHECK:         return %[[FINAL]], %[[LOOP]]
torch.class_type @__torch__.M {
  torch.attr "count" : !torch.int
}
%c = torch.constant.int 5
%root = torch.nn_module {
  torch.slot "count", %c : !torch.int
} : !torch.nn.Module<"__torch__.M">
func.func @forward(%self: !torch.nn.Module<"__torch__.M">, %n: !torch.int) -> !torch.int {
  %true = torch.constant.bool true
  %int1 = torch.constant.int 1
  torch.prim.Loop %n, %true, init() {
  ^bb0(%i: !torch.int):
    %0 = torch.prim.GetAttr %self["count"] : !torch.nn.Module<"__torch__.M"> -> !torch.int
    %1 = torch.aten.add.int %0, %int1 : !torch.int, !torch.int -> !torch.int
    torch.prim.SetAttr %self["count"] = %1 : !torch.nn.Module<"__torch__.M">, !torch.int
    torch.prim.Loop.condition %true, iter()
  } : (!torch.int, !torch.bool) -> ()
  %2 = torch.prim.GetAttr %self["count"] : !torch.nn.Module<"__torch__.M"> -> !torch.int
  return %2 : !torch.int
}

// -----

// One tensor in two slots (a tied weight) written in place: one state,
// read through both paths.

// CHECK-LABEL: func.func @forward(
// CHECK-SAME:      %[[X:.*]]: !torch.tensor,
// CHECK-SAME:      %[[STATE:.*]]: !torch.tensor<[4],f32> {torch_onnx.initial_value = dense<1.000000e+00> : tensor<4xf32>, torch_onnx.name = "a.weight"})
// CHECK-SAME:      -> (!torch.tensor, !torch.tensor<[4],f32> {torch_onnx.name = "a.weight.out"})
// CHECK:         torch.aten.mul_.Tensor %[[STATE]], %[[X]]
// CHECK:         %[[R:.*]] = torch.aten.add.Tensor %[[STATE]], %[[STATE]]
// CHECK:         return %[[R]], %[[STATE]]
torch.class_type @__torch__.Lin {
  torch.attr "weight" : !torch.tensor
}
torch.class_type @__torch__.M {
  torch.attr "a" : !torch.nn.Module<"__torch__.Lin">
  torch.attr "b" : !torch.nn.Module<"__torch__.Lin">
}
%w = torch.tensor.literal(dense<1.0> : tensor<4xf32>) : !torch.tensor<[4],f32>
%a = torch.nn_module {
  torch.slot "weight", %w : !torch.tensor<[4],f32>
} : !torch.nn.Module<"__torch__.Lin">
%b = torch.nn_module {
  torch.slot "weight", %w : !torch.tensor<[4],f32>
} : !torch.nn.Module<"__torch__.Lin">
%root = torch.nn_module {
  torch.slot "a", %a : !torch.nn.Module<"__torch__.Lin">
  torch.slot "b", %b : !torch.nn.Module<"__torch__.Lin">
} : !torch.nn.Module<"__torch__.M">
func.func @forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor) -> !torch.tensor {
  %int1 = torch.constant.int 1
  %0 = torch.prim.GetAttr %self["a"] : !torch.nn.Module<"__torch__.M"> -> !torch.nn.Module<"__torch__.Lin">
  %1 = torch.prim.GetAttr %0["weight"] : !torch.nn.Module<"__torch__.Lin"> -> !torch.tensor
  %2 = torch.aten.mul_.Tensor %1, %x : !torch.tensor, !torch.tensor -> !torch.tensor
  %3 = torch.prim.GetAttr %self["b"] : !torch.nn.Module<"__torch__.M"> -> !torch.nn.Module<"__torch__.Lin">
  %4 = torch.prim.GetAttr %3["weight"] : !torch.nn.Module<"__torch__.Lin"> -> !torch.tensor
  %5 = torch.aten.add.Tensor %1, %4, %int1 : !torch.tensor, !torch.tensor, !torch.int -> !torch.tensor
  return %5 : !torch.tensor
}

// -----

// A tuple slot that forward reassigns (an LSTM's `self.hidden`, as scripted)
// becomes one piece of state per element, named by the element's index. The
// read before the write sees the initial elements.

// CHECK-LABEL: func.func @forward(
// CHECK-SAME:      %[[X:[^:]*]]: !torch.tensor<[3,2],f32>,
// CHECK-SAME:      %[[H:[^:]*]]: !torch.tensor<[1,2],f32> {torch_onnx.initial_value = dense<1.000000e+00> : tensor<1x2xf32>, torch_onnx.name = "rnn.hidden.0"},
// CHECK-SAME:      %[[C:[^:]*]]: !torch.tensor<[1,2],f32> {torch_onnx.initial_value = dense<2.000000e+00> : tensor<1x2xf32>, torch_onnx.name = "rnn.hidden.1"})
// CHECK-SAME:      -> (!torch.tensor, !torch.tensor {torch_onnx.name = "rnn.hidden.0.out"}, !torch.tensor {torch_onnx.name = "rnn.hidden.1.out"})
// CHECK-SAME:      attributes {torch_onnx.state = [{input = "rnn.hidden.0", output = "rnn.hidden.0.out", path = "rnn.hidden.0"}, {input = "rnn.hidden.1", output = "rnn.hidden.1.out", path = "rnn.hidden.1"}]}
// CHECK:         %[[OLD:.*]] = torch.prim.TupleConstruct %[[H]], %[[C]] : !torch.tensor<[1,2],f32>, !torch.tensor<[1,2],f32> -> !torch.tuple<tensor, tensor>
// CHECK:         %[[STEP:.*]]:2 = torch.operator "test::step"(%[[X]], %[[OLD]])
// CHECK:         %[[NEW:.*]]:2 = torch.prim.TupleUnpack %[[STEP]]#1 : !torch.tuple<tensor, tensor> -> !torch.tensor, !torch.tensor
// CHECK:         return %[[STEP]]#0, %[[NEW]]#0, %[[NEW]]#1
torch.class_type @__torch__.Rnn {
  torch.attr "hidden" : !torch.tuple<tensor, tensor>
}
torch.class_type @__torch__.M {
  torch.attr "rnn" : !torch.nn.Module<"__torch__.Rnn">
}
%h = torch.tensor.literal(dense<1.0> : tensor<1x2xf32>) : !torch.tensor<[1,2],f32>
%c = torch.tensor.literal(dense<2.0> : tensor<1x2xf32>) : !torch.tensor<[1,2],f32>
%hidden = torch.prim.TupleConstruct %h, %c : !torch.tensor<[1,2],f32>, !torch.tensor<[1,2],f32> -> !torch.tuple<tensor<[1,2],f32>, tensor<[1,2],f32>>
%rnn = torch.nn_module {
  torch.slot "hidden", %hidden : !torch.tuple<tensor<[1,2],f32>, tensor<[1,2],f32>>
} : !torch.nn.Module<"__torch__.Rnn">
%root = torch.nn_module {
  torch.slot "rnn", %rnn : !torch.nn.Module<"__torch__.Rnn">
} : !torch.nn.Module<"__torch__.M">
func.func @forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor<[3,2],f32>) -> !torch.tensor {
  %0 = torch.prim.GetAttr %self["rnn"] : !torch.nn.Module<"__torch__.M"> -> !torch.nn.Module<"__torch__.Rnn">
  %1 = torch.prim.GetAttr %0["hidden"] : !torch.nn.Module<"__torch__.Rnn"> -> !torch.tuple<tensor, tensor>
  %2:2 = torch.operator "test::step"(%x, %1) : (!torch.tensor<[3,2],f32>, !torch.tuple<tensor, tensor>) -> (!torch.tensor, !torch.tuple<tensor, tensor>)
  torch.prim.SetAttr %0["hidden"] = %2#1 : !torch.nn.Module<"__torch__.Rnn">, !torch.tuple<tensor, tensor>
  return %2#0 : !torch.tensor
}

// -----

// Read-only tensors may meet in one value, such as the list of an LSTM's
// weights: both stay constants.

// CHECK-LABEL: func.func @forward(
// CHECK-SAME:      %[[X:[^:]*]]: !torch.tensor<[2],f32>) -> !torch.tensor {
// CHECK-NOT:     torch_onnx.state
// CHECK-DAG:     %[[A:.*]] = torch.tensor.literal(dense<1.000000e+00> : tensor<2xf32>)
// CHECK-DAG:     %[[B:.*]] = torch.tensor.literal(dense<2.000000e+00> : tensor<2xf32>)
// CHECK:         %[[LIST:.*]] = torch.prim.ListConstruct %[[X]], %[[A]], %[[B]]
// CHECK:         torch.aten.cat %[[LIST]]
torch.class_type @__torch__.M {
  torch.attr "a" : !torch.tensor
  torch.attr "b" : !torch.tensor
}
%a = torch.tensor.literal(dense<1.0> : tensor<2xf32>) : !torch.tensor<[2],f32>
%b = torch.tensor.literal(dense<2.0> : tensor<2xf32>) : !torch.tensor<[2],f32>
%root = torch.nn_module {
  torch.slot "a", %a : !torch.tensor<[2],f32>
  torch.slot "b", %b : !torch.tensor<[2],f32>
} : !torch.nn.Module<"__torch__.M">
func.func @forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor<[2],f32>) -> !torch.tensor {
  %int0 = torch.constant.int 0
  %0 = torch.prim.GetAttr %self["a"] : !torch.nn.Module<"__torch__.M"> -> !torch.tensor
  %1 = torch.prim.GetAttr %self["b"] : !torch.nn.Module<"__torch__.M"> -> !torch.tensor
  %2 = torch.prim.ListConstruct %x, %0, %1 : (!torch.tensor<[2],f32>, !torch.tensor, !torch.tensor) -> !torch.list<tensor>
  %3 = torch.aten.cat %2, %int0 : !torch.list<tensor>, !torch.int -> !torch.tensor
  return %3 : !torch.tensor
}

// -----

// Folding the module's constants leaves the sizes of forward's arguments
// alone: torch-generalize-shapes may still make them dynamic.

// CHECK-LABEL: func.func @forward(
// CHECK-SAME:      %[[X:[^:]*]]: !torch.tensor<[2,5],f32>) -> !torch.int {
// CHECK:         %[[SIZE:.*]] = torch.aten.size.int %[[X]], %{{.*}}
// CHECK:         return %[[SIZE]]
torch.class_type @__torch__.M {
  torch.attr "training" : !torch.bool
}
%false = torch.constant.bool false
%root = torch.nn_module {
  torch.slot "training", %false : !torch.bool
} : !torch.nn.Module<"__torch__.M">
func.func @forward(%self: !torch.nn.Module<"__torch__.M">, %x: !torch.tensor<[2,5],f32>) -> !torch.int {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %0 = torch.prim.GetAttr %self["training"] : !torch.nn.Module<"__torch__.M"> -> !torch.bool
  %1 = torch.prim.If %0 -> (!torch.int) {
    %2 = torch.aten.size.int %x, %int0 : !torch.tensor<[2,5],f32>, !torch.int -> !torch.int
    torch.prim.If.yield %2 : !torch.int
  } else {
    %2 = torch.aten.size.int %x, %int1 : !torch.tensor<[2,5],f32>, !torch.int -> !torch.int
    torch.prim.If.yield %2 : !torch.int
  }
  return %1 : !torch.int
}
