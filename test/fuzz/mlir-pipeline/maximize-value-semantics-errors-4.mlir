func.func private @opaque(!torch.tensor) -> ()
func.func @unknown_writer(%x: !torch.tensor) -> !torch.tensor {
  func.call @opaque(%x) : (!torch.tensor) -> ()
  return %x : !torch.tensor
}
