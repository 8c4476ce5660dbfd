//===- torch-onnx-compile.cpp - PyTorch model to ONNX in one command ------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Imports a TorchScript archive (or Torch-dialect MLIR), runs
// torch-to-onnx-pipeline and writes the ONNX model. Exit codes: 0 success,
// 1 the model could not be compiled (no output is written), 2 bad usage.
//
//===----------------------------------------------------------------------===//

#include "Verification.h"

#include "torch-onnx/Conversion/TorchToONNX/TorchToONNX.h"
#include "torch-onnx/Dialect/Torch/IR/TorchTypes.h"
#include "torch-onnx/Dialect/Torch/Transforms/Passes.h"
#include "torch-onnx/Driver/Diagnostics.h"
#include "torch-onnx/Driver/Driver.h"
#include "torch-onnx/Import/TorchExport/TorchExportImporter.h"
#include "torch-onnx/Import/TorchScript/MetaKernels.h"
#include "torch-onnx/Import/TorchScript/TorchScriptImporter.h"
#include "torch-onnx/InitAll.h"
#include "torch-onnx/Support/NestingDepth.h"
#include "torch-onnx/Support/SilentFailure.h"
#include "torch-onnx/Target/ONNX/ONNXExport.h"
#include "torch-onnx/Version.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <thread>

using namespace mlir;
using namespace mlir::torch_onnx;
namespace cl = llvm::cl;

namespace {
cl::OptionCategory category("torch-onnx-compile options");

cl::opt<std::string>
    inputFilename(cl::Positional, cl::Required,
                  cl::desc("<model.pt, model.pt2, torch.mlir or torch.mlirbc>"),
                  cl::cat(category));
cl::opt<std::string> outputFilename(
    "o", cl::Required,
    cl::desc("Output ONNX file; '-' writes the model to standard output"),
                                    cl::value_desc("out.onnx"),
                                    cl::cat(category));
cl::opt<std::string> entry(
    "entry",
    cl::desc("The function of an MLIR input to compile (default: forward, "
             "then main, then the only public function); archives compile "
             "forward"),
    cl::value_desc("name"), cl::cat(category));
cl::opt<int> opset("opset", cl::desc("Target ONNX opset, " TORCH_ONNX_OPSET_RANGE),
                   cl::init(17), cl::cat(category));
cl::list<std::string> inputShapes(
    "input-shape",
    cl::desc("Shape of one tensor argument of forward, in order, e.g. "
             "1x3x224x224xf32; '?' marks an unknown dim (repeatable)"),
    cl::value_desc("shape"), cl::cat(category));
cl::list<std::string> inputNames("input-names", cl::CommaSeparated,
                                 cl::desc("Names of the graph inputs"),
                                 cl::value_desc("a,b"), cl::cat(category));
cl::list<std::string> outputNames("output-names", cl::CommaSeparated,
                                  cl::desc("Names of the graph outputs"),
                                  cl::value_desc("y"), cl::cat(category));
cl::list<std::string> dynamicDims(
    "dynamic-dim",
    cl::desc("Make a dim dynamic: ARG:AXIS=SYMBOL, where ARG is an argument "
             "index or name (repeatable)"),
    cl::value_desc("ARG:AXIS=SYMBOL"), cl::cat(category));
cl::opt<uint64_t> externalDataThreshold(
    "external-data-threshold",
    cl::desc("Move initializers of at least this many bytes to <out>.data"),
    cl::value_desc("bytes"), cl::cat(category));
cl::opt<bool> fallbackCustomOps(
    "fallback-custom-ops",
    cl::desc("Emit unconvertible ops as nodes of the org.pytorch.aten domain"),
    cl::cat(category));
cl::opt<bool> keepDuplicateInitializers(
    "keep-duplicate-initializers",
    cl::desc("Keep every initializer under its own name, even when several "
             "have equal contents"),
    cl::cat(category));
cl::list<std::string> moduleFunctions(
    "module-function",
    cl::desc("Make the calls of the traced module at PATH (such as "
             "encoder.layer.0) calls of the local function DOMAIN::NAME "
             "(repeatable)"),
    cl::value_desc("PATH=DOMAIN::NAME"), cl::cat(category));
cl::opt<bool> verifyOutput(
    "verify",
    cl::desc("Run the module in LibTorch and the model in onnxruntime on the "
             "same random inputs and print the largest error"),
    cl::cat(category));
cl::opt<bool> keepOnFailure(
    "keep-on-failure",
    cl::desc("With --verify, keep the output when it does not match PyTorch"),
    cl::cat(category));
cl::opt<bool> timing("timing", cl::desc("Print MLIR pass timing"),
                     cl::cat(category));
cl::opt<bool> noVerifyONNX(
    "no-verify-onnx",
    cl::desc("Skip the ONNX checker and shape inference on export"),
    cl::cat(category));
cl::opt<bool> verbose("v", cl::desc("Verbose output"), cl::cat(category));
cl::opt<std::string> reportFilename(
    "report",
    cl::desc("Also write every diagnostic, and the ops that stop the "
             "compile, to this JSON file"),
    cl::value_desc("report.json"), cl::cat(category));
cl::list<std::string> passPlugins(
    "load-pass-plugin",
    cl::desc("Load a pass plugin before compiling; the lowering patterns it "
             "registers join convert-torch-to-onnx (repeatable)"),
    cl::value_desc("plugin.so"), cl::cat(category));
cl::list<std::string> dialectPlugins(
    "load-dialect-plugin",
    cl::desc("Load a dialect plugin before parsing (repeatable)"),
    cl::value_desc("plugin.so"), cl::cat(category));
cl::opt<bool> verifyEach(
    "verify-each",
    cl::desc("Verify the IR after every pass, not only after the pipeline"),
    cl::cat(category));

/// Prints which stage runs once a compile has taken more than a second, and
/// every stage with -v.
class StageReporter {
public:
  StageReporter() : start(std::chrono::steady_clock::now()) {
    watcher = std::thread([this] { watch(); });
  }
  ~StageReporter() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      done = true;
    }
    wake.notify_all();
    watcher.join();
  }
  void enter(llvm::StringRef name) {
    std::lock_guard<std::mutex> lock(mutex);
    stage = name.str();
    if (verbose || shown)
      print();
  }

