// RUN: torch-onnx-opt %s -split-input-file -torch-resolve-operators | FileCheck %s

// torch-mlir's FX importer names an op its dialect lacks after the op.
// CHECK-LABEL: func.func @fx_importer_name
// CHECK-NOT: torch.operator
// CHECK: %[[DIMS:.*]] = torch.prim.ListConstruct
// CHECK: torch.aten.squeeze.dims %arg0, %[[DIMS]] : !torch.vtensor<[1,3],f32>, !torch.list<int> -> !torch.vtensor<[3],f32>
func.func @fx_importer_name(%x: !torch.vtensor<[1,3],f32>)
    -> !torch.vtensor<[3],f32> {
  %int0 = torch.constant.int 0
  %dims = torch.prim.ListConstruct %int0 : (!torch.int) -> !torch.list<int>
  %0 = torch.operator "torch.aten.squeeze.dims"(%x, %dims)
      : (!torch.vtensor<[1,3],f32>, !torch.list<int>)
      -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// TorchScript's qualified names resolve too; results keep their types.
// CHECK-LABEL: func.func @qualified_name
// CHECK: %[[Y:.*]] = torch.aten.relu %arg0 : !torch.vtensor<[2],f32> -> !torch.vtensor<[2],f32>
// CHECK: return %[[Y]]
func.func @qualified_name(%x: !torch.vtensor<[2],f32>)
    -> !torch.vtensor<[2],f32> {
  %0 = torch.operator "aten::relu"(%x)
      : (!torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>
  return %0 : !torch.vtensor<[2],f32>
}

// -----

// Ops this dialect lacks, and other dialects' names, stay operators.
// CHECK-LABEL: func.func @unknown_names
// CHECK: torch.operator "torch.aten.no_such_op"
// CHECK: torch.operator "mylib::scaled_add"
// CHECK: torch.operator "onnx.Add"
func.func @unknown_names(%x: !torch.vtensor<[2],f32>)
    -> !torch.vtensor<[2],f32> {
  %0 = torch.operator "torch.aten.no_such_op"(%x)
      : (!torch.vtensor<[2],f32>) -> !torch.vtensor<[2],f32>
  %1 = torch.operator "mylib::scaled_add"(%0, %x)
      : (!torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>)
      -> !torch.vtensor<[2],f32>
  %2 = torch.operator "onnx.Add"(%1, %x)
      : (!torch.vtensor<[2],f32>, !torch.vtensor<[2],f32>)
      -> !torch.vtensor<[2],f32>
  return %2 : !torch.vtensor<[2],f32>
}

// -----

// torch.export's eval-mode batch norm is native_batch_norm with training
// false; its `_legit` form has native_batch_norm's signature.
// CHECK-LABEL: func.func @core_aten_batch_norm
// CHECK: %[[FALSE:.*]] = torch.constant.bool false
// CHECK: torch.aten.native_batch_norm %arg0, %arg1, %arg2, %arg3, %arg4, %[[FALSE]], %[[M:.*]], %[[EPS:.*]] :
// CHECK: torch.aten.native_batch_norm %arg0, %arg1, %arg2, %arg3, %arg4, %[[TRUE:.*]], %[[M]], %[[EPS]] :
// CHECK-NOT: torch.operator
func.func @core_aten_batch_norm(%x: !torch.vtensor<[2,3,4],f32>,
    %w: !torch.vtensor<[3],f32>, %b: !torch.vtensor<[3],f32>,
    %mean: !torch.vtensor<[3],f32>, %var: !torch.vtensor<[3],f32>)
    -> (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,4],f32>) {
  %momentum = torch.constant.float 1.000000e-01
  %eps = torch.constant.float 1.000000e-05
  %true = torch.constant.bool true
  %0:3 = torch.operator "torch.aten._native_batch_norm_legit_no_training"(%x, %w, %b, %mean, %var, %momentum, %eps)
      : (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.float, !torch.float)
      -> (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[0],f32>, !torch.vtensor<[0],f32>)
  %1:3 = torch.operator "aten::_native_batch_norm_legit"(%x, %w, %b, %mean, %var, %true, %momentum, %eps)
      : (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.bool, !torch.float, !torch.float)
      -> (!torch.vtensor<[2,3,4],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>)
  return %0#0, %1#0 : !torch.vtensor<[2,3,4],f32>, !torch.vtensor<[2,3,4],f32>
}
