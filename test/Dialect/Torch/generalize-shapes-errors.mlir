// RUN: torch-onnx-opt %s -split-input-file -verify-diagnostics -torch-generalize-shapes="dynamic-dim=y:2=batch"
// RUN: not torch-onnx-opt %s -split-input-file -torch-generalize-shapes="dynamic-dim=y" 2>&1 | FileCheck %s --check-prefix=MALFORMED
// RUN: not torch-onnx-opt %s -split-input-file -torch-generalize-shapes="dynamic-dim=y:0=" 2>&1 | FileCheck %s --check-prefix=MALFORMED
// RUN: not torch-onnx-opt %s -split-input-file -torch-generalize-shapes="dynamic-dim=y:zero=batch" 2>&1 | FileCheck %s --check-prefix=MALFORMED
// RUN: not torch-onnx-opt %s -split-input-file -torch-generalize-shapes="dynamic-dim=3:0=batch" 2>&1 | FileCheck %s --check-prefix=INDEX
// RUN: not torch-onnx-opt %s -split-input-file -torch-generalize-shapes="dynamic-dim=y:0=a,y:-2=b" 2>&1 | FileCheck %s --check-prefix=REPEATED
// RUN: not torch-onnx-opt %s -split-input-file -torch-generalize-shapes="function=main" 2>&1 | FileCheck %s --check-prefix=FUNCTION

// MALFORMED: malformed dynamic-dim entry
// MALFORMED-SAME: expected ARG:AXIS=SYMBOL
// INDEX: argument 3 is out of range; '@forward' has 1 arguments
// REPEATED: dim 0 of argument 'y' is already dynamic as 'a'
// FUNCTION: no function '@main' to generalize

// expected-error @+1 {{dynamic-dim entry 'y:2=batch': '@forward' has no argument named 'y'}}
func.func @forward(%x: !torch.vtensor<[4,3],f32> {torch_onnx.name = "x"}) -> !torch.vtensor<[4,3],f32> {
  return %x : !torch.vtensor<[4,3],f32>
}

// -----

// expected-error @+1 {{dynamic-dim entry 'y:2=batch': axis 2 is out of range for argument 'y' of rank 2}}
func.func @forward(%y: !torch.vtensor<[4,3],f32> {torch_onnx.name = "y"}) -> !torch.vtensor<[4,3],f32> {
  return %y : !torch.vtensor<[4,3],f32>
}

// -----

// expected-error @+1 {{dynamic-dim entry 'y:2=batch': argument 'y' is not a tensor of known rank}}
func.func @forward(%y: !torch.vtensor<*,f32> {torch_onnx.name = "y"}) -> !torch.vtensor<*,f32> {
  return %y : !torch.vtensor<*,f32>
}