private:
  void print() {
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    llvm::errs() << llvm::format("[%6.2fs] ", seconds) << stage;
    if (verbose)
      llvm::errs() << " (peak RSS so far " << readPeakRSSMegabytes() << " MB)";
    llvm::errs() << "\n";
  }
  /// VmHWM from /proc/self/status, or 0 where it is unavailable.
  static uint64_t readPeakRSSMegabytes() {
    auto status = llvm::MemoryBuffer::getFileAsStream("/proc/self/status");
    if (!status)
      return 0;
    for (llvm::StringRef line : llvm::split((*status)->getBuffer(), '\n')) {
      uint64_t kilobytes;
      if (line.consume_front("VmHWM:") &&
          !line.trim().split(' ').first.getAsInteger(10, kilobytes))
        return kilobytes / 1024;
    }
    return 0;
  }
  void watch() {
    std::unique_lock<std::mutex> lock(mutex);
    if (!wake.wait_for(lock, std::chrono::seconds(1),
                       [this] { return done; })) {
      shown = true;
      if (!verbose)
        print();
    }
  }
  std::chrono::steady_clock::time_point start;
  std::mutex mutex;
  std::condition_variable wake;
  std::thread watcher;
  std::string stage = "starting";
  bool shown = false;
  bool done = false;
};

/// The compile options from the flags of the same names.
CompileOptions getCompileOptions() {
  CompileOptions options;
  options.opset = opset;
  options.entry = entry;
  options.inputNames.assign(inputNames.begin(), inputNames.end());
  options.outputNames.assign(outputNames.begin(), outputNames.end());
  options.dynamicDims.assign(dynamicDims.begin(), dynamicDims.end());
  options.fallbackCustomOps = fallbackCustomOps;
  options.keepDuplicateInitializers = keepDuplicateInitializers;
  if (externalDataThreshold.getNumOccurrences())
    options.exportOptions.externalDataThreshold = externalDataThreshold;
  options.exportOptions.verify = !noVerifyONNX;
  for (const std::string &spec : moduleFunctions)
    options.exportOptions.moduleFunctions.push_back(
        *parseModuleFunction(spec));
  options.verifyEach = verifyEach;
  options.configurePassManager = [](PassManager &pm) {
    if (failed(applyPassManagerCLOptions(pm)))
      return failure();
    if (timing)
      pm.enableTiming();
    return success();
  };
  return options;
}

