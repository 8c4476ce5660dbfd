// RUN: torch-onnx-translate --export-onnx-text %s | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: torch-onnx-translate --export-onnx %s -o %t/inline.onnx
// RUN: %python %S/Inputs/onnx_models.py values %t/inline.onnx big | FileCheck %s --check-prefix=BIG
// RUN: torch-onnx-translate --export-onnx %s -o %t/external.onnx --external-data-threshold 64
// RUN: %python %S/Inputs/onnx_models.py values %t/external.onnx big | FileCheck %s --check-prefix=BIG
// RUN: %python %S/Inputs/onnx_models.py compare %t/inline.onnx %t/external.onnx | FileCheck %s --check-prefix=SAME
// RUN: %python %S/Inputs/onnx_models.py run %t/inline.onnx %t/external.onnx | FileCheck %s --check-prefix=ORT

// An `onnx.Mul` of an f32 initializer by an initializer of shape
// [rows, 1, ...] (a fused batch normalization's factors) is written as an
// initializer, each row times its factor as the bytes are written: no Mul
// node. It takes the name of the weight, which is written only when
// something else reads it. Small and large (streamed) weights, inline and
// in the side file, a splat weight, a splat factor, and Muls that stay
// nodes: one in a subgraph, one whose factors are not one per row.

// CHECK: scalings (float[2,3] input_0, float[16,16] input_1, bool[] input_2) => (float[2,3] output_0, float[16,16] output_1, float[3,2] output_2, float[2,3] output_3, float[2,3] output_4)
// CHECK-NEXT: <float[2,1] factors = {2.0, 0.5},
// CHECK-SAME: float[2,3] small = {2.0, 4.0, 6.0, 2.0, 2.5, 3.0},
// CHECK-SAME: float[3,2] splat = {1.0, 1.0, 2.0, 2.0, 3.0, 3.0},
// CHECK-SAME: float[2,3] shared = {1.0, 2.0, 3.0, 4.0, 5.0, 6.0},
// CHECK-SAME: float[2,3] shared.scaled = {2.0, 4.0, 6.0, 2.0, 2.5, 3.0},
// CHECK-SAME: float[1,3] columns = {1.0, 2.0, 3.0},
// CHECK-SAME: float[16,16] big = {...}>
// CHECK-NEXT: {
// CHECK-NEXT: [Add] output_0 = Add (input_0, small)
// CHECK-NEXT: [Add_1] output_1 = Add (input_1, big)
// CHECK: [Mul] Mul = Mul (shared, factors)
// CHECK: [Add_3] Add_3 = Add (input_0, shared.scaled)
// CHECK: [Mul_1] output_4 = Mul (shared, columns)
// CHECK: [Identity] output_2 = Identity (splat)

// BIG: big [16, 16] 0 2 4 6 8 10 12 14 16 18 20 22 24 26 28 30 32 34

// SAME: same
// ORT: outputs match

module attributes {onnx.opset_import = {ai.onnx = 17 : i64}} {
  func.func @scalings(%x: tensor<2x3xf32>, %z: tensor<16x16xf32>, %c: tensor<i1>) -> (tensor<2x3xf32>, tensor<16x16xf32>, tensor<3x2xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
    %small = "onnx.Initializer"() {name = "small", value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
    %factors = "onnx.Initializer"() {name = "factors", value = dense<[[2.0], [0.5]]> : tensor<2x1xf32>} : () -> tensor<2x1xf32>
    %ss = "onnx.Mul"(%small, %factors) : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
    %y = "onnx.Add"(%x, %ss) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %big = "onnx.Initializer"() {name = "big", value = dense_resource<big> : tensor<16x16xf32>} : () -> tensor<16x16xf32>
    %two = "onnx.Initializer"() {name = "two", value = dense<2.0> : tensor<16x1xf32>} : () -> tensor<16x1xf32>
    %bs = "onnx.Mul"(%big, %two) : (tensor<16x16xf32>, tensor<16x1xf32>) -> tensor<16x16xf32>
    %v = "onnx.Add"(%z, %bs) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %splat = "onnx.Initializer"() {name = "splat", value = dense<1.0> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
    %rows = "onnx.Initializer"() {name = "rows", value = dense<[[1.0], [2.0], [3.0]]> : tensor<3x1xf32>} : () -> tensor<3x1xf32>
    %ps = "onnx.Mul"(%splat, %rows) : (tensor<3x2xf32>, tensor<3x1xf32>) -> tensor<3x2xf32>
    %shared = "onnx.Initializer"() {name = "shared", value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
    %sh = "onnx.Mul"(%shared, %factors) : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
    %u = "onnx.If"(%c) ({
      %in = "onnx.Mul"(%shared, %factors) : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
      %m = "onnx.Add"(%x, %in) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
      "onnx.Yield"(%m) : (tensor<2x3xf32>) -> ()
    }, {
      %m = "onnx.Add"(%x, %sh) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
      "onnx.Yield"(%m) : (tensor<2x3xf32>) -> ()
    }) : (tensor<i1>) -> tensor<2x3xf32>
    %columns = "onnx.Initializer"() {name = "columns", value = dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>} : () -> tensor<1x3xf32>
    %w = "onnx.Mul"(%shared, %columns) : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
    return %y, %v, %ps, %u, %w : tensor<2x3xf32>, tensor<16x16xf32>, tensor<3x2xf32>, tensor<2x3xf32>, tensor<2x3xf32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      big: "0x04000000000000000000803F0000004000004040000080400000A0400000C0400000E0400000004100001041000020410000304100004041000050410000604100007041000080410000884100009041000098410000A0410000A8410000B0410000B8410000C0410000C8410000D0410000D8410000E0410000E8410000F0410000F84100000042000004420000084200000C4200001042000014420000184200001C4200002042000024420000284200002C4200003042000034420000384200003C4200004042000044420000484200004C4200005042000054420000584200005C4200006042000064420000684200006C4200007042000074420000784200007C42000080420000824200008442000086420000884200008A4200008C4200008E42000090420000924200009442000096420000984200009A4200009C4200009E420000A0420000A2420000A4420000A6420000A8420000AA420000AC420000AE420000B0420000B2420000B4420000B6420000B8420000BA420000BC420000BE420000C0420000C2420000C4420000C6420000C8420000CA420000CC420000CE420000D0420000D2420000D4420000D6420000D8420000DA420000DC420000DE420000E0420000E2420000E4420000E6420000E8420000EA420000EC420000EE420000F0420000F2420000F4420000F6420000F8420000FA420000FC420000FE420000004300000143000002430000034300000443000005430000064300000743000008430000094300000A4300000B4300000C4300000D4300000E4300000F430000104300001143000012430000134300001443000015430000164300001743000018430000194300001A4300001B4300001C4300001D4300001E4300001F430000204300002143000022430000234300002443000025430000264300002743000028430000294300002A4300002B4300002C4300002D4300002E4300002F430000304300003143000032430000334300003443000035430000364300003743000038430000394300003A4300003B4300003C4300003D4300003E4300003F430000404300004143000042430000434300004443000045430000464300004743000048430000494300004A4300004B4300004C4300004D4300004E4300004F430000504300005143000052430000534300005443000055430000564300005743000058430000594300005A4300005B4300005C4300005D4300005E4300005F430000604300006143000062430000634300006443000065430000664300006743000068430000694300006A4300006B4300006C4300006D4300006E4300006F430000704300007143000072430000734300007443000075430000764300007743000078430000794300007A4300007B4300007C4300007D4300007E4300007F43"
    }
  }
#-}
