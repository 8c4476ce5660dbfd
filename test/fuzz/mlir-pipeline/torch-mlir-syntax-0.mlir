func.func @forward(%arg0: !torch.vtensor<[1,3,?,?],f32>, %arg1: !torch.int) -> !torch.vtensor<[1,4,?,?],f32> attributes {torch.assume_strict_symbolic_shapes} {
  %0 = torch.vtensor.literal(dense<5.000000e-01> : tensor<4x3x3x3xf32>) : !torch.vtensor<[4,3,3,3],f32>
  %none = torch.constant.none
  %int1 = torch.constant.int 1
  %int0 = torch.constant.int 0
  %true = torch.constant.bool true
  %float1.000000e00 = torch.constant.float 1.000000e+00
  %1 = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %2 = torch.prim.ListConstruct %int0, %int0 : (!torch.int, !torch.int) -> !torch.list<int>
  %3 = torch.aten.conv2d %arg0, %0, %none, %1, %1, %1, %int1 : !torch.vtensor<[1,3,?,?],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<[1,4,?,?],f32>
  %4 = torch.aten.size.int %3, %int0 : !torch.vtensor<[1,4,?,?],f32>, !torch.int -> !torch.int
  %5 = torch.aten.gt.int %arg1, %4 : !torch.int, !torch.int -> !torch.bool
  %6 = torch.prim.If %5 -> (!torch.vtensor<[1,4,?,?],f32>) {
    %8 = torch.aten.relu %3 : !torch.vtensor<[1,4,?,?],f32> -> !torch.vtensor<[1,4,?,?],f32>
    torch.prim.If.yield %8 : !torch.vtensor<[1,4,?,?],f32>
  } else {
    %8 = torch.aten.mul.Scalar %3, %float1.000000e00 : !torch.vtensor<[1,4,?,?],f32>, !torch.float -> !torch.vtensor<[1,4,?,?],f32>
    torch.prim.If.yield %8 : !torch.vtensor<[1,4,?,?],f32>
  }
  %7 = torch.prim.Loop %arg1, %true, init(%6) {
  ^bb0(%arg2: !torch.int, %arg3: !torch.vtensor<[1,4,?,?],f32>):
    %8 = torch.aten.add.Tensor %arg3, %3, %int1 : !torch.vtensor<[1,4,?,?],f32>, !torch.vtensor<[1,4,?,?],f32>, !torch.int -> !torch.vtensor<[1,4,?,?],f32>
    torch.prim.Loop.condition %true, iter(%8 : !torch.vtensor<[1,4,?,?],f32>)
  } : (!torch.int, !torch.bool, !torch.vtensor<[1,4,?,?],f32>) -> !torch.vtensor<[1,4,?,?],f32>
  %9 = torch.aten.softmax.int %7, %int1, %none : !torch.vtensor<[1,4,?,?],f32>, !torch.int, !torch.none -> !torch.vtensor<[1,4,?,?],f32>
  return %9 : !torch.vtensor<[1,4,?,?],f32>
}