/// Removes the model at `path` and, when the export wrote one, its external
/// data file: a model that failed verification must not pass for a good one.
void removeOutput(llvm::StringRef path, bool wroteExternalData) {
  llvm::sys::fs::remove(path);
  if (wroteExternalData)
    llvm::sys::fs::remove(getExternalDataPath(path));
  llvm::errs() << "note: removed " << path
               << "; --keep-on-failure keeps it\n";
}

/// Whether the input is Torch-dialect MLIR, as text (.mlir) or bytecode
/// (.mlirbc), rather than an archive.
bool isMLIRInput() {
  llvm::StringRef name(inputFilename);
  return name.ends_with(".mlir") || name.ends_with(".mlirbc");
}

int compile(MLIRContext &context, const char *argv0) {
  StageReporter reporter;
  OwningOpRef<ModuleOp> module;
  if (isMLIRInput()) {
    reporter.enter("parsing " + inputFilename);
    llvm::SourceMgr sourceMgr;
    std::string error;
    auto file = openInputFile(inputFilename, &error);
    if (!file) {
      llvm::errs() << "error: " << error << "\n";
      return 1;
    }
    sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
    if (failed(checkNestingDepth(sourceMgr)))
      return 1;
    SourceMgrDiagnosticHandler handler(sourceMgr, &context);
    ReadObserver observer(&context);
    module = parseSourceFile<ModuleOp>(sourceMgr, &context);
    if (!module)
      observer.reportIfSilent(inputFilename);
  } else if (llvm::StringRef(inputFilename).ends_with(".pt2") ||
             isTorchExportArchive(inputFilename)) {
    reporter.enter("importing " + inputFilename);
    if (!inputShapes.empty()) {
      llvm::errs() << "error: --input-shape does not apply to '"
                   << inputFilename
                   << "': a .pt2 program carries its input shapes\n";
      return 2;
    }
    module = importTorchExportFile(inputFilename, &context);
  } else {
    reporter.enter("importing " + inputFilename);
    TorchScriptImportOptions options;
    options.inputShapes.assign(inputShapes.begin(), inputShapes.end());
    module = importTorchScriptFile(inputFilename, options, &context);
  }
  if (!module)
    return 1;

  CompileOptions options = getCompileOptions();
  options.onStage = [&](const std::string &stage) { reporter.enter(stage); };
  ONNXModelSummary summary;
  if (failed(compileToONNXFile(*module, outputFilename, options, &summary)))
    return 1;

  if (verifyOutput) {
    reporter.enter("verifying against LibTorch");
    if (failed(verifyAgainstTorch(argv0, inputFilename, outputFilename,
                                  inputShapes, verbose))) {
      if (!keepOnFailure)
        removeOutput(outputFilename, summary.wroteExternalData);
      return 1;
    }
  }
  reporter.enter("done");
  // The process ends next: the OS reclaims the IR faster than its
  // destructors would free it op by op.
  (void)module.release();
  return 0;
}
/// Writes the --report file: the run's diagnostics, and the ops that could
/// not be converted, grouped by op in order of first appearance.
bool writeReport(const DiagnosticCollector &diagnostics, int exitCode) {
  llvm::json::Array ops;
  llvm::StringMap<size_t> opIndex;
  for (const DiagnosticRecord &record : diagnostics.getRecords()) {
    if (record.op.empty() || record.severity != "error")
      continue;
    auto [it, inserted] = opIndex.try_emplace(record.op, ops.size());
    if (inserted)
      ops.push_back(llvm::json::Object{{"op", record.op},
                                       {"count", 0},
                                       {"locations", llvm::json::Array()}});
    llvm::json::Object &entry = *ops[it->second].getAsObject();
    entry["count"] = *entry.getInteger("count") + 1;
    entry.getArray("locations")->push_back(record.location);
  }
  llvm::json::Object report{{"input", inputFilename.getValue()},
                            {"output", outputFilename.getValue()},
                            {"exit_code", exitCode},
                            {"unconvertible_ops", std::move(ops)},
                            {"diagnostics", diagnostics.toJSON()}};
  llvm::Error error = llvm::writeToOutput(
      reportFilename, [&](llvm::raw_ostream &os) {
        os << llvm::formatv("{0:2}", llvm::json::Value(std::move(report)))
           << "\n";
        return llvm::Error::success();
      });
  if (!error)
    return true;
  llvm::errs() << "error: cannot write the report '" << reportFilename
               << "': " << llvm::toString(std::move(error)) << "\n";
  return false;
}
} // namespace

