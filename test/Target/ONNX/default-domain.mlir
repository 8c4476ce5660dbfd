// REQUIRES: compiler
// RUN: torch-onnx-opt %s --convert-torch-to-onnx="opset=13" --emit-bytecode | torch-onnx-translate --export-onnx-text - | FileCheck %s

// The conversion's output reaches the emitter as bytecode, and its default
// domain ("ai.onnx" in `onnx.opset_import`) is written as "".

// CHECK: ir_version: 7,
// CHECK-NEXT: opset_import: ["" : 13],
// CHECK: main_graph (float[2,3] x) => (float[2,3] output)
// CHECK-NEXT: {
// CHECK-NEXT: [Relu] output = Relu (x)
// CHECK-NEXT: }

func.func @forward(%x: !torch.vtensor<[2,3],f32> {torch_onnx.name = "x"}) -> !torch.vtensor<[2,3],f32> {
  %0 = torch.aten.relu %x : !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
  return %0 : !torch.vtensor<[2,3],f32>
}
