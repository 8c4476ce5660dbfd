// RUN: torch-onnx-opt %s -split-input-file | torch-onnx-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func private @tensors
// CHECK-SAME: !torch.vtensor<[1,?,3],f32>, !torch.tensor<[2],si64>, !torch.vtensor, !torch.tensor<*,f16>, !torch.vtensor<[],i1>, !torch.vtensor<[4],unk>
func.func private @tensors(!torch.vtensor<[1,?,3],f32>, !torch.tensor<[2],si64>, !torch.vtensor, !torch.tensor<*,f16>, !torch.vtensor<[],i1>, !torch.vtensor<[4],unk>)

// -----

// CHECK-LABEL: func.func private @scalars
// CHECK-SAME: !torch.int, !torch.float, !torch.bool, !torch.str, !torch.none, !torch.number, !torch.Device, !torch.Generator, !torch.any
func.func private @scalars(!torch.int, !torch.float, !torch.bool, !torch.str, !torch.none, !torch.number, !torch.Device, !torch.Generator, !torch.any)

// -----

// CHECK-LABEL: func.func private @containers
// CHECK-SAME: !torch.list<int>, !torch.optional<vtensor<[2],bf16>>, !torch.tuple<tensor, int>, !torch.union<float, int>, !torch.dict<str, list<int>>, !torch.nn.Module<"__torch__.M">
func.func private @containers(!torch.list<int>, !torch.optional<vtensor<[2],bf16>>, !torch.tuple<tensor, int>, !torch.union<float, int>, !torch.dict<str, list<int>>, !torch.nn.Module<"__torch__.M">)

// -----

// CHECK-LABEL: func.func private @dtypes
// CHECK-SAME: !torch.vtensor<[1],f64>, !torch.vtensor<[1],si8>, !torch.vtensor<[1],si16>, !torch.vtensor<[1],si32>, !torch.vtensor<[1],ui8>, !torch.vtensor<[1],complex<f32>>
func.func private @dtypes(!torch.vtensor<[1],f64>, !torch.vtensor<[1],si8>, !torch.vtensor<[1],si16>, !torch.vtensor<[1],si32>, !torch.vtensor<[1],ui8>, !torch.vtensor<[1],complex<f32>>)
