// RUN: torch-onnx-opt %s -split-input-file -onnx-deduplicate-initializers | FileCheck %s
// RUN: torch-onnx-opt %s -split-input-file -onnx-deduplicate-initializers=min-bytes=65 | FileCheck %s --check-prefix=LARGE

// Equal dense literals of the same type: the later one uses the first,
// which keeps its name.

// CHECK-LABEL: func.func @equal_literals
// CHECK: %[[A:.*]] = "onnx.Initializer"() {name = "ln0.weight"
// CHECK-NOT: ln1.weight
// CHECK: %[[B:.*]] = "onnx.Initializer"() {name = "ln0.bias"
// CHECK: %[[Y:.*]] = "onnx.Mul"(%[[A]], %[[A]])
// CHECK: "onnx.Add"(%[[Y]], %[[B]])
// LARGE-LABEL: func.func @equal_literals
// LARGE: ln1.weight
func.func @equal_literals() -> tensor<16xf32> {
  %a = "onnx.Initializer"() {name = "ln0.weight", value = dense<1.0> : tensor<16xf32>} : () -> tensor<16xf32>
  %b = "onnx.Initializer"() {name = "ln0.bias", value = dense<0.0> : tensor<16xf32>} : () -> tensor<16xf32>
  %c = "onnx.Initializer"() {name = "ln1.weight", value = dense<1.0> : tensor<16xf32>} : () -> tensor<16xf32>
  %y = "onnx.Mul"(%a, %c) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %z = "onnx.Add"(%y, %b) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  return %z : tensor<16xf32>
}

// -----

// The initializer used first is kept, wherever it stands among the
// initializers, and the later one is erased even though it comes first.

// CHECK-LABEL: func.func @first_use_wins
// CHECK-SAME: (%[[X:.*]]: tensor<16xf32>)
// CHECK-NOT: ln1.weight
// CHECK: %[[A:.*]] = "onnx.Initializer"() {name = "ln0.weight"
// CHECK: %[[Y:.*]] = "onnx.Mul"(%[[X]], %[[A]])
// CHECK: "onnx.Mul"(%[[Y]], %[[A]])
func.func @first_use_wins(%x: tensor<16xf32>) -> tensor<16xf32> {
  %c = "onnx.Initializer"() {name = "ln1.weight", value = dense<2.0> : tensor<16xf32>} : () -> tensor<16xf32>
  %a = "onnx.Initializer"() {name = "ln0.weight", value = dense<2.0> : tensor<16xf32>} : () -> tensor<16xf32>
  %y = "onnx.Mul"(%x, %a) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %z = "onnx.Mul"(%y, %c) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  return %z : tensor<16xf32>
}

// -----

// Equal resource blobs are shared; a blob that differs in its last byte is
// not, and neither is equal content of another type.

// CHECK-LABEL: func.func @blobs
// CHECK-DAG: %[[A:.*]] = "onnx.Initializer"() {name = "a", value = dense_resource<blob_a> : tensor<2xf32>}
// CHECK-DAG: %[[C:.*]] = "onnx.Initializer"() {name = "c", value = dense_resource<blob_c> : tensor<2xf32>}
// CHECK-DAG: %[[D:.*]] = "onnx.Initializer"() {name = "d", value = dense_resource<blob_d> : tensor<2xi32>}
// CHECK-NOT: name = "b"
// CHECK: return %[[A]], %[[A]], %[[C]], %[[D]]
// The shared blob is released with the initializer that held it.
// CHECK: blob_a:
// CHECK-NOT: blob_b:
// CHECK: blob_c:
func.func @blobs() -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xi32>) {
  %a = "onnx.Initializer"() {name = "a", value = dense_resource<blob_a> : tensor<2xf32>} : () -> tensor<2xf32>
  %b = "onnx.Initializer"() {name = "b", value = dense_resource<blob_b> : tensor<2xf32>} : () -> tensor<2xf32>
  %c = "onnx.Initializer"() {name = "c", value = dense_resource<blob_c> : tensor<2xf32>} : () -> tensor<2xf32>
  %d = "onnx.Initializer"() {name = "d", value = dense_resource<blob_d> : tensor<2xi32>} : () -> tensor<2xi32>
  return %a, %b, %c, %d : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xi32>
}

