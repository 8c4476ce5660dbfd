// RUN: torch-onnx-translate --export-onnx-text %s | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: torch-onnx-translate --export-onnx %s -o %t/inline.onnx
// RUN: %python %S/Inputs/onnx_models.py check %t/inline.onnx | FileCheck %s --check-prefix=INLINE
// RUN: test ! -e %t/inline.onnx.data
// RUN: torch-onnx-translate --export-onnx %s -o %t/external.onnx --external-data-threshold 64
// RUN: %python %S/Inputs/onnx_models.py check %t/external.onnx | FileCheck %s --check-prefix=EXTERNAL
// RUN: test -f %t/external.onnx.data
// RUN: %python %S/Inputs/onnx_models.py compare %t/inline.onnx %t/external.onnx | FileCheck %s --check-prefix=SAME
// RUN: ls %t | FileCheck %s --check-prefix=FILES

// Initializers from `onnx.Initializer` ops, from `onnx.initializer` argument
// attributes and from large constants; dense, splat, bool and resource
// values; stored inline or in one aligned side file.

// CHECK: weights (float[4,16] x, float[16] state) => (float[4,16] y, bool[2] flags)
// CHECK-NEXT: <float[16] state = {0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5},
// CHECK-SAME: float[16] b = {0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0},
// CHECK-SAME: int64[2] b_1 = {4, 16}, bool[2] flags_init = {1, 0}, float[16,16] w = {...}, float[16,16] scale = {...}>
// CHECK: [MatMul] MatMul = MatMul (x, w)
// CHECK-NEXT: [Add] Add = Add (MatMul, b)
// CHECK-NEXT: [Add_1] Add_1 = Add (Add, state)
// CHECK-NEXT: [MatMul_1] MatMul_1 = MatMul (Add_1, scale)
// CHECK-NEXT: [Reshape] y = Reshape (MatMul_1, b_1)
// CHECK-NEXT: [Identity] flags = Identity (flags_init)

// INLINE: initializer state inline
// INLINE-NEXT: initializer b inline
// INLINE-NEXT: initializer b_1 inline
// INLINE-NEXT: initializer flags_init inline
// INLINE-NEXT: initializer w inline
// INLINE-NEXT: initializer scale inline
// INLINE-NEXT: checked

// EXTERNAL-DAG: initializer b_1 inline
// EXTERNAL-DAG: initializer flags_init inline
// EXTERNAL-DAG: initializer w external external.onnx.data offset {{[0-9]+}} length 1024 aligned True
// EXTERNAL-DAG: initializer scale external external.onnx.data offset {{[0-9]+}} length 1024 aligned True
// EXTERNAL-DAG: initializer state external external.onnx.data offset {{[0-9]+}} length 64 aligned True
// EXTERNAL-DAG: initializer b external external.onnx.data offset {{[0-9]+}} length 64 aligned True
// EXTERNAL: checked

// SAME: {{^}}same{{$}}

// FILES: {{^}}external.onnx{{$}}
// FILES-NEXT: {{^}}external.onnx.data{{$}}
// FILES-NEXT: {{^}}inline.onnx{{$}}
// FILES-NOT: {{.}}

module attributes {onnx.opset_import = {"ai.onnx" = 17 : i64}} {
  func.func @weights(%x: tensor<4x16xf32> {onnx.name = "x"},
                     %state: tensor<16xf32> {onnx.name = "state", onnx.initializer = dense<0.5> : tensor<16xf32>})
      -> (tensor<4x16xf32> {onnx.name = "y"}, tensor<2xi1> {onnx.name = "flags"}) {
    %w = "onnx.Initializer"() {name = "w", value = dense_resource<w_blob> : tensor<16x16xf32>} : () -> tensor<16x16xf32>
    %b = "onnx.Initializer"() {name = "b", value = dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0]> : tensor<16xf32>} : () -> tensor<16xf32>
    %big = "onnx.Constant"() {value = dense<2.0> : tensor<16x16xf32>} : () -> tensor<16x16xf32> loc("scale")
    %dup = "onnx.Initializer"() {name = "b", value = dense<[4, 16]> : tensor<2xi64>} : () -> tensor<2xi64>
    %flags = "onnx.Initializer"() {name = "flags_init", value = dense<[true, false]> : tensor<2xi1>} : () -> tensor<2xi1>
    %mm = "onnx.MatMul"(%x, %w) : (tensor<4x16xf32>, tensor<16x16xf32>) -> tensor<4x16xf32>
    %add = "onnx.Add"(%mm, %b) : (tensor<4x16xf32>, tensor<16xf32>) -> tensor<4x16xf32>
    %add2 = "onnx.Add"(%add, %state) : (tensor<4x16xf32>, tensor<16xf32>) -> tensor<4x16xf32>
    %mul = "onnx.MatMul"(%add2, %big) : (tensor<4x16xf32>, tensor<16x16xf32>) -> tensor<4x16xf32>
    %shape = "onnx.Reshape"(%mul, %dup) : (tensor<4x16xf32>, tensor<2xi64>) -> tensor<4x16xf32>
    return %shape, %flags : tensor<4x16xf32>, tensor<2xi1>
  }
}

