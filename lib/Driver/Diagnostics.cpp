//===- Diagnostics.cpp - A compile's diagnostics, as records --------------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Driver/Diagnostics.h"

#include "torch-onnx/Support/DiagnosticOp.h"
#include "torch-onnx/Support/JSONString.h"

#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"

using namespace mlir;
using namespace mlir::torch_onnx;

namespace {
const char *getSeverityName(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Remark:
    return "remark";
  case DiagnosticSeverity::Note:
    return "note";
  }
  return "error";
}

/// The `file:line` frames of `loc`, innermost first; Python tracebacks and
/// editors read this form. Locations without a line (the module itself) are
/// left out.
std::vector<std::string> getFrames(Location loc) {
  std::vector<std::string> frames;
  loc->walk([&](Location inner) {
    if (auto fileLoc = dyn_cast<FileLineColLoc>(inner))
      if (fileLoc.getLine())
        frames.push_back(fileLoc.getFilename().str() + ":" +
                         std::to_string(fileLoc.getLine()));
    return WalkResult::advance();
  });
  return frames;
}

/// The frame of `frames` to show: the innermost one outside PyTorch's own
/// package, where the user's code called into it.
std::string selectFrame(const std::vector<std::string> &frames) {
  for (const std::string &frame : frames)
    if (frame.find("-packages/torch/") == std::string::npos)
      return frame;
  return frames.empty() ? std::string() : frames.front();
}
} // namespace

DiagnosticCollector::DiagnosticCollector(MLIRContext &context, bool forward)
    : forward(forward),
      handler(&context, [this](Diagnostic &diag) { return record(diag); }) {}

LogicalResult DiagnosticCollector::record(Diagnostic &diag) {
  DiagnosticRecord entry;
  entry.severity = getSeverityName(diag.getSeverity());
  entry.message = diag.str();
  for (Diagnostic &note : diag.getNotes()) {
    std::string location = selectFrame(getFrames(note.getLocation()));
    entry.message += "\n  note: " +
                     (location.empty() ? "" : location + ": ") + note.str();
  }
  entry.frames = getFrames(diag.getLocation());
  entry.location = selectFrame(entry.frames);
  if (std::optional<StringRef> op = getDiagnosticOp(diag))
    entry.op = op->str();
  records.push_back(std::move(entry));
  // Failure passes the diagnostic on to the previous handler.
  return failure(forward);
}

std::string DiagnosticCollector::getErrorText() const {
  std::string text;
  for (const DiagnosticRecord &record : records) {
    if (record.severity != "error")
      continue;
    if (!text.empty())
      text += "\n";
    text += (record.location.empty() ? "" : record.location + ": ") +
            "error: " + record.message;
  }
  return text;
}

llvm::json::Array DiagnosticCollector::toJSON() const {
  llvm::json::Array array;
  for (const DiagnosticRecord &record : records) {
    llvm::json::Array frames;
    for (const std::string &frame : record.frames)
      frames.push_back(toJSONString(frame));
    llvm::json::Object entry{{"severity", record.severity},
                             {"message", toJSONString(record.message)},
                             {"location", toJSONString(record.location)},
                             {"frames", std::move(frames)}};
    if (!record.op.empty())
      entry["op"] = toJSONString(record.op);
    array.push_back(std::move(entry));
  }
  return array;
}
