// RUN: torch-onnx-opt %s -split-input-file -torch-decompose-composite-ops -verify-diagnostics | FileCheck %s

// Ops whose operands a decomposition cannot handle are left alone, without
// a diagnostic: the conversion to ONNX reports them.

// A dim that is not a constant.
// CHECK-LABEL: func.func @cumprod_dynamic_dim
// CHECK:         torch.aten.cumprod
func.func @cumprod_dynamic_dim(%x: !torch.vtensor<[3,5],f32>, %dim: !torch.int) -> !torch.vtensor<[3,5],f32> {
  %none = torch.constant.none
  %0 = torch.aten.cumprod %x, %dim, %none : !torch.vtensor<[3,5],f32>, !torch.int, !torch.none -> !torch.vtensor<[3,5],f32>
  return %0 : !torch.vtensor<[3,5],f32>
}

// -----

// An operand of unknown rank.
// CHECK-LABEL: func.func @kron_unranked
// CHECK:         torch.operator "aten::kron"
func.func @kron_unranked(%a: !torch.vtensor<*,f32>, %b: !torch.vtensor<[4],f32>) -> !torch.vtensor<*,f32> {
  %0 = torch.operator "aten::kron"(%a, %b) : (!torch.vtensor<*,f32>, !torch.vtensor<[4],f32>) -> !torch.vtensor<*,f32>
  return %0 : !torch.vtensor<*,f32>
}

// -----

// hypot of integers, whose result dtype the decomposition would not give.
// CHECK-LABEL: func.func @hypot_int
// CHECK:         torch.aten.hypot
func.func @hypot_int(%a: !torch.vtensor<[3],si64>, %b: !torch.vtensor<[3],si64>) -> !torch.vtensor<[3],f32> {
  %0 = torch.aten.hypot %a, %b : !torch.vtensor<[3],si64>, !torch.vtensor<[3],si64> -> !torch.vtensor<[3],f32>
  return %0 : !torch.vtensor<[3],f32>
}

// -----

// diag_embed into dims other than the last two.
// CHECK-LABEL: func.func @diag_embed_dims
// CHECK:         torch.aten.diag_embed
func.func @diag_embed_dims(%x: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[3,3,2],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %0 = torch.aten.diag_embed %x, %int0, %int0, %int1 : !torch.vtensor<[2,3],f32>, !torch.int, !torch.int, !torch.int -> !torch.vtensor<[3,3,2],f32>
  return %0 : !torch.vtensor<[3,3,2],f32>
}

// -----

// A tensor with reference semantics.
// CHECK-LABEL: func.func @ravel_non_value
// CHECK:         torch.operator "aten::ravel"
func.func @ravel_non_value(%x: !torch.tensor<[2,3],f32>) -> !torch.tensor<[6],f32> {
  %0 = torch.operator "aten::ravel"(%x) : (!torch.tensor<[2,3],f32>) -> !torch.tensor<[6],f32>
  return %0 : !torch.tensor<[6],f32>
}

// -----

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

// -----

// A decomposition checks every operand before it creates an op: a meshgrid
// whose second tensor is 2-D leaves no op behind, nor does a diag whose
// offset no size can reach.
// CHECK-LABEL: func.func @checked_first
// CHECK-NOT:     torch.aten.size.int
// CHECK-NOT:     torch.aten.unsqueeze
// CHECK:         torch.aten.meshgrid
// CHECK:         torch.aten.diag
// CHECK-NOT:     torch.aten.arange
func.func @checked_first(%a: !torch.vtensor<[3],f32>, %b: !torch.vtensor<[2,2],f32>) -> (!torch.list<vtensor>, !torch.vtensor<[?,?],f32>) {
  %0 = torch.prim.ListConstruct %a, %b : (!torch.vtensor<[3],f32>, !torch.vtensor<[2,2],f32>) -> !torch.list<vtensor>
  %1 = torch.aten.meshgrid %0 : !torch.list<vtensor> -> !torch.list<vtensor>
  %min = torch.constant.int -9223372036854775808
  %2 = torch.aten.diag %a, %min : !torch.vtensor<[3],f32>, !torch.int -> !torch.vtensor<[?,?],f32>
  return %1, %2 : !torch.list<vtensor>, !torch.vtensor<[?,?],f32>
}

// -----

// A negative matrix power needs an inverse.
// CHECK-LABEL: func.func @matrix_power_negative
// CHECK:         torch.operator "aten::linalg_matrix_power"
func.func @matrix_power_negative(%x: !torch.vtensor<[3,3],f32>) -> !torch.vtensor<[3,3],f32> {
  %int-1 = torch.constant.int -1
  %0 = torch.operator "aten::linalg_matrix_power"(%x, %int-1) : (!torch.vtensor<[3,3],f32>, !torch.int) -> !torch.vtensor<[3,3],f32>
  return %0 : !torch.vtensor<[3,3],f32>
}

// -----

// fftshift of a dim whose size is known only at run time.
// CHECK-LABEL: func.func @fftshift_dynamic
// CHECK:         torch.operator "aten::fft_fftshift"
func.func @fftshift_dynamic(%x: !torch.vtensor<[?,4],f32>) -> !torch.vtensor<[?,4],f32> {
  %none = torch.constant.none
  %0 = torch.operator "aten::fft_fftshift"(%x, %none) : (!torch.vtensor<[?,4],f32>, !torch.none) -> !torch.vtensor<[?,4],f32>
  return %0 : !torch.vtensor<[?,4],f32>
}

// -----

// The nuclear norm needs an SVD.
// CHECK-LABEL: func.func @matrix_norm_nuclear
// CHECK:         torch.operator "aten::linalg_matrix_norm.str_ord"
func.func @matrix_norm_nuclear(%x: !torch.vtensor<[3,3],f32>) -> !torch.vtensor<[],f32> {
  %nuc = torch.constant.str "nuc"
  %int-2 = torch.constant.int -2
  %int-1 = torch.constant.int -1
  %false = torch.constant.bool false
  %none = torch.constant.none
  %dims = torch.prim.ListConstruct %int-2, %int-1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.operator "aten::linalg_matrix_norm.str_ord"(%x, %nuc, %dims, %false, %none) : (!torch.vtensor<[3,3],f32>, !torch.str, !torch.list<int>, !torch.bool, !torch.none) -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}

// -----

// tensordot whose contracted sizes differ with neither of them 1: PyTorch
// rejects it, and nothing is created before the check.
// CHECK-LABEL: func.func @tensordot_mismatch
// CHECK-NOT:     torch.aten.sum
// CHECK:         torch.operator "aten::tensordot"
func.func @tensordot_mismatch(%a: !torch.vtensor<[1,3],f32>, %b: !torch.vtensor<[4,2],f32>) -> !torch.vtensor<[],f32> {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %da = torch.prim.ListConstruct %int0, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %db = torch.prim.ListConstruct %int0, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.operator "aten::tensordot"(%a, %b, %da, %db) : (!torch.vtensor<[1,3],f32>, !torch.vtensor<[4,2],f32>, !torch.list<int>, !torch.list<int>) -> !torch.vtensor<[],f32>
  return %0 : !torch.vtensor<[],f32>
}
