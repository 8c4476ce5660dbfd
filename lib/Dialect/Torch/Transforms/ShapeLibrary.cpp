//===- ShapeLibrary.cpp - LibTorch's shape functions, run on symbols ------===//
//
// Part of the torch-onnx project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Loads the shape library (ShapeLibrary.mlir, generated from LibTorch's
// registry) and runs its functions on what the shape inference knows about
// an op's operands. The interpreter evaluates TorchScript's int, bool, list
// and control-flow ops. An int it cannot compute is unknown; an unknown
// tensor dim may carry a symbol, and a symbol plus a constant stays one.
// Where a condition is unknown:
// - a check, whose other branch raises, is taken to pass, as a guard;
// - two branches without side effects both run, and their results join;
// - anything else stops the run, and the rule then knows nothing.
// Nothing assumes that a symbol differs from 0 or 1: a dynamic dim may be 1
// at run time, and a shape that holds only otherwise would be wrong.
//
//===----------------------------------------------------------------------===//

#include "torch-onnx/Dialect/Torch/Transforms/ShapeLibrary.h"
#include "ShapeInferenceRules.h"

#include "torch-onnx/Dialect/Torch/IR/TorchDialect.h"
#include "torch-onnx/Dialect/Torch/IR/TorchOps.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

using namespace mlir;
using namespace mlir::torch_onnx;
using namespace mlir::torch_onnx::Torch;

//===----------------------------------------------------------------------===//
// The library
//===----------------------------------------------------------------------===//

namespace {
/// The parsed library, in a context of its own.
struct Library {
  MLIRContext context{MLIRContext::Threading::DISABLED};
  OwningOpRef<ModuleOp> module;
  DictionaryAttr table;
};
} // namespace

static const char kLibraryText[] =
#include "ShapeLibrary.inc"
    ;

static const Library &getLibrary() {
  static const Library *library = [] {
    auto *result = new Library;
    result->context.loadDialect<func::FuncDialect, TorchDialect>();
    result->module =
        parseSourceString<ModuleOp>(kLibraryText, &result->context);
    if (result->module)
      result->table = (*result->module)
                          ->getAttrOfType<DictionaryAttr>(kShapeFunctionsAttr);
    return result;
  }();
  return *library;
}

func::FuncOp Torch::lookupShapeFunction(StringRef name) {
  const Library &library = getLibrary();
  if (!library.table)
    return nullptr;
  auto symbol = library.table.getAs<FlatSymbolRefAttr>(name);
  if (!symbol)
    return nullptr;
  return library.module.get().lookupSymbol<func::FuncOp>(symbol.getAttr());
}

