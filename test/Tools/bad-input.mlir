// Malformed and unverifiable input gets file:line:col diagnostics and exit 1.
// RUN: split-file %s %t
// RUN: not torch-onnx-opt %t/malformed.mlir 2>&1 | FileCheck %s --check-prefix=MALFORMED
// RUN: not torch-onnx-opt %t/unverifiable.mlir 2>&1 | FileCheck %s --check-prefix=UNVERIFIABLE
// RUN: %python -c "import subprocess,sys; sys.exit(0 if subprocess.run(sys.argv[1:], capture_output=True).returncode == 1 else 1)" torch-onnx-opt %t/malformed.mlir

// MALFORMED: malformed.mlir:2:{{[0-9]+}}: error:
// UNVERIFIABLE: unverifiable.mlir:3:{{[0-9]+}}: error: 'torch.vtensor.literal' op literal shape does not match the result sizes

//--- malformed.mlir
func.func @f(%x: !torch.vtensor<[2],f32>) {
  %0 = torch.aten.relu %x : !torch.vtensor<[2],f32> ->
}
//--- unverifiable.mlir
func.func @f() {

  %0 = torch.vtensor.literal(dense<1.0> : tensor<3xf32>) : !torch.vtensor<[2],f32>
  return
}
