//===- Importer.h - Shared state of the TorchScript importer ----*- C++ -*-===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The importer is split over several files: the object graph
// (ObjectGraphImport.cpp), constants and weights (IValueImport.cpp),
// functions and their blocks (GraphImport.cpp), aten and unknown nodes
// (NodeImport.cpp), types (TypeImport.cpp), locations (LocationImport.cpp),
// Python names of values (PythonNames.cpp) and the reading of the archive
// (ArchiveLoader.cpp). This private header
// only forward-declares LibTorch's types; LibTorch's headers stay in the
// .cpp files.
//
//===----------------------------------------------------------------------===//

#ifndef TORCH_ONNX_LIB_IMPORT_TORCHSCRIPT_IMPORTER_H
#define TORCH_ONNX_LIB_IMPORT_TORCHSCRIPT_IMPORTER_H

#include "ZipDirectory.h"

#include "torch-onnx/Dialect/Torch/IR/TorchTypes.h"
#include "torch-onnx/Import/TorchScript/TorchScriptImporter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace c10 {
template <typename T> class ArrayRef;
struct Type;
struct ClassType;
struct FunctionSchema;
struct IValue;
enum class ScalarType : int8_t;
namespace ivalue {
struct Object;
} // namespace ivalue
} // namespace c10

namespace at {
class Tensor;
} // namespace at

namespace torch::jit {
struct Block;
struct Function;
struct Graph;
struct Module;
struct Node;
struct Value;
} // namespace torch::jit

namespace mlir::torch_onnx::torchscript {

/// Loads the archive at `path` into `module` as torch::jit::load does, but
/// without its rewrite of old quantized convolutions (ArchiveLoader.cpp).
/// Returns false, leaving `module` alone, for an archive that needs
/// torch::jit::load: the legacy format, or an object restored by
/// `__setstate__`. LibTorch's errors are thrown.
bool loadArchive(const std::string &path, torch::jit::Module &module);

/// Checks the memo indices of the pickle `data` (PickleCheck.cpp): none can
/// reach its size in a valid pickle, and LibTorch's unpickler would allocate
/// a table that large. Returns what is wrong, or nothing.
std::optional<std::string> checkPickleMemo(const char *data, size_t size);

using Torch::InputShape;

/// Drops the `.N` suffix TorchScript adds to reused names: `x.1` -> `x`.
/// Returns an empty string for purely numeric names such as `15`.
std::string pythonName(llvm::StringRef debugName);

/// State of one import: the module being built and the caches that keep the
/// import linear in the size of the archive.
class ModuleImporter {
public:
  ModuleImporter(ModuleOp module, llvm::StringRef archivePath,
                 ArrayRef<InputShape> inputShapes);

  MLIRContext *getContext() const { return archiveLoc.getContext(); }

  /// Imports a module that its owner keeps using, such as one that Python
  /// traced in this process: its graphs are left as they are (by default,
  /// the nodes of each imported graph are freed), and the sizes that tracing
  /// recorded on tensor values are ignored, as they hold for the example
  /// inputs only. Their ranks and dtypes are kept.
  void setLiveModule() {
    releaseGraphs = false;
    ignoreTracedSizes = true;
  }
  bool ignoresTracedSizes() const { return ignoreTracedSizes; }

  //===--- Types (TypeImport.cpp) -----------------------------------------===//

  /// The torch dialect type of a TorchScript type. Never null: types with no
  /// counterpart become `!torch.any`.
  Type importType(const c10::Type &type);
  /// The dtype of a tensor of `scalarType`, or null when the torch dialect
  /// has none (quantized types).
  Type importDtype(c10::ScalarType scalarType);
  /// `!torch.tensor<[sizes],dtype>` for the sizes and dtype of `tensor`.
  Type importTensorValueType(const at::Tensor &tensor);

  //===--- Locations (LocationImport.cpp) ---------------------------------===//

  /// The user's source position of `node` (or the archive), named by its
  /// module scope (`/encoder/layer.0`) when it was traced in one.
  Location importLocation(torch::jit::Node *node);
  /// The user's source position of `node`, or the archive.
  Location importSourceLocation(torch::jit::Node *node);
  /// The call-site location of a traced node's Python stack, `file(line):
  /// function` lines, innermost first; nothing when `text` is not one.
  std::optional<Location> importTracedStack(llvm::StringRef text);
  /// The uniqued attribute of a file name.
  StringAttr getFileName(llvm::StringRef name);

  //===--- Constants and weights (IValueImport.cpp) -----------------------===//

  /// Materializes `value` with `builder`. `path` names the attribute it came
  /// from (`features.0.weight`) and names weight blobs. Returns null after
  /// emitting an error at `loc` when the value has no torch counterpart.
  Value importIValue(OpBuilder &builder, const c10::IValue &value,
                     llvm::StringRef path, Location loc);
  /// The ElementsAttr holding `tensor`: a resource blob named `blobName`
  /// that aliases LibTorch's storage, or with `allowInline` a
  /// DenseElementsAttr for a tensor of a few elements. Returns null after
  /// emitting an error at `loc` for an unsupported tensor.
  ElementsAttr importTensorData(const at::Tensor &tensor,
                                llvm::StringRef blobName, Location loc,
                                bool allowInline = false);

  //===--- Object graph (ObjectGraphImport.cpp) ---------------------------===//

  /// Emits a `torch.class_type` for every class reachable from `root`, then
  /// the `torch.nn_module` instances (children first, the root last).
  LogicalResult importObjectGraph(const c10::IValue &root);
  /// The symbol of the func.func of `function`: `<class>.<method>` for a
  /// method of `owner`, the qualified name for a free function (null
  /// `owner`).
  StringAttr getFunctionSymbol(const torch::jit::Function &function,
                               const c10::ClassType *owner);