{-#
  dialect_resources: {
    builtin: {
      blob_a: "0x040000000000803F00000040",
      blob_b: "0x040000000000803F00000040",
      blob_c: "0x040000000000803F00000041",
      blob_d: "0x040000000000803F00000040"
    }
  }
#-}

// -----

// Initializers in different blocks are not shared: neither dominates the
// other's uses.

// CHECK-LABEL: func.func @regions
// CHECK: name = "outer"
// CHECK: "onnx.If"
// CHECK: name = "then"
// CHECK: name = "else"
func.func @regions(%cond: tensor<i1>) -> tensor<2xf32> {
  %o = "onnx.Initializer"() {name = "outer", value = dense<3.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %r = "onnx.If"(%cond) ({
    %t = "onnx.Initializer"() {name = "then", value = dense<3.0> : tensor<2xf32>} : () -> tensor<2xf32>
    "onnx.Yield"(%t) : (tensor<2xf32>) -> ()
  }, {
    %e = "onnx.Initializer"() {name = "else", value = dense<3.0> : tensor<2xf32>} : () -> tensor<2xf32>
    "onnx.Yield"(%e) : (tensor<2xf32>) -> ()
  }) : (tensor<i1>) -> tensor<2xf32>
  %s = "onnx.Add"(%r, %o) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %s : tensor<2xf32>
}

// -----

// Blobs longer than the hashed prefix that differ only at the end are not
// shared; equal ones are.

// CHECK-LABEL: func.func @long_blobs
// CHECK-DAG: %[[E:.*]] = "onnx.Initializer"() {name = "e"
// CHECK-DAG: %[[F:.*]] = "onnx.Initializer"() {name = "f"
// CHECK-NOT: name = "g"
// CHECK: return %[[E]], %[[F]], %[[E]]
func.func @long_blobs() -> (tensor<80xf32>, tensor<80xf32>, tensor<80xf32>) {
  %e = "onnx.Initializer"() {name = "e", value = dense_resource<blob_e> : tensor<80xf32>} : () -> tensor<80xf32>
  %f = "onnx.Initializer"() {name = "f", value = dense_resource<blob_f> : tensor<80xf32>} : () -> tensor<80xf32>
  %g = "onnx.Initializer"() {name = "g", value = dense_resource<blob_g> : tensor<80xf32>} : () -> tensor<80xf32>
  return %e, %f, %g : tensor<80xf32>, tensor<80xf32>, tensor<80xf32>
}

{-#
  dialect_resources: {
    builtin: {
      blob_e: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000040",
      blob_f: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000041",
      blob_g: "0x040000000000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F00000040"
    }
  }
#-}

// -----

// A dense literal and a blob of equal bytes are shared; a splat is only
// compared as an attribute.

// CHECK-LABEL: func.func @literal_and_blob
// CHECK-DAG: %[[L:.*]] = "onnx.Initializer"() {name = "literal"
// CHECK-DAG: %[[S:.*]] = "onnx.Initializer"() {name = "splat"
// CHECK-DAG: %[[T:.*]] = "onnx.Initializer"() {name = "splat_blob"
// CHECK-NOT: name = "blob"
// CHECK: return %[[L]], %[[L]], %[[S]], %[[T]]
func.func @literal_and_blob() -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %l = "onnx.Initializer"() {name = "literal", value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %b = "onnx.Initializer"() {name = "blob", value = dense_resource<blob_l> : tensor<2xf32>} : () -> tensor<2xf32>
  %s = "onnx.Initializer"() {name = "splat", value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %t = "onnx.Initializer"() {name = "splat_blob", value = dense_resource<blob_s> : tensor<2xf32>} : () -> tensor<2xf32>
  return %l, %b, %s, %t : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

{-#
  dialect_resources: {
    builtin: {
      blob_l: "0x040000000000803F00000040",
      blob_s: "0x040000000000803F0000803F"
    }
  }
#-}
