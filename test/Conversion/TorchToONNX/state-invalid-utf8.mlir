// RUN: torch-onnx-opt %s -convert-torch-to-onnx | FileCheck %s

// The state bindings become JSON metadata, which holds only UTF-8: a byte
// of a name that is not (here 0x86) becomes U+FFFD.
// CHECK: onnx.metadata_props = {torch_onnx.state = "{\22bn\EF\BF\BD\22:\22bn.out\22}"}
func.func @forward(%x: !torch.vtensor<[3],f32> {torch_onnx.name = "x"},
                   %m: !torch.vtensor<[3],f32> {torch_onnx.name = "bn\86", torch_onnx.initial_value = dense<0.0> : tensor<3xf32>})
    -> (!torch.vtensor<[3],f32>, !torch.vtensor<[3],f32> {torch_onnx.name = "bn.out"})
    attributes {torch_onnx.state = [{input = "bn\86", output = "bn.out", path = "bn"}]} {
  %int1 = torch.constant.int 1
  %0 = torch.aten.add.Tensor %x, %m, %int1 : !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.int -> !torch.vtensor<[3],f32>
  return %0, %m : !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>
}