  //===--- Functions (GraphImport.cpp) ------------------------------------===//

  /// Imports every method of every class seen by importObjectGraph. The
  /// tensor arguments of `rootClass`'s forward take their types from the
  /// input shapes.
  LogicalResult importMethods(const c10::ClassType &rootClass);
  /// The func.func of `function`, importing it on first use. `owner` is the
  /// class of a method and null for a free function. Returns null after
  /// emitting an error.
  func::FuncOp getOrImportFunction(torch::jit::Function &function,
                                   const c10::ClassType *owner);

  //===--- Nodes (NodeImport.cpp) -----------------------------------------===//

  /// How a node kind with a schema is imported.
  struct OperatorInfo {
    /// `aten::add.Tensor`, the name of a `torch.operator`.
    StringAttr operatorName;
    /// The generated op, when the dialect has one.
    std::optional<RegisteredOperationName> opName;
  };
  /// The cached OperatorInfo of `schema`.
  OperatorInfo getOperatorInfo(const c10::FunctionSchema &schema);
  /// The `torch.operator` name of a node kind without a schema.
  StringAttr getKindName(uint32_t kind);

  /// True while verifiesQuietly runs: diagnostics are then dropped.
  bool isVerifyingSpeculatively() const { return speculative; }
  /// Verifies `op` alone, without reporting its diagnostics.
  bool verifiesQuietly(Operation *op);

private:
  ModuleOp module;
  Location archiveLoc;
  SmallVector<InputShape> inputShapes;
  OpBuilder moduleBuilder;

  // Object graph.
  SmallVector<const c10::ClassType *> classes;
  llvm::DenseMap<const c10::ClassType *, StringAttr> classSymbols;
  llvm::DenseMap<const c10::ivalue::Object *, Value> instances;
  llvm::DenseSet<const c10::ivalue::Object *> objectsInProgress;
  llvm::DenseMap<const void *, Value> tensorLiterals;

  // Functions.
  llvm::DenseMap<const torch::jit::Function *, func::FuncOp> functions;
  llvm::DenseSet<const torch::jit::Function *> inProgress;
  llvm::DenseMap<const torch::jit::Function *, StringAttr> functionSymbols;
  llvm::StringSet<> usedSymbols;
  const c10::ClassType *rootClass = nullptr;

  // Types.
  llvm::DenseMap<const c10::Type *, Type> namedTypes;

  // Nodes and locations.
  llvm::DenseMap<const c10::FunctionSchema *, OperatorInfo> operators;
  llvm::DenseMap<uint32_t, StringAttr> kindNames;
  llvm::StringMap<StringAttr> fileNames;
  bool speculative = false;
  bool releaseGraphs = true;
  bool ignoreTracedSizes = false;

  friend class GraphImporter;
  void collectClasses(const c10::IValue &value,
                      llvm::DenseSet<const c10::ivalue::Object *> &visited);
  LogicalResult refineForwardArguments(torch::jit::Graph &graph,
                                       const c10::ClassType &owner,
                                       SmallVectorImpl<Type> &argTypes);
  Value importObject(const c10::IValue &value, llvm::StringRef path,
                     Location loc);
  Value importTensor(OpBuilder &builder, const at::Tensor &tensor,
                     llvm::StringRef path, Location loc);
};

/// Imports the graph of one TorchScript function into a func.func.
class GraphImporter {
public:
  GraphImporter(ModuleImporter &importer, func::FuncOp func)
      : importer(importer), func(func), builder(func.getContext()) {}

  /// Builds the body of the function from `graph`; `argTypes` are the
  /// (possibly refined) types of the graph inputs. Sets the function's
  /// result types to the types of the returned values.
  LogicalResult importBody(torch::jit::Graph &graph, TypeRange argTypes);

private:
  ModuleImporter &importer;
  func::FuncOp func;
  OpBuilder builder;
  llvm::DenseMap<const torch::jit::Value *, Value> values;

  /// Imports the nodes of `block` at the insertion point.
  LogicalResult importNodes(torch::jit::Block *block);
  LogicalResult importNode(torch::jit::Node *node);
  Value lookup(const torch::jit::Value *value);
  LogicalResult lookupAll(c10::ArrayRef<torch::jit::Value *> jitValues,
                          SmallVectorImpl<Value> &result);
  SmallVector<Type> outputTypes(torch::jit::Node *node);
  void mapOutputs(torch::jit::Node *node, Operation *op);

  // GraphImport.cpp: the prim nodes with an op of their own.
  LogicalResult importConstant(torch::jit::Node *node, Location loc);
  LogicalResult importIf(torch::jit::Node *node, Location loc);
  LogicalResult importLoop(torch::jit::Node *node, Location loc);
  LogicalResult importCall(torch::jit::Node *node, Location loc);

  // NodeImport.cpp: aten ops, structural prim ops and torch.operator.
  LogicalResult importAtenOrOperator(torch::jit::Node *node, Location loc);
  /// Creates the op `name` from the node's inputs and outputs and keeps it
  /// when it verifies; otherwise imports the node as a `torch.operator`.
  LogicalResult createVerifiedOr(torch::jit::Node *node, Location loc,
                                 OperationName name,
                                 ArrayRef<NamedAttribute> attrs = {});
  /// Keeps `op`, built for `node`, when it verifies; otherwise replaces it
  /// with a `torch.operator`.
  LogicalResult keepIfValid(torch::jit::Node *node, Location loc,
                            Operation *op);
  /// Imports `node` as `torch.operator "ns::name.overload"`.
  LogicalResult createOperator(torch::jit::Node *node, Location loc);
};

} // namespace mlir::torch_onnx::torchscript

#endif // TORCH_ONNX_LIB_IMPORT_TORCHSCRIPT_IMPORTER_H