{-#
  dialect_resources: {
    builtin: {
      w_blob: "0x04000000000000000AD7233C0AD7A33C8FC2F53C0AD7233DCDCC4C3D8FC2753D295C8F3D0AD7A33DEC51B83DCDCCCC3DAE47E13D8FC2F53DB81E053E295C0F3E9A99193E0AD7233E7B142E3EEC51383E5C8F423ECDCC4C3E3D0A573EAE47613E1F856B3E8FC2753E0000803EB81E853E713D8A3E295C8F3EE17A943E9A99993E52B89E3E0AD7A33EC3F5A83E7B14AE3E3333B33EEC51B83EA470BD3E5C8FC23E14AEC73ECDCCCC3E85EBD13E3D0AD73EF628DC3EAE47E13E6666E63E1F85EB3ED7A3F03E8FC2F53E48E1FA3E0000003F5C8F023FB81E053F14AE073F713D0A3FCDCC0C3F295C0F3F85EB113FE17A143F3D0A173F9A99193FF6281C3F52B81E3FAE47213F0AD7233F6666263FC3F5283F1F852B3F7B142E3FD7A3303F3333333F8FC2353FEC51383F48E13A3FA4703D3F0000403F5C8F423FB81E453F14AE473F713D4A3FCDCC4C3F295C4F3F85EB513FE17A543F3D0A573F9A99593FF6285C3F52B85E3FAE47613F0AD7633F6666663FC3F5683F1F856B3F7B146E3FD7A3703F3333733F8FC2753FEC51783F48E17A3FA4707D3F0000803FAE47813F5C8F823F0AD7833FB81E853F6666863F14AE873FC3F5883F713D8A3F1F858B3FCDCC8C3F7B148E3F295C8F3FD7A3903F85EB913F3333933FE17A943F8FC2953F3D0A973FEC51983F9A99993F48E19A3FF6289C3FA4709D3F52B89E3F0000A03FAE47A13F5C8FA23F0AD7A33FB81EA53F6666A63F14AEA73FC3F5A83F713DAA3F1F85AB3FCDCCAC3F7B14AE3F295CAF3FD7A3B03F85EBB13F3333B33FE17AB43F8FC2B53F3D0AB73FEC51B83F9A99B93F48E1BA3FF628BC3FA470BD3F52B8BE3F0000C03FAE47C13F5C8FC23F0AD7C33FB81EC53F6666C63F14AEC73FC3F5C83F713DCA3F1F85CB3FCDCCCC3F7B14CE3F295CCF3FD7A3D03F85EBD13F3333D33FE17AD43F8FC2D53F3D0AD73FEC51D83F9A99D93F48E1DA3FF628DC3FA470DD3F52B8DE3F0000E03FAE47E13F5C8FE23F0AD7E33FB81EE53F6666E63F14AEE73FC3F5E83F713DEA3F1F85EB3FCDCCEC3F7B14EE3F295CEF3FD7A3F03F85EBF13F3333F33FE17AF43F8FC2F53F3D0AF73FEC51F83F9A99F93F48E1FA3FF628FC3FA470FD3F52B8FE3F00000040D7A30040AE47014085EB01405C8F0240333303400AD70340E17A0440B81E05408FC20540666606403D0A074014AE0740EC510840C3F508409A990940713D0A4048E10A401F850B40F6280C40CDCC0C40A4700D407B140E4052B80E40295C0F4000001040D7A31040AE47114085EB11405C8F1240333313400AD71340E17A1440B81E15408FC21540666616403D0A174014AE1740EC511840C3F518409A991940713D1A4048E11A401F851B40F6281C40CDCC1C40A4701D407B141E4052B81E40295C1F4000002040D7A32040AE47214085EB21405C8F224033332340"
    }
  }
#-}