/// Loads the plugins of --load-pass-plugin and --load-dialect-plugin, which
/// register their passes, lowering patterns and dialects.
static LogicalResult loadPlugins(DialectRegistry &registry) {
  for (const std::string &path : passPlugins) {
    llvm::Expected<PassPlugin> plugin = PassPlugin::load(path);
    if (!plugin) {
      llvm::errs() << "error: cannot load the pass plugin '" << path
                   << "': " << llvm::toString(plugin.takeError()) << "\n";
      return failure();
    }
    plugin->registerPassRegistryCallbacks();
  }
  for (const std::string &path : dialectPlugins) {
    llvm::Expected<DialectPlugin> plugin = DialectPlugin::load(path);
    if (!plugin) {
      llvm::errs() << "error: cannot load the dialect plugin '" << path
                   << "': " << llvm::toString(plugin.takeError()) << "\n";
      return failure();
    }
    plugin->registerDialectRegistryCallbacks(registry);
  }
  return success();
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  // The passes first: --mlir-print-ir-after and its kin take pass names.
  registerAllPasses();
  registerPassManagerCLOptions();
  cl::HideUnrelatedOptions({&category, &cl::getGeneralCategory()});
  cl::SetVersionPrinter(printVersion);
  std::string usageError;
  llvm::raw_string_ostream usageStream(usageError);
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "torch-onnx-compile: compile a PyTorch model to ONNX\n\n"
          "  torch-onnx-compile model.pt -o model.onnx [options]  "
          "(TorchScript)\n"
          "  torch-onnx-compile model.pt2 -o model.onnx [options] "
          "(torch.export.save)\n",
          &usageStream)) {
    llvm::errs() << usageError;
    return 2;
  }
  if (opset < TORCH_ONNX_MIN_OPSET || opset > TORCH_ONNX_MAX_OPSET) {
    llvm::errs() << "error: --opset must be between " << TORCH_ONNX_MIN_OPSET
                 << " and " << TORCH_ONNX_MAX_OPSET << ", got " << opset
                 << "\n";
    return 2;
  }
  if (!entry.empty() && entry != "forward" && !isMLIRInput()) {
    llvm::errs() << "error: --entry " << entry
                 << " applies to MLIR input; an archive compiles forward\n";
    return 2;
  }
  if (outputFilename == "-" && verifyOutput) {
    llvm::errs() << "error: --verify runs the written model, so -o must name "
                    "a file, not '-'\n";
    return 2;
  }
  for (const std::string &spec : moduleFunctions)
    if (!parseModuleFunction(spec)) {
      llvm::errs() << "error: bad --module-function '" << spec
                   << "': expected PATH=DOMAIN::NAME, e.g. "
                      "encoder.layer.0=mylib::Block\n";
      return 2;
    }
  for (const std::string &spec : dynamicDims)
    if (!Torch::parseDynamicDimSpec(spec)) {
      llvm::errs() << "error: bad --dynamic-dim '" << spec
                   << "': expected ARG:AXIS=SYMBOL, e.g. 0:0=batch or "
                      "x:1=seq\n";
      return 2;
    }

  DialectRegistry registry;
  registerAllDialects(registry);
  registerMetaKernels(registry);
  if (failed(loadPlugins(registry)))
    return 1;
  MLIRContext context(registry);
  // Diagnostics name the op and its Python line; dumping the IR would bury
  // them.
  context.printOpOnDiagnostic(false);
  context.loadAllAvailableDialects();
  for (const std::string &shape : inputShapes) {
    std::string error;
    if (!Torch::parseInputShape(&context, shape, error)) {
      llvm::errs() << "error: bad --input-shape '" << shape << "': " << error
                   << "; expected dims and a dtype, e.g. 1x3x224x224xf32\n";
      return 2;
    }
  }
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagHandler(sourceMgr, &context);
  std::optional<DiagnosticCollector> diagnostics;
  if (!reportFilename.empty())
    diagnostics.emplace(context, /*forward=*/true);
  int result = compile(context, argv[0]);
  if (diagnostics && !writeReport(*diagnostics, result) && result == 0)
    result = 1;
  // Skip the teardown of the context and of LibTorch's globals; every
  // output is already written and closed.
  llvm::outs().flush();
  llvm::errs().flush();
  std::_Exit(result);
}
