

// A torch.operator whose operands do not fit the op's schema (too few, or
// a tensor where the schema has an int): nothing reads past its operands.
// CHECK-LABEL: func.func @wrong_signature
// CHECK:         torch.operator "aten::cosine_similarity"(%arg0)
// CHECK:         torch.operator "aten::cumprod"(%arg0, %arg0, %arg0)
func.func @wrong_signature(%x: !torch.vtensor<[3],f32>) -> (!torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>) {
  %0 = torch.operator "aten::cosine_similarity"(%x) : (!torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
  %1 = torch.operator "aten::cumprod"(%x, %x, %x) : (!torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>) -> !torch.vtensor<[3],f32>
  return %0, %1 : !torch.vtensor<[3],f32>, !torch.vtensor<[3],f32>
}