std::string Torch::getTorchOperatorName(Operation *op) {
  if (auto named = dyn_cast<OperatorOp>(op))
    return named.getName().str();
  StringRef name = op->getName().getStringRef();
  if (!name.consume_front("torch."))
    return "";
  auto [ns, rest] = name.split('.');
  if ((ns != "aten" && ns != "prim") || rest.empty())
    return "";
  return (ns + "::" + rest).str();
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

namespace {
/// A value of the interpreter.
struct SValue {
  enum class Kind { Unknown, None, Int, Float, Bool, Str, List, Tuple };
  Kind kind = Kind::Unknown;
  /// Int: the value, or an unknown size with its symbol.
  DimInfo dim;
  /// Int of unknown value: a tensor dim, so at least 0.
  bool isSize = false;
  /// Int with a symbol: the value is the symbol's plus this.
  int64_t offset = 0;
  double number = 0;
  bool flag = false;
  std::string text;
  /// List (shared, as lists alias in TorchScript) and Tuple elements.
  std::shared_ptr<std::vector<SValue>> elements;

  static SValue none() { return withKind(Kind::None); }
  static SValue integer(int64_t value) {
    SValue result = withKind(Kind::Int);
    result.dim = DimInfo::known(value);
    return result;
  }
  static SValue size(DimInfo dim) {
    SValue result = withKind(Kind::Int);
    result.dim = dim;
    result.isSize = true;
    return result;
  }
  static SValue unknownInt() { return withKind(Kind::Int); }
  /// The result of checked arithmetic: unknown when it overflowed.
  static SValue checked(std::optional<int64_t> value) {
    if (!value || *value == kUnknownSize)
      return unknownInt();
    return integer(*value);
  }
  static SValue real(double value) {
    SValue result = withKind(Kind::Float);
    result.number = value;
    return result;
  }
  static SValue boolean(bool value) {
    SValue result = withKind(Kind::Bool);
    result.flag = value;
    return result;
  }
  static SValue list(ArrayRef<SValue> elements, Kind kind = Kind::List);
  static SValue withKind(Kind kind) {
    SValue result;
    result.kind = kind;
    return result;
  }

  bool isKnownInt() const { return kind == Kind::Int && dim.isKnown(); }
  int64_t getInt() const { return dim.size; }
};

SValue SValue::list(ArrayRef<SValue> elements, Kind kind) {
  SValue result = withKind(kind);
  result.elements =
      std::make_shared<std::vector<SValue>>(elements.begin(), elements.end());
  return result;
}

using Kind = SValue::Kind;

/// The range an int lies in.
struct Bounds {
  int64_t low, high;
};
} // namespace

static constexpr int64_t kSizeLimit = int64_t(1) << 62;

static Bounds getBounds(const SValue &value) {
  if (value.isKnownInt())
    return {value.getInt(), value.getInt()};
  if (value.dim.symbol)
    return {value.offset,
            llvm::checkedAdd(kSizeLimit, value.offset).value_or(INT64_MAX)};
  if (value.isSize)
    return {0, kSizeLimit};
  return {INT64_MIN, INT64_MAX};
}

/// True when `a` and `b` are the same symbol plus offsets.
static bool sameSymbol(const SValue &a, const SValue &b) {
  return a.dim.symbol && a.dim.symbol == b.dim.symbol;
}

/// `a == b` where it can be decided.
static std::optional<bool> intsEqual(const SValue &a, const SValue &b) {
  if (a.isKnownInt() && b.isKnownInt())
    return a.getInt() == b.getInt();
  if (sameSymbol(a, b))
    return a.offset == b.offset;
  Bounds x = getBounds(a), y = getBounds(b);
  if (x.high < y.low || y.high < x.low)
    return false;
  return std::nullopt;
}

/// `a < b` where it can be decided.
static std::optional<bool> intLess(const SValue &a, const SValue &b) {
  if (sameSymbol(a, b))
    return a.offset < b.offset;
  Bounds x = getBounds(a), y = getBounds(b);
  if (x.high < y.low)
    return true;
  if (x.low >= y.high)
    return false;
  return std::nullopt;
}

/// Whether `a` and `b` are equal, for ints, floats, bools, strings, None
/// and lists of those.
static std::optional<bool> valuesEqual(const SValue &a, const SValue &b) {
  if (a.kind == Kind::Unknown || b.kind == Kind::Unknown)
    return std::nullopt;
  if (a.kind == Kind::Int && b.kind == Kind::Int)
    return intsEqual(a, b);
  if (a.kind == Kind::Float || b.kind == Kind::Float) {
    if (a.kind == Kind::Int && !a.isKnownInt())
      return std::nullopt;
    if (b.kind == Kind::Int && !b.isKnownInt())
      return std::nullopt;
    double x = a.kind == Kind::Int ? double(a.getInt()) : a.number;
    double y = b.kind == Kind::Int ? double(b.getInt()) : b.number;
    return x == y;
  }
  if (a.kind != b.kind)
    return false;
  switch (a.kind) {
  case Kind::None:
    return true;
  case Kind::Bool:
    return a.flag == b.flag;
  case Kind::Str:
    return a.text == b.text;
  case Kind::List:
  case Kind::Tuple: {
    if (a.elements->size() != b.elements->size())
      return false;
    bool allEqual = true;
    for (auto [x, y] : llvm::zip(*a.elements, *b.elements)) {
      std::optional<bool> equal = valuesEqual(x, y);
      if (equal && !*equal)
        return false;
      allEqual &= equal.has_value();
    }
    if (allEqual)
      return true;
    return std::nullopt;
  }
  default:
    return std::nullopt;
  }
}

/// The int arithmetic of TorchScript, keeping what can be kept of unknown
/// operands.
static SValue intArithmetic(StringRef op, const SValue &a, const SValue &b) {
  if (a.isKnownInt() && b.isKnownInt()) {
    int64_t x = a.getInt(), y = b.getInt();
    if (op == "add")
      return SValue::checked(llvm::checkedAdd(x, y));
    if (op == "sub")
      return SValue::checked(llvm::checkedSub(x, y));
    if (op == "mul")
      return SValue::checked(llvm::checkedMul(x, y));
    if (y == 0 || (x == INT64_MIN && y == -1))
      return SValue::unknownInt();
    // Python's floor division and modulo.
    int64_t quotient = x / y, remainder = x % y;
    if (remainder != 0 && ((remainder < 0) != (y < 0))) {
      --quotient;
      remainder += y;
    }
    if (op == "floordiv")
      return SValue::integer(quotient);
    if (op == "remainder")
      return SValue::integer(remainder);
    return SValue::unknownInt();
  }
  bool sizes = a.isSize && b.isSize;
  auto isConstant = [](const SValue &value, int64_t constant) {
    return value.isKnownInt() && value.getInt() == constant;
  };
  // A symbol plus or minus a constant stays one.
  auto shifted = [](const SValue &value, int64_t by) {
    std::optional<int64_t> offset = llvm::checkedAdd(value.offset, by);
    if (!offset)
      return SValue::unknownInt();
    SValue result = value;
    result.offset = *offset;
    result.isSize = value.isSize && result.offset >= 0;
    return result;
  };
  if (op == "add") {
    if (a.dim.symbol && b.isKnownInt())
      return shifted(a, b.getInt());
    if (b.dim.symbol && a.isKnownInt())
      return shifted(b, a.getInt());
    if (isConstant(b, 0))
      return a;
    if (isConstant(a, 0))
      return b;
  } else if (op == "sub") {
    if (a.dim.symbol && b.isKnownInt() && b.getInt() != INT64_MIN)
      return shifted(a, -b.getInt());
    if (sameSymbol(a, b))
      return SValue::checked(llvm::checkedSub(a.offset, b.offset));
    if (isConstant(b, 0))
      return a;
    sizes = false;
  } else if (op == "mul") {
    if (isConstant(b, 1))
      return a;
    if (isConstant(a, 1))
      return b;
    if (isConstant(a, 0) || isConstant(b, 0))
      return SValue::integer(0);
  } else if (op == "floordiv") {
    if (isConstant(b, 1))
      return a;
    sizes = a.isSize && getBounds(b).low > 0;
  } else {
    sizes = false;
  }
  SValue result = SValue::unknownInt();
  result.isSize = sizes;
  return result;
}

//===----------------------------------------------------------------------===//
// The interpreter
//===----------------------------------------------------------------------===//

namespace {
class Interpreter {
public:
  /// Runs `func` on `args`. Returns its results, or none when they depend
  /// on something unknown or the function raises.
  std::optional<SmallVector<SValue>> run(func::FuncOp func,
                                         ArrayRef<SValue> args);

  /// The message of the exception the function raised, if it surely did.
  const std::optional<std::string> &getRaised() const { return raised; }

private:
  enum class Flow { Next, Raise, Fail };

  /// Runs the ops of `block` up to its terminator, which it leaves to the
  /// caller.
  Flow runBlock(Block &block);
  Flow runOp(Operation *op);
  Flow runIf(PrimIfOp op);
  Flow runLoop(PrimLoopOp op);
  Flow runNamedOp(StringRef name, Operation *op);

  /// What is known of `value`, unknown when nothing set it. A reference it
  /// returns is valid until the next set(), which may move the values.
  const SValue &get(Value value) const {
    static const SValue unknown;
    auto it = values.find(value);
    return it == values.end() ? unknown : it->second;
  }
  void set(Value value, SValue result) { values[value] = std::move(result); }
  std::optional<bool> getBool(Value value) const {
    const SValue &result = get(value);
    if (result.kind != Kind::Bool)
      return std::nullopt;
    return result.flag;
  }

  DenseMap<Value, SValue> values;
  /// What an unknown bool, made by `==` or `!=` of an unknown int and a
  /// constant, says on the path where it holds: the int is the constant.
  struct Fact {
    SValue subject;
    int64_t constant;
    bool whenTrue;
  };
  DenseMap<Value, Fact> facts;
  std::optional<std::string> raised;
  /// Ops run so far; a run that takes more steps than any shape function
  /// needs is stopped.
  int64_t steps = 0;
  static constexpr int64_t kMaxSteps = 1 << 16;
};
} // namespace

std::optional<SmallVector<SValue>> Interpreter::run(func::FuncOp func,
                                                    ArrayRef<SValue> args) {
  Block &entry = func.getBody().front();
  if (entry.getNumArguments() != args.size())
    return std::nullopt;
  for (auto [arg, value] : llvm::zip(entry.getArguments(), args))
    set(arg, value);
  Flow flow = runBlock(entry);
  if (flow == Flow::Fail)
    raised.reset();
  if (flow != Flow::Next)
    return std::nullopt;
  SmallVector<SValue> results;
  for (Value result : entry.getTerminator()->getOperands())
    results.push_back(get(result));
  return results;
}

Interpreter::Flow Interpreter::runBlock(Block &block) {
  for (Operation &op : block.without_terminator()) {
    if (++steps > kMaxSteps)
      return Flow::Fail;
    Flow flow = runOp(&op);
    if (flow != Flow::Next)
      return flow;
  }
  return Flow::Next;
}

/// True when running `block` always raises: it raises outside any nested
/// region.
static bool alwaysRaises(Block &block) {
  return llvm::any_of(block, [](Operation &op) {
    return isa<PrimRaiseExceptionOp>(op);
  });
}

/// True when `block` writes to a list, which a branch that may not run must
/// not do.
static bool writesLists(Block &block) {
  WalkResult result = block.walk([](Operation *op) {
    std::string name = getTorchOperatorName(op);
    StringRef base = StringRef(name).split('.').first;
    if (base.ends_with("::append") || base.ends_with("::_set_item") ||
        base.ends_with("::insert") || base.ends_with("::extend"))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// What holds of a value that is `a` on one path and `b` on the other.
static SValue joinValues(const SValue &a, const SValue &b) {
  if (valuesEqual(a, b) == true)
    return a;
  if (a.kind == Kind::Int && b.kind == Kind::Int) {
    SValue result = SValue::unknownInt();
    result.isSize = (a.isSize || (a.isKnownInt() && a.getInt() >= 0)) &&
                    (b.isSize || (b.isKnownInt() && b.getInt() >= 0));
    return result;
  }
  return SValue();
}

Interpreter::Flow Interpreter::runIf(PrimIfOp op) {
  std::optional<bool> condition = getBool(op.getCondition());
  Block &thenBlock = op.getThenRegion().front();
  Block &elseBlock = op.getElseRegion().front();
  if (!condition) {
    // A check whose outcome is unknown: assume that it passes, as a guard.
    bool thenRaises = alwaysRaises(thenBlock);
    bool elseRaises = alwaysRaises(elseBlock);
    if (thenRaises != elseRaises) {
      condition = elseRaises;
    } else if (!thenRaises && !writesLists(thenBlock) &&
               !writesLists(elseBlock)) {
      // Both paths, when neither has side effects: what both yield.
      Flow flow = runBlock(thenBlock);
      if (flow == Flow::Next)
        flow = runBlock(elseBlock);
      if (flow != Flow::Next)
        return Flow::Fail;
      auto fact = facts.find(op.getCondition());
      for (auto [result, thenValue, elseValue] :
           llvm::zip(op.getResults(), thenBlock.getTerminator()->getOperands(),
                     elseBlock.getTerminator()->getOperands())) {
        SValue a = get(thenValue), b = get(elseValue);
        // `b if a == 1 else a` is `a` on both paths.
        if (fact != facts.end()) {
          SValue &onPath = fact->second.whenTrue ? a : b;
          if (onPath.isKnownInt() && onPath.getInt() == fact->second.constant)
            onPath = fact->second.subject;
        }
        set(result, joinValues(a, b));
      }
      return Flow::Next;
    } else {
      return Flow::Fail;
    }
  }
  Block &taken = *condition ? thenBlock : elseBlock;
  Flow flow = runBlock(taken);
  if (flow != Flow::Next)
    return flow;
  for (auto [result, yielded] :
       llvm::zip(op.getResults(), taken.getTerminator()->getOperands()))
    set(result, get(yielded));
  return Flow::Next;
}

Interpreter::Flow Interpreter::runLoop(PrimLoopOp op) {
  // Read before the body runs: set() may move what get() refers to.
  const SValue &tripCount = get(op.getMaxTripCount());
  std::optional<bool> condition = getBool(op.getInitialCondition());
  if (!tripCount.isKnownInt() || !condition)
    return Flow::Fail;
  int64_t maxTrips = tripCount.getInt();
  Block &body = op.getRegion().front();
  SmallVector<SValue> carried;
  for (Value init : op.getIterArgsInit())
    carried.push_back(get(init));
  for (int64_t trip = 0; *condition && trip < maxTrips; ++trip) {
    if (++steps > kMaxSteps)
      return Flow::Fail;
    set(body.getArgument(0), SValue::integer(trip));
    for (auto [arg, value] : llvm::zip(body.getArguments().drop_front(),
                                       carried))
      set(arg, value);
    Flow flow = runBlock(body);
    if (flow != Flow::Next)
      return flow;
    auto next = cast<PrimLoopConditionOp>(body.getTerminator());
    condition = getBool(next.getShouldContinue());
    if (!condition)
      return Flow::Fail;
    for (auto [value, yielded] : llvm::zip(carried, next.getIterArgs()))
      value = get(yielded);
  }
  for (auto [result, value] : llvm::zip(op.getResults(), carried))
    set(result, value);
  return Flow::Next;
}

Interpreter::Flow Interpreter::runOp(Operation *op) {
  if (auto ifOp = dyn_cast<PrimIfOp>(op))
    return runIf(ifOp);
  if (auto loop = dyn_cast<PrimLoopOp>(op))
    return runLoop(loop);
  if (auto raise = dyn_cast<PrimRaiseExceptionOp>(op)) {
    const SValue &message = get(raise.getMsg());
    raised = message.kind == Kind::Str ? message.text : "an error";
    return Flow::Raise;
  }
  if (auto constant = dyn_cast<ConstantIntOp>(op)) {
    set(constant.getResult(),
        SValue::integer(constant.getValueAttr().getInt()));
    return Flow::Next;
  }
  if (auto constant = dyn_cast<ConstantFloatOp>(op)) {
    set(constant.getResult(),
        SValue::real(constant.getValue().convertToDouble()));
    return Flow::Next;
  }
  if (auto constant = dyn_cast<ConstantBoolOp>(op)) {
    set(constant.getResult(), SValue::boolean(constant.getValue()));
    return Flow::Next;
  }
  if (auto constant = dyn_cast<ConstantStrOp>(op)) {
    SValue text = SValue::withKind(Kind::Str);
    text.text = constant.getValue().str();
    set(constant.getResult(), text);
    return Flow::Next;
  }
  if (auto none = dyn_cast<ConstantNoneOp>(op)) {
    set(none.getResult(), SValue::none());
    return Flow::Next;
  }
  if (auto uninitialized = dyn_cast<PrimUninitializedOp>(op)) {
    set(uninitialized.getResult(), SValue());
    return Flow::Next;
  }
  if (auto list = dyn_cast<PrimListConstructOp>(op)) {
    SmallVector<SValue> elements;
    for (Value element : list.getElements())
      elements.push_back(get(element));
    set(list.getResult(), SValue::list(std::move(elements)));
    return Flow::Next;
  }
  if (auto tuple = dyn_cast<PrimTupleConstructOp>(op)) {
    SmallVector<SValue> elements;
    for (Value element : tuple.getElements())
      elements.push_back(get(element));
    set(tuple.getResult(), SValue::list(std::move(elements), Kind::Tuple));
    return Flow::Next;
  }
  std::string name = getTorchOperatorName(op);
  if (name.empty())
    return Flow::Fail;
  return runNamedOp(name, op);
}

/// `value` as Python prints it, with `?` for what is unknown.
static std::string formatValue(const SValue &value) {
  switch (value.kind) {
  case Kind::Int:
    return value.isKnownInt() ? std::to_string(value.getInt()) : "?";
  case Kind::Float:
    return std::to_string(value.number);
  case Kind::Bool:
    return value.flag ? "True" : "False";
  case Kind::Str:
    return value.text;
  case Kind::None:
    return "None";
  case Kind::List:
  case Kind::Tuple: {
    std::string text = value.kind == Kind::List ? "[" : "(";
    for (auto [i, element] : llvm::enumerate(*value.elements))
      text += (i ? ", " : "") + formatValue(element);
    return text + (value.kind == Kind::List ? "]" : ")");
  }
  default:
    return "?";
  }
}

/// `index` of a sequence of `length`, wrapped as Python wraps negative
/// indices; none when out of range.
static std::optional<int64_t> wrapIndex(const SValue &index, size_t length) {
  if (!index.isKnownInt())
    return std::nullopt;
  int64_t i = index.getInt();
  if (i < 0)
    i += int64_t(length);
  if (i < 0 || i >= int64_t(length))
    return std::nullopt;
  return i;
}

Interpreter::Flow Interpreter::runNamedOp(StringRef name, Operation *op) {
  auto [qualified, overload] = StringRef(name).split('.');
  StringRef base = qualified.drop_front(qualified.find("::") + 2);
  auto operand = [&](unsigned i) -> const SValue & {
    return get(op->getOperand(i));
  };
  auto setResult = [&](SValue value) {
    set(op->getResult(0), std::move(value));
    return Flow::Next;
  };
  unsigned numOperands = op->getNumOperands();

  // Int and float arithmetic.
  if (numOperands == 2 &&
      llvm::is_contained({"add", "sub", "mul", "floordiv", "remainder"},
                         base)) {
    const SValue &a = operand(0), &b = operand(1);
    if (a.kind == Kind::Int && b.kind == Kind::Int)
      return setResult(intArithmetic(base, a, b));
    if (base == "add" && a.kind == Kind::Str && b.kind == Kind::Str) {
      SValue text = a;
      text.text += b.text;
      return setResult(text);
    }
    if (base == "add" && a.kind == Kind::List && b.kind == Kind::List) {
      SmallVector<SValue> joined(a.elements->begin(), a.elements->end());
      joined.append(b.elements->begin(), b.elements->end());
      return setResult(SValue::list(std::move(joined)));
    }
    bool numbers = (a.kind == Kind::Float || a.isKnownInt()) &&
                   (b.kind == Kind::Float || b.isKnownInt());
    if (!numbers || base == "floordiv" || base == "remainder")
      return Flow::Fail;
    double x = a.kind == Kind::Float ? a.number : double(a.getInt());
    double y = b.kind == Kind::Float ? b.number : double(b.getInt());
    return setResult(SValue::real(base == "add"   ? x + y
                                  : base == "sub" ? x - y
                                                  : x * y));
  }
  if (base == "div" && numOperands == 2) {
    const SValue &a = operand(0), &b = operand(1);
    bool numbers = (a.kind == Kind::Float || a.isKnownInt()) &&
                   (b.kind == Kind::Float || b.isKnownInt());
    if (!numbers)
      return Flow::Fail;
    double x = a.kind == Kind::Float ? a.number : double(a.getInt());
    double y = b.kind == Kind::Float ? b.number : double(b.getInt());
    return setResult(SValue::real(x / y));
  }
  if (base == "neg" && numOperands == 1) {
    const SValue &a = operand(0);
    if (a.isKnownInt())
      return setResult(
          SValue::checked(llvm::checkedMul<int64_t>(a.getInt(), -1)));
    if (a.kind == Kind::Float)
      return setResult(SValue::real(-a.number));
    return setResult(SValue::unknownInt());
  }
  if ((base == "ceil" || base == "floor" || base == "Int") &&
      numOperands == 1) {
    const SValue &a = operand(0);
    if (a.kind == Kind::Int)
      return setResult(a);
    if (a.kind != Kind::Float)
      return Flow::Fail;
    double rounded = base == "ceil"    ? std::ceil(a.number)
                     : base == "floor" ? std::floor(a.number)
                                       : std::trunc(a.number);
    // 2^63, the first double that no int64_t holds.
    constexpr double kLimit = 9223372036854775808.0;
    if (!(rounded >= -kLimit && rounded < kLimit))
      return setResult(SValue::unknownInt());
    return setResult(SValue::checked(int64_t(rounded)));
  }
  if ((base == "max" || base == "min") && numOperands == 1 &&
      operand(0).kind == Kind::List && !operand(0).elements->empty()) {
    // The extreme element of a list, when the order is known.
    SValue best = operand(0).elements->front();
    for (const SValue &element : *operand(0).elements) {
      if (best.kind != Kind::Int || element.kind != Kind::Int)
        return Flow::Fail;
      std::optional<bool> less = intLess(element, best);
      if (!less)
        return setResult(SValue::unknownInt());
      if (*less == (base == "min"))
        best = element;
    }
    return setResult(best);
  }
  if ((base == "max" || base == "min") && numOperands == 2) {
    const SValue &a = operand(0), &b = operand(1);
    if (a.kind != Kind::Int || b.kind != Kind::Int)
      return Flow::Fail;
    std::optional<bool> less = intLess(a, b);
    if (!less) {
      if (intsEqual(a, b) == true)
        return setResult(a);
      return setResult(SValue::unknownInt());
    }
    return setResult((*less) == (base == "min") ? a : b);
  }

  // Comparisons.
  if (numOperands == 2 &&
      llvm::is_contained({"eq", "ne", "lt", "le", "gt", "ge"}, base)) {
    const SValue &a = operand(0), &b = operand(1);
    std::optional<bool> result;
    if (base == "eq" || base == "ne") {
      result = valuesEqual(a, b);
      if (result && base == "ne")
        result = !*result;
      if (!result && a.kind == Kind::Int && b.kind == Kind::Int &&
          (a.isKnownInt() || b.isKnownInt())) {
        const SValue &subject = a.isKnownInt() ? b : a;
        int64_t constant = a.isKnownInt() ? a.getInt() : b.getInt();
        facts[op->getResult(0)] = {subject, constant, base == "eq"};
      }
    } else if (a.kind == Kind::Int && b.kind == Kind::Int) {
      // a > b is b < a; a >= b is not a < b; a <= b is not b < a.
      bool swap = base == "gt" || base == "le";
      result = swap ? intLess(b, a) : intLess(a, b);
      if (result && (base == "ge" || base == "le"))
        result = !*result;
    } else if ((a.kind == Kind::Float || a.isKnownInt()) &&
               (b.kind == Kind::Float || b.isKnownInt())) {
      double x = a.kind == Kind::Float ? a.number : double(a.getInt());
      double y = b.kind == Kind::Float ? b.number : double(b.getInt());
      result = base == "lt"   ? x < y
               : base == "le" ? x <= y
               : base == "gt" ? x > y
                              : x >= y;
    }
    if (!result)
      return setResult(SValue());
    return setResult(SValue::boolean(*result));
  }
  if ((base == "__is__" || base == "__isnot__") && numOperands == 2) {
    const SValue &a = operand(0), &b = operand(1);
    if (a.kind == Kind::Unknown || b.kind == Kind::Unknown)
      return setResult(SValue());
    bool same = (a.kind == Kind::None) == (b.kind == Kind::None);
    if (a.kind != Kind::None && b.kind != Kind::None)
      return setResult(SValue());
    return setResult(SValue::boolean(same == (base == "__is__")));
  }
  if (base == "__not__" && numOperands == 1) {
    std::optional<bool> value = getBool(op->getOperand(0));
    return setResult(value ? SValue::boolean(!*value) : SValue());
  }
  if ((base == "__and__" || base == "__or__") && numOperands == 2) {
    std::optional<bool> a = getBool(op->getOperand(0));
    std::optional<bool> b = getBool(op->getOperand(1));
    bool isAnd = base == "__and__";
    if ((a && *a != isAnd) || (b && *b != isAnd))
      return setResult(SValue::boolean(!isAnd));
    if (a && b)
      return setResult(SValue::boolean(isAnd));
    return setResult(SValue());
  }

  // Lists.
  if (base == "len" && numOperands == 1) {
    const SValue &list = operand(0);
    if (list.kind != Kind::List && list.kind != Kind::Tuple)
      return Flow::Fail;
    return setResult(SValue::integer(list.elements->size()));
  }
  if (base == "__getitem__" && numOperands == 2) {
    const SValue &list = operand(0);
    if (list.kind != Kind::List && list.kind != Kind::Tuple)
      return Flow::Fail;
    if (!operand(1).isKnownInt())
      return Flow::Fail;
    std::optional<int64_t> index =
        wrapIndex(operand(1), list.elements->size());
    if (!index) {
      raised = "list index out of range";
      return Flow::Raise;
    }
    return setResult((*list.elements)[*index]);
  }
  if (base == "append" && numOperands == 2) {
    const SValue &list = operand(0);
    if (list.kind != Kind::List)
      return Flow::Fail;
    list.elements->push_back(operand(1));
    return op->getNumResults() ? setResult(list) : Flow::Next;
  }
  if (base == "_set_item" && numOperands == 3) {
    const SValue &list = operand(0);
    if (list.kind != Kind::List)
      return Flow::Fail;
    std::optional<int64_t> index =
        wrapIndex(operand(1), list.elements->size());
    if (!index)
      return Flow::Fail;
    (*list.elements)[*index] = operand(2);
    return op->getNumResults() ? setResult(list) : Flow::Next;
  }
  if (base == "insert" && numOperands == 3) {
    const SValue &list = operand(0);
    if (list.kind != Kind::List || !operand(1).isKnownInt())
      return Flow::Fail;
    int64_t length = list.elements->size();
    int64_t index = operand(1).getInt();
    if (index < 0)
      index = std::max<int64_t>(0, index + length);
    index = std::min(index, length);
    list.elements->insert(list.elements->begin() + index, operand(2));
    return Flow::Next;
  }
  if ((base == "list" || base == "copy") && numOperands == 1 &&
      operand(0).kind == Kind::List)
    return setResult(SValue::list(*operand(0).elements));
  if (base == "slice" && numOperands == 4 && operand(0).kind == Kind::List) {
    const SValue &list = operand(0);
    int64_t length = list.elements->size();
    auto bound = [&](const SValue &value, int64_t fallback) {
      if (value.kind == Kind::None)
        return std::optional<int64_t>(fallback);
      if (!value.isKnownInt())
        return std::optional<int64_t>();
      int64_t i = value.getInt();
      if (i < 0)
        i += length;
      return std::optional<int64_t>(std::clamp<int64_t>(i, 0, length));
    };
    std::optional<int64_t> start = bound(operand(1), 0);
    std::optional<int64_t> end = bound(operand(2), length);
    if (!start || !end || !operand(3).isKnownInt() ||
        operand(3).getInt() != 1)
      return Flow::Fail;
    SmallVector<SValue> elements;
    for (int64_t i = *start; i < *end; ++i)
      elements.push_back((*list.elements)[i]);
    return setResult(SValue::list(std::move(elements)));
  }
  if (base == "__contains__" && numOperands == 2 &&
      operand(0).kind == Kind::List) {
    bool unknown = false;
    for (const SValue &element : *operand(0).elements) {
      std::optional<bool> equal = valuesEqual(element, operand(1));
      if (equal == true)
        return setResult(SValue::boolean(true));
      unknown |= !equal.has_value();
    }
    return setResult(unknown ? SValue() : SValue::boolean(false));
  }
  if (base == "__range_length" && numOperands == 3) {
    const SValue &lo = operand(0), &hi = operand(1), &step = operand(2);
    if (!lo.isKnownInt() || !hi.isKnownInt() || !step.isKnownInt() ||
        step.getInt() == 0)
      return Flow::Fail;
    int64_t s = step.getInt(), a = lo.getInt(), b = hi.getInt();
    if (s == INT64_MIN)
      return Flow::Fail;
    // ceil((b - a) / s) when positive, with the signs of Python's range.
    std::optional<int64_t> span =
        s > 0 ? llvm::checkedSub(b, a) : llvm::checkedSub(a, b);
    if (!span)
      return Flow::Fail;
    int64_t magnitude = s > 0 ? s : -s;
    int64_t length = *span <= 0 ? 0 : *span / magnitude +
                                          (*span % magnitude != 0 ? 1 : 0);
    return setResult(SValue::integer(length));
  }
  if (base == "__derive_index" && numOperands == 3) {
    const SValue &index = operand(0), &start = operand(1), &step = operand(2);
    if (!index.isKnownInt() || !start.isKnownInt() || !step.isKnownInt())
      return Flow::Fail;
    std::optional<int64_t> offset =
        llvm::checkedMul(index.getInt(), step.getInt());
    return setResult(SValue::checked(
        offset ? llvm::checkedAdd(start.getInt(), *offset) : std::nullopt));
  }
  if (name == "prim::TupleIndex" && numOperands == 2) {
    const SValue &tuple = operand(0);
    if (tuple.kind != Kind::Tuple)
      return Flow::Fail;
    std::optional<int64_t> index =
        wrapIndex(operand(1), tuple.elements->size());
    if (!index)
      return Flow::Fail;
    return setResult((*tuple.elements)[*index]);
  }
  if (name == "prim::unchecked_cast" && numOperands == 1)
    return setResult(operand(0));
  if (base == "format" && numOperands >= 1 && operand(0).kind == Kind::Str) {
    // Python's str.format with `{}` fields, for error messages.
    SValue text = SValue::withKind(Kind::Str);
    StringRef rest = operand(0).text;
    unsigned next = 1;
    while (!rest.empty()) {
      size_t field = rest.find("{}");
      text.text += rest.take_front(field).str();
      if (field == StringRef::npos)
        break;
      text.text += next < numOperands ? formatValue(operand(next++)) : "{}";
      rest = rest.drop_front(field + 2);
    }
    return setResult(text);
  }
  return Flow::Fail;
}

//===----------------------------------------------------------------------===//
// The rule
//===----------------------------------------------------------------------===//

/// The dims of a tensor as a shape function takes them.
static SValue tensorToValue(const TensorInfo &tensor) {
  if (!tensor.hasRank())
    return SValue();
  SmallVector<SValue> dims;
  for (const DimInfo &dim : *tensor.dims)
    dims.push_back(dim.isKnown() ? SValue::integer(dim.size)
                                 : SValue::size(dim));
  return SValue::list(std::move(dims));
}

/// An int operand: a constant, or a size the refiner knows.
static SValue intToValue(DimInfo dim) {
  if (dim.isKnown())
    return SValue::integer(dim.size);
  // A size read from a tensor carries its dim's symbol.
  return dim.symbol ? SValue::size(dim) : SValue::unknownInt();
}

/// What the refiner knows of `operand`, as the argument of a shape function.
static SValue operandToValue(Value operand, const ShapeRefiner &refiner) {
  Type type = operand.getType();
  if (isa<Torch::NoneType>(type))
    return SValue::none();
  if (isa<BaseTensorType>(type))
    return tensorToValue(refiner.getTensor(operand));
  if (auto optional = dyn_cast<OptionalType>(type)) {
    if (operand.getDefiningOp<ConstantNoneOp>())
      return SValue::none();
    if (isa<BaseTensorType>(optional.getContainedType()))
      return tensorToValue(refiner.getTensor(operand));
    return SValue();
  }
  if (isa<IntType>(type))
    return intToValue(refiner.getInt(operand));
  if (std::optional<bool> flag = matchConstantBool(operand))
    return SValue::boolean(*flag);
  if (std::optional<double> number = matchConstantFloat(operand))
    return SValue::real(*number);
  if (auto list = dyn_cast<ListType>(type)) {
    Type element = list.getContainedType();
    if (isa<IntType>(element)) {
      std::optional<SmallVector<DimInfo>> ints = refiner.getIntList(operand);
      if (!ints)
        return SValue();
      SmallVector<SValue> elements;
      for (const DimInfo &dim : *ints)
        elements.push_back(intToValue(dim));
      return SValue::list(std::move(elements));
    }
    if (isa<BaseTensorType>(element)) {
      std::optional<SmallVector<TensorInfo>> tensors =
          refiner.getTensorList(operand);
      if (!tensors)
        return SValue();
      SmallVector<SValue> elements;
      for (const TensorInfo &tensor : *tensors)
        elements.push_back(tensorToValue(tensor));
      return SValue::list(std::move(elements));
    }
    if (auto construct = operand.getDefiningOp<PrimListConstructOp>()) {
      SmallVector<SValue> elements;
      for (Value element : construct.getElements()) {
        std::optional<double> number = matchConstantFloat(element);
        if (!number)
          return SValue();
        elements.push_back(SValue::real(*number));
      }
      return SValue::list(std::move(elements));
    }
  }
  return SValue();
}

/// The dims a shape function returned for one tensor.
static std::optional<SmallVector<DimInfo>> valueToDims(const SValue &value) {
  if (value.kind != Kind::List)
    return std::nullopt;
  SmallVector<DimInfo> dims;
  for (const SValue &element : *value.elements) {
    if (element.kind != Kind::Int)
      return std::nullopt;
    dims.push_back(element.offset == 0 ? element.dim : DimInfo::unknown());
  }
  return dims;
}

ShapeFunctionResult Torch::runShapeFunction(Operation *op,
                                            const ShapeRefiner &refiner) {
  std::string name = getTorchOperatorName(op);
  if (name.empty())
    return {};
  func::FuncOp function = lookupShapeFunction(name);
  if (!function)
    return {};
  // Trailing arguments that do not affect the shape may be left off.
  unsigned numArgs = function.getNumArguments();
  if (numArgs > op->getNumOperands())
    return {};
  SmallVector<SValue> args;
  for (Value operand : op->getOperands().take_front(numArgs))
    args.push_back(operandToValue(operand, refiner));
  Interpreter interpreter;
  std::optional<SmallVector<SValue>> results = interpreter.run(function, args);
  if (!results)
    return {std::nullopt, interpreter.getRaised()};
  // One list of sizes per tensor result, or a tuple of them.
  SmallVector<SValue> shapes = std::move(*results);
  if (shapes.size() == 1 && shapes[0].kind == Kind::Tuple) {
    SValue tuple = shapes[0];
    shapes.assign(tuple.elements->begin(), tuple.elements->end());
  }
  SmallVector<OptionalDims> dims;
  for (const SValue &shape : shapes)
    dims.push_back(valueToDims(shape));
  return {std::move(dims), std::nullopt};
}
