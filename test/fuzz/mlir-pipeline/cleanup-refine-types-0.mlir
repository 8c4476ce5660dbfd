func.func @forward(%x: !torch.vtensor<[1,5,96],f32>) -> (!torch.vtensor<[?,?,?],f32> {torch_onnx.dim_params = ["d0", "d1", "d2"]}) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int4 = torch.constant.int 4
  %int7 = torch.constant.int 7
  %none = torch.constant.none
  %str = torch.constant.str "constant"
  %n = torch.aten.size.int %x, %int1 : !torch.vtensor<[1,5,96],f32>, !torch.int -> !torch.int
  %t = torch.prim.NumToTensor.Scalar %n : !torch.int -> !torch.vtensor<[],si64>
  %r = torch.aten.remainder.Scalar %t, %int7 : !torch.vtensor<[],si64>, !torch.int -> !torch.vtensor<[],si64>
  %d = torch.aten.rsub.Scalar %r, %int7, %int1 : !torch.vtensor<[],si64>, !torch.int, !torch.int -> !torch.vtensor<[],si64>
  %q = torch.aten.remainder.Scalar %d, %int7 : !torch.vtensor<[],si64>, !torch.int -> !torch.vtensor<[],si64>
  %amount = torch.aten.Int.Tensor %q : !torch.vtensor<[],si64> -> !torch.int
  %l1 = torch.prim.ListConstruct %int0, %int0, %int0, %amount : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %p1 = torch.aten.pad %x, %l1, %str, %none : !torch.vtensor<[1,5,96],f32>, !torch.list<int>, !torch.str, !torch.none -> !torch.vtensor<[?,?,?],f32>
  %m = torch.aten.size.int %p1, %int1 : !torch.vtensor<[?,?,?],f32>, !torch.int -> !torch.int
  %mt = torch.prim.NumToTensor.Scalar %m : !torch.int -> !torch.vtensor<[],si64>
  %mr = torch.aten.remainder.Scalar %mt, %int4 : !torch.vtensor<[],si64>, !torch.int -> !torch.vtensor<[],si64>
  %md = torch.aten.rsub.Scalar %mr, %int4, %int1 : !torch.vtensor<[],si64>, !torch.int, !torch.int -> !torch.vtensor<[],si64>
  %mq = torch.aten.remainder.Scalar %md, %int4 : !torch.vtensor<[],si64>, !torch.int -> !torch.vtensor<[],si64>
  %amount2 = torch.aten.Int.Tensor %mq : !torch.vtensor<[],si64> -> !torch.int
  %l2 = torch.prim.ListConstruct %int0, %int0, %int0, %amount2 : (!torch.int, !torch.int, !torch.int, !torch.int) -> !torch.list<int>
  %p2 = torch.aten.pad %p1, %l2, %str, %none : !torch.vtensor<[?,?,?],f32>, !torch.list<int>, !torch.str, !torch.none -> !torch.vtensor<[?,?,?],f32>
  return %p2 : !torch.vtensor<[?,?,?],f32>
}
