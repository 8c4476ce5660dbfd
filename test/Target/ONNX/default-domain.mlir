// RUN: torch-onnx-opt %s --convert-torch-to-onnx="opset=13" --emit-bytecode | torch-onnx-translate --export-onnx-text - | FileCheck %s

// The conversion spells the default domain "" in `onnx.opset_import`, which
// MLIR's text form cannot parse back (the other tests spell it "ai.onnx"),
// so the module reaches the emitter as bytecode.

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
