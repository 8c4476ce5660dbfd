// RUN: torch-onnx-opt %s -convert-torch-to-onnx -split-input-file | FileCheck %s

// grid_sampler_2d: GridSample with PyTorch's numbered modes named.
// CHECK-LABEL: func.func @main_graph
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x5x20xf32>, %[[GRID:.*]]: tensor<2x13x10x2xf32>)
// CHECK: %[[Y:.*]] = "onnx.GridSample"(%[[X]], %[[GRID]]) {align_corners = 1 : si64, mode = "bilinear", padding_mode = "border"} : (tensor<2x3x5x20xf32>, tensor<2x13x10x2xf32>) -> tensor<2x3x13x10xf32>
// CHECK: return %[[Y]]
func.func @forward(%x: !torch.vtensor<[2,3,5,20],f32>, %grid: !torch.vtensor<[2,13,10,2],f32>) -> !torch.vtensor<[2,3,13,10],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %true = torch.constant.bool true
  %0 = torch.operator "aten::grid_sampler_2d"(%x, %grid, %int0, %int1, %true) : (!torch.vtensor<[2,3,5,20],f32>, !torch.vtensor<[2,13,10,2],f32>, !torch.int, !torch.int, !torch.bool) -> !torch.vtensor<[2,3,13,10],f32>
  return %0 : !torch.vtensor<[2,3,13,10],f32>
}
