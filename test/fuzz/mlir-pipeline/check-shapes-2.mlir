func.func @normalization(%h: !torch.vtensor<[2,4,5],f16>, %x: !torch.vtensor<[2,4,5],f32>, %y: !torch.vtensor<[?,?],f32>, %c: !torch.vtensor<[4],f32>, %n: !torch.vtensor<[5],f32>) -> (!torch.vtensor<[2,4,5],f16>, !torch.vtensor<[2,4,5],f32>, !torch.vtensor<[2,4,5],f32>, !torch.vtensor<[2,4,5],f32>, !torch.vtensor<[?,?],f32>) {
  %false = torch.constant.bool false
  %true = torch.constant.bool true
  %eps = torch.constant.float 1.000000e-05
  %momentum = torch.constant.float 1.000000e-01
  %int2 = torch.constant.int 2
  %int5 = torch.constant.int 5
  %none = torch.constant.none
  %0 = torch.aten.batch_norm %h, %c, %c, %c, %c, %false, %momentum, %eps, %true : !torch.vtensor<[2,4,5],f16>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.vtensor<[2,4,5],f16>
  %1 = torch.aten.instance_norm %x, %c, %c, %none, %none, %true, %momentum, %eps, %true : !torch.vtensor<[2,4,5],f32>, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.none, !torch.none, !torch.bool, !torch.float, !torch.float, !torch.bool -> !torch.vtensor<[2,4,5],f32>
  %2 = torch.aten.group_norm %x, %int2, %c, %c, %eps, %true : !torch.vtensor<[2,4,5],f32>, !torch.int, !torch.vtensor<[4],f32>, !torch.vtensor<[4],f32>, !torch.float, !torch.bool -> !torch.vtensor<[2,4,5],f32>
  %shape = torch.prim.ListConstruct %int5 : (!torch.int) -> !torch.list<int>
  %3 = torch.aten.layer_norm %x, %shape, %n, %n, %eps, %true : !torch.vtensor<[2,4,5],f32>, !torch.list<int>, !torch.vtensor<[5],f32>, !torch.vtensor<[5],f32>, !torch.float, !torch.bool -> !torch.vtensor<[2,4,5],f32>
  %4 = torch.aten.layer_norm %y, %shape, %n, %n, %eps, %true : !torch.vtensor<[?,?],f32>, !torch.list<int>, !torch.vtensor<[5],f32>, !torch.vtensor<[5],f32>, !torch.float, !torch.bool -> !torch.vtensor<[?,?],f32>
  return %0, %1, %2, %3, %4 : !torch.vtensor<[2,4,5],f16>, !torch.vtensor<[2,4,5],f32>, !torch.vtensor<[2,4,5],f32>, !torch.vtensor<[2,4,5],f32>, !torch.vtensor<[?,?],f32>
}
