// RUN: rm -rf %t && mkdir -p %t && touch %t/file
// RUN: not torch-onnx-translate --export-onnx %s -o %t/file/model.onnx 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// RUN: not torch-onnx-translate --export-onnx %s -o %t/missing/model.onnx 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: ls -A %t | FileCheck %s --check-prefix=LEFT

// An output path that cannot be written is an error that leaves nothing
// behind.

// UNWRITABLE: error: cannot write '{{.*}}file/model.onnx':
// MISSING: error: cannot write '{{.*}}missing/model.onnx':
// LEFT: {{^}}file{{$}}
// LEFT-NOT: {{.}}

module {
  func.func @forward(%x: tensor<3xf32>) -> tensor<3xf32> {
    %y = "onnx.Relu"(%x) : (tensor<3xf32>) -> tensor<3xf32>
    return %y : tensor<3xf32>
  }
}
