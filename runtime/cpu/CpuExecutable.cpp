//===- CpuExecutable.cpp - A loaded CPU artifact, ready to run ------------===//
#include "runtime/cpu/CpuExecutable.h"

#include "runtime/HostCpu.h"
#include "runtime/ManifestVerifier.h"
#include "runtime/Runtime.h"
#include "runtime/cpu/SupportSymbols.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Triple.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <mutex>

#ifdef RLX_HAVE_OPENBLAS
// OpenBLAS's C interface, declared here rather than through <cblas.h>, whose
// enum parameters differ between CBLAS headers; only the address is taken.
extern "C" void cblas_sgemm(int order, int transA, int transB, int m, int n,
                            int k, float alpha, const float *a, int lda,
                            const float *b, int ldb, float beta, float *c,
                            int ldc);
extern "C" void openblas_set_num_threads(int threads);
extern "C" int openblas_get_num_threads(void);
#endif

namespace rlx::runtime {

bool hasNativeMatmul() {
#ifdef RLX_HAVE_OPENBLAS
  return true;
#else
  return false;
#endif
}

namespace {

Status incompatible(std::string message) {
  return Status(StatusCode::incompatible, std::move(message));
}

/// Vendors differ between equivalent triples ("pc" vs "unknown"); everything
/// that changes the code's meaning must match.
Status checkTriple(const std::string &artifactTriple) {
  std::string hostTriple = host::processTriple();
  if (artifactTriple.empty())
    return incompatible("artifact names no target triple; the host is '" +
                        hostTriple + "'");
  llvm::Triple want(llvm::Triple::normalize(artifactTriple));
  llvm::Triple have(hostTriple);
  auto mismatch = [&](const char *what, llvm::StringRef wantName,
                      llvm::StringRef hostName) {
    return incompatible("artifact was compiled for " + std::string(what) +
                        " '" + wantName.str() + "' ('" + artifactTriple +
                        "') but the host's is '" + hostName.str() + "' ('" +
                        hostTriple + "')");
  };
  if (want.getArch() != have.getArch() ||
      want.getSubArch() != have.getSubArch())
    return mismatch("architecture", want.getArchName(), have.getArchName());
  if (want.getOS() != have.getOS())
    return mismatch("OS", want.getOSName(), have.getOSName());
  // An artifact that leaves the environment open (e.g. "x86_64-linux")
  // accepts the host's; a named one (gnu vs musl) must match.
  if (want.getEnvironment() != llvm::Triple::UnknownEnvironment &&
      want.getEnvironment() != have.getEnvironment())
    return mismatch("environment", want.getEnvironmentName(),
                    have.getEnvironmentName());
  if (want.getObjectFormat() != have.getObjectFormat())
    return mismatch(
        "object format",
        llvm::Triple::getObjectFormatTypeName(want.getObjectFormat()),
        llvm::Triple::getObjectFormatTypeName(have.getObjectFormat()));
  return Status::ok();
}

/// Every "+feature" must be on in the host; "-feature" asks for nothing.
Status checkCpuFeatures(const std::string &features) {
  llvm::SmallVector<llvm::StringRef> entries;
  llvm::StringRef(features).split(entries, ',', /*MaxSplit=*/-1,
                                  /*KeepEmpty=*/false);
  if (entries.empty())
    return Status::ok();
  llvm::StringMap<bool> hostFeatures;
  for (const auto &[name, on] : host::cpuFeatures())
    hostFeatures[name] = on;
  for (llvm::StringRef entry : entries) {
    entry = entry.trim();
    if (entry.empty() || entry.front() == '-')
      continue;
    if (entry.front() != '+' || entry.size() == 1)
      return Status(StatusCode::invalid_argument,
                    "CPU feature entry '" + entry.str() + "' in \"" + features +
                        "\" is not of the form +name or -name");
    llvm::StringRef name = entry.drop_front();
    auto it = hostFeatures.find(name);
    if (it == hostFeatures.end() || !it->second)
      return incompatible(
          "host CPU lacks feature '" + name.str() +
          "' that the artifact was compiled for (\"" + features + "\")" +
          (hostFeatures.empty()
               ? "; the host's CPU features could not be detected"
               : ""));
  }
  return Status::ok();
}

std::string errorToString(llvm::Error error) {
  return llvm::toString(std::move(error));
}

/// ORC needs the native target registered to compute the data layout.
void initializeNativeTargetOnce() {
  static const bool initialized = [] {
    llvm::InitializeNativeTarget();
    return true;
  }();
  (void)initialized;
}

/// Describes a link error; a SymbolsNotFound becomes "undefined symbols:
/// a, b". Sets `selfMissing` when `symbol` is one of the missing ones.
std::string describeLinkError(llvm::Error error, const std::string &symbol,
                              bool &selfMissing) {
  std::string missing;
  std::string other;
  llvm::handleAllErrors(
      std::move(error),
      [&](const llvm::orc::SymbolsNotFound &notFound) {
        for (const llvm::orc::SymbolStringPtr &name : notFound.getSymbols()) {
          llvm::StringRef s = *name;
          // ORC reports mangled names: a global prefix may lead.
          if (!symbol.empty() &&
              (s == symbol ||
               (s.size() == symbol.size() + 1 && s.drop_front() == symbol))) {
            selfMissing = true;
            continue;
          }
          missing += (missing.empty() ? "" : ", ") + s.str();
        }
      },
      [&](const llvm::ErrorInfoBase &info) {
        other += (other.empty() ? "" : "; ") + info.message();
      });
  if (!missing.empty())
    other = "undefined symbols: " + missing +
            " (object code may call only its own functions and the "
            "runtime's support functions: libm, memcpy/memmove/memset, f16 "
            "conversions, the BLAS matmul)" +
            (other.empty() ? "" : "; ") + other;
  return other;
}

std::string dispatchLabel(size_t index, const std::string &symbol) {
  return "dispatch " + std::to_string(index) + " ('" + symbol + "')";
}

std::string gridString(const int64_t *grid) {
  return "[" + std::to_string(grid[0]) + ", " + std::to_string(grid[1]) + ", " +
         std::to_string(grid[2]) + "]";
}

/// Checks dispatch `index` of `manifest` against `footprint`, what its code
/// was compiled to touch (runtime/KernelAbi.h): the same grid, and the same
/// views, each of the arena or inside the table slot (input or param) it
/// reads; a view of the arena must not touch a param, which lives outside
/// it. Raises `arenaEnd` to the end of every arena view. The manifest has
/// been verified (its views lie inside the arena); the footprint is read
/// only as far as the manifest's view count once the counts agree.
Status checkFootprint(size_t index, const Manifest &manifest,
                      const int64_t *footprint,
                      const std::vector<const Slot *> &tableSlots,
                      uint64_t &arenaEnd) {
  const Dispatch &dispatch = manifest.dispatches[index];
  std::string label = dispatchLabel(index, dispatch.symbol);
  auto invalid = [&](const std::string &message) {
    return Status(StatusCode::invalid_argument, label + ": " + message);
  };
  if (!std::equal(dispatch.grid.begin(), dispatch.grid.end(), footprint))
    return invalid("the manifest's grid " + gridString(dispatch.grid.data()) +
                   " differs from the grid " + gridString(footprint) +
                   " the code was compiled for");
  int64_t viewCount = footprint[3];
  if (viewCount < 0 || uint64_t(viewCount) != dispatch.views.size())
    return invalid(
        "the manifest lists " + std::to_string(dispatch.views.size()) +
        " views, the code was compiled for " + std::to_string(viewCount));
  for (size_t v = 0; v < dispatch.views.size(); ++v) {
    const ArenaRange &view = dispatch.views[v];
    const int64_t *entry =
        footprint + RLX_FOOTPRINT_HEADER + RLX_FOOTPRINT_VIEW_FIELDS * v;
    int64_t source = entry[0], offset = entry[1], size = entry[2],
            panels = entry[3];
    std::string where = "view " + std::to_string(v) + ": the manifest says " +
                        "offset " + std::to_string(view.offset) + " size " +
                        std::to_string(view.size) + ", ";
    if (offset < 0 || size < 0 || source < RLX_FOOTPRINT_ARENA ||
        (source == RLX_FOOTPRINT_ARENA && panels != 0))
      return invalid(where + "the code's footprint is malformed");
    if (source == RLX_FOOTPRINT_ARENA) {
      if (view.offset != uint64_t(offset) || view.size != uint64_t(size))
        return invalid(where + "the code touches offset " +
                       std::to_string(offset) + " size " +
                       std::to_string(size) + " of the arena");
      uint64_t end = view.offset + view.size;
      for (const Slot *slot : tableSlots)
        if (slot->role == SlotRole::param && view.size && slot->size &&
            view.offset < slot->offset + slot->size && slot->offset < end)
          return invalid(where + "the code reads param '" + slot->name +
                         "' from the arena; params are read through the "
                         "slot table (kernel ABI " +
                         std::to_string(abi::kKernelAbiVersion) + ")");
      arenaEnd = std::max(arenaEnd, end);
      continue;
    }
    if (uint64_t(source) >= tableSlots.size())
      return invalid(where + "the code reads table slot " +
                     std::to_string(source) + " and the manifest has " +
                     std::to_string(tableSlots.size()) + " inputs and params");
    const Slot &slot = *tableSlots[source];
    std::string what = std::string(slotRoleName(slot.role)) + " '" + slot.name +
                       "' (table slot " + std::to_string(source) + ")";
    // The bytes mean what the code reads them as (same size either way).
    if (panels != slot.panelWidth)
      return invalid(where + "the code reads " + what +
                     (panels ? " in panels of " + std::to_string(panels)
                             : std::string(" row-major")) +
                     ", the manifest stores it " +
                     (slot.panelWidth
                          ? "in panels of " + std::to_string(slot.panelWidth)
                          : std::string("row-major")));
    // A caller's buffer holds exactly the slot's bytes.
    if (uint64_t(offset) > slot.size || uint64_t(size) > slot.size - offset)
      return invalid(where + "the code reads offset " + std::to_string(offset) +
                     " size " + std::to_string(size) + " of " + what +
                     ", which holds " + std::to_string(slot.size) + " bytes");
    if (view.offset != slot.offset + uint64_t(offset) ||
        view.size != uint64_t(size))
      return invalid(where + "the code reads offset " + std::to_string(offset) +
                     " size " + std::to_string(size) + " of " + what +
                     " (at arena offset " + std::to_string(slot.offset) + ")");
  }
  return Status::ok();
}

/// Zeroed memory of `bytes` bytes starting at a multiple of `alignment` (a
/// power of two): the aligned start, with the block to free in `block`;
/// null when it cannot be had. calloc, not new + memset: large blocks come
/// from mmap and stay untouched until used, yet read as zeros, so runs are
/// deterministic even if a kernel read a byte nobody wrote.
uint8_t *alignedZeros(uint64_t bytes, size_t alignment, void *&block) {
  if (bytes > SIZE_MAX - alignment)
    return nullptr;
  block = std::calloc(1, bytes + alignment);
  if (!block)
    return nullptr;
  auto base = reinterpret_cast<uintptr_t>(block);
  base = (base + alignment - 1) & ~(uintptr_t(alignment) - 1);
  return reinterpret_cast<uint8_t *>(base);
}

#ifdef RLX_HAVE_OPENBLAS
/// Defines `cblas_sgemm` as OpenBLAS's address when the object code asks for
/// it, and records that it did. Explicit, so the symbol resolves whether or
/// not the process exports it for dlsym (a static libopenblas, or a shared
/// one dropped by --as-needed, would not).
class OpenBlasGenerator : public llvm::orc::DefinitionGenerator {
public:
  OpenBlasGenerator(llvm::orc::SymbolStringPtr name, std::atomic<bool> &used)
      : name(std::move(name)), used(used) {}

  llvm::Error
  tryToGenerate(llvm::orc::LookupState &, llvm::orc::LookupKind,
                llvm::orc::JITDylib &dylib, llvm::orc::JITDylibLookupFlags,
                const llvm::orc::SymbolLookupSet &symbols) override {
    bool wanted = llvm::any_of(
        symbols, [&](const auto &entry) { return entry.first == name; });
    if (!wanted)
      return llvm::Error::success();
    used.store(true, std::memory_order_relaxed);
    llvm::orc::SymbolMap map;
    map[name] = {llvm::orc::ExecutorAddr::fromPtr(&cblas_sgemm),
                 llvm::JITSymbolFlags::Exported |
                     llvm::JITSymbolFlags::Callable};
    return dylib.define(llvm::orc::absoluteSymbols(std::move(map)));
  }

private:
  llvm::orc::SymbolStringPtr name;
  std::atomic<bool> &used;
};
#endif

} // namespace

struct CpuExecutable::Impl {
  std::unique_ptr<llvm::orc::LLJIT> lljit;
  /// What ORC reported while linking. A failed link makes lookup() return
  /// only "failed to materialize"; the cause (e.g. an undefined symbol)
  /// arrives here.
  std::mutex reportMutex;
  std::string reported;
  /// calloc's block; the arena is its first aligned byte.
  void *arenaBlock = nullptr;
  /// The executable's own copies of params, allocated on the first one
  /// written (aligned as the arena: the block's first aligned byte).
  void *paramBlock = nullptr;
  uint8_t *paramCopies = nullptr;
  /// The executable's own memory for its states, zeros, allocated on the
  /// first run or state write that needs it (a state bound to the caller's
  /// memory needs none).
  void *stateBlock = nullptr;
  uint8_t *stateCopies = nullptr;
  /// The object code calls cblas_sgemm (set while linking).
  std::atomic<bool> callsOpenBlas{false};

  ~Impl() {
    // The JIT first: tearing it down may still report into `reported`.
    lljit.reset();
    std::free(arenaBlock);
    std::free(paramBlock);
    std::free(stateBlock);
  }

  /// Turns a failed lookup of `name`, dispatch `index`'s symbol or its
  /// footprint, into a Status.
  Status lookupError(size_t index, const std::string &symbol,
                     const std::string &name, llvm::Error error) {
    std::string label = dispatchLabel(index, symbol);
    bool selfMissing = false;
    std::string cause = describeLinkError(std::move(error), name, selfMissing);
    if (selfMissing && name == symbol)
      return Status(StatusCode::invalid_argument,
                    label + ": the object code does not define symbol '" +
                        symbol +
                        "' (a dispatch runs a function of the artifact's "
                        "own code, never one of the process)");
    if (selfMissing)
      return Status(StatusCode::invalid_argument,
                    label + ": the object code exports no footprint '" + name +
                        "' for it (runtime/KernelAbi.h): not a dispatch "
                        "function");
    std::lock_guard<std::mutex> lock(reportMutex);
    std::string text = reported.empty() ? cause : reported;
    // Code compiled with nativeMatmul, loaded by a runtime without OpenBLAS.
    if (!hasNativeMatmul() && llvm::StringRef(text).contains("cblas_sgemm"))
      return Status(StatusCode::unimplemented,
                    label +
                        ": the object code calls cblas_sgemm (compiled "
                        "with CompileOptions::nativeMatmul), and this "
                        "runtime was built without OpenBLAS "
                        "(RLX_ENABLE_OPENBLAS): " +
                        text);
    return Status(StatusCode::invalid_argument,
                  label + ": linking the object code failed: " + text);
  }
};

Expected<std::unique_ptr<CpuExecutable>>
CpuExecutable::load(const Artifact &artifact, ThreadPool *pool) {
  const Manifest &manifest = artifact.manifest;
  // Artifacts built in memory never went through deserializeArtifact.
  if (Status s = verifyManifest(manifest); !s)
    return s;
  if (artifact.device != "cpu")
    return incompatible("artifact '" + manifest.name +
                        "' holds code for "
                        "device '" +
                        artifact.device + "', not cpu");
  if (artifact.kernelAbiVersion != abi::kKernelAbiVersion)
    return incompatible("artifact '" + manifest.name +
                        "' was compiled against kernel ABI version " +
                        std::to_string(artifact.kernelAbiVersion) +
                        "; this runtime implements version " +
                        std::to_string(abi::kKernelAbiVersion));
  const CpuCode &code = artifact.cpu;
  if (Status s = checkTriple(code.triple); !s)
    return s;
  if (Status s = checkCpuFeatures(code.cpuFeatures); !s)
    return s;

  std::unique_ptr<CpuExecutable> exe(new CpuExecutable());
  exe->manifestCopy = manifest;
  exe->pool = pool;
  exe->impl = std::make_unique<Impl>();

  // The slot table's order (inputs, then params) and the layout of the
  // param copies; `arenaEnd` is the end of every other slot and of every
  // arena view (raised while the footprints are checked).
  std::vector<const Slot *> tableSlots =
      manifest.slotsWithRole(SlotRole::input);
  size_t inputCount = tableSlots.size();
  for (const Slot *slot : manifest.slotsWithRole(SlotRole::param))
    tableSlots.push_back(slot);
  size_t alignment = std::max<uint64_t>(64, manifest.alignment);
  exe->tableIndexOfSlot.assign(manifest.slots.size(), -1);
  uint64_t arenaEnd = 0;
  for (size_t i = 0; i < manifest.slots.size(); ++i) {
    const Slot &slot = manifest.slots[i];
    if (slot.role != SlotRole::param)
      arenaEnd = std::max(arenaEnd, slot.offset + slot.size);
  }
  for (size_t t = 0; t < tableSlots.size(); ++t) {
    exe->tableIndexOfSlot[tableSlots[t] - manifest.slots.data()] =
        static_cast<int64_t>(t);
    if (t < inputCount)
      continue;
    // Verified slots lie inside the arena, so these sums cannot overflow.
    // A state's own memory is a block of its own.
    bool state = tableSlots[t]->state;
    uint64_t &bytes = state ? exe->stateCopyBytes : exe->paramCopyBytes;
    uint64_t at = (bytes + alignment - 1) & ~(alignment - 1);
    exe->paramCopyOffset.push_back(at);
    bytes = at + tableSlots[t]->size;
    if (state)
      ++exe->statesUnset;
    else
      ++exe->paramsUnset;
  }
  exe->table.assign(abi::slotTableSize(tableSlots.size()), nullptr);
  exe->stateEntries.assign(exe->table.size(), false);
  for (size_t t = inputCount; t < tableSlots.size(); ++t)
    exe->stateEntries[t] = tableSlots[t]->state;

  if (!manifest.dispatches.empty()) {
    bool noCode =
        llvm::all_of(code.objects, [](const std::vector<uint8_t> &object) {
          return object.empty();
        });
    if (noCode)
      return Status(StatusCode::invalid_argument,
                    "artifact '" + manifest.name + "' has " +
                        std::to_string(manifest.dispatches.size()) +
                        " dispatches but no object code");
    initializeNativeTargetOnce();
    // No process-symbols JITDylib and no platform: the kernels are plain
    // functions with no initializers, and we choose what they may resolve.
    auto lljit = llvm::orc::LLJITBuilder()
                     .setLinkProcessSymbolsByDefault(false)
                     .setPlatformSetUp(llvm::orc::setUpInactivePlatform)
                     .create();
    if (!lljit)
      return Status(StatusCode::internal, "cannot create the ORC JIT: " +
                                              errorToString(lljit.takeError()));
    exe->impl->lljit = std::move(*lljit);
    llvm::orc::LLJIT &jit = *exe->impl->lljit;
    // The cause of a failed link reaches the reporter, not lookup() (which
    // says only "failed to materialize"); ORC's default prints it to stderr.
    Impl *impl = exe->impl.get();
    jit.getExecutionSession().setErrorReporter([impl](llvm::Error error) {
      bool unused = false;
      std::string text = describeLinkError(std::move(error), "", unused);
      std::lock_guard<std::mutex> lock(impl->reportMutex);
      impl->reported += (impl->reported.empty() ? "" : "; ") + text;
    });
    // Two libraries: the main one holds the artifact's objects and nothing
    // else, and is where dispatch symbols are looked up; the objects' own
    // undefined references also search "rlx-support", which offers the
    // allow-list of runtime support functions (runtime/cpu/SupportSymbols.h)
    // and no other symbol of the process.
    llvm::orc::JITDylib &objects = jit.getMainJITDylib();
    auto support = jit.createJITDylib("rlx-support");
    if (!support)
      return Status(StatusCode::internal,
                    "cannot create the support library: " +
                        errorToString(support.takeError()));
#ifdef RLX_HAVE_OPENBLAS
    // Native matmuls call OpenBLAS (conversion/LibraryCall.h); tried before
    // the process search.
    support->addGenerator(std::make_unique<OpenBlasGenerator>(
        jit.mangleAndIntern("cblas_sgemm"), impl->callsOpenBlas));
#endif
    // Kernels call libm (expf, ...) and libc (memcpy, ...) from the process:
    // those on the allow-list only.
    char prefix = jit.getDataLayout().getGlobalPrefix();
    auto allowed = [prefix](const llvm::orc::SymbolStringPtr &name) {
      llvm::StringRef s = *name;
      if (prefix && s.starts_with(llvm::StringRef(&prefix, 1)))
        s = s.drop_front();
      return s != "cblas_sgemm" && isSupportSymbol(s);
    };
    auto processSymbols =
        llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
            prefix, std::move(allowed));
    if (!processSymbols)
      return Status(StatusCode::internal,
                    "cannot search the process for symbols: " +
                        errorToString(processSymbols.takeError()));
    support->addGenerator(std::move(*processSymbols));
    objects.addToLinkOrder(*support);

    // ORC keeps the buffers; the artifact may be freed after load. The
    // objects link together (a call may cross from one to another).
    for (size_t i = 0; i < code.objects.size(); ++i) {
      const std::vector<uint8_t> &object = code.objects[i];
      llvm::StringRef code(reinterpret_cast<const char *>(object.data()),
                           object.size());
      std::string name = manifest.name + "." + std::to_string(i) + ".o";
      if (llvm::Error error = jit.addObjectFile(
              llvm::MemoryBuffer::getMemBufferCopy(code, name)))
        return Status(StatusCode::invalid_argument,
                      "artifact '" + manifest.name + "': object code " +
                          std::to_string(i) + " cannot be loaded: " +
                          errorToString(std::move(error)));
    }

    // Only the objects' own exported symbols: never the support library,
    // never the process.
    llvm::orc::ExecutionSession &session = jit.getExecutionSession();
    auto lookupInObjects = [&](const std::string &name) {
      return session.lookup(
          llvm::orc::makeJITDylibSearchOrder(
              &objects,
              llvm::orc::JITDylibLookupFlags::MatchExportedSymbolsOnly),
          jit.mangleAndIntern(name));
    };
    exe->functions.reserve(manifest.dispatches.size());
    for (size_t i = 0; i < manifest.dispatches.size(); ++i) {
      const std::string &symbol = manifest.dispatches[i].symbol;
      std::string label = dispatchLabel(i, symbol);
      auto function = lookupInObjects(symbol);
      if (!function)
        return exe->impl->lookupError(i, symbol, symbol, function.takeError());
      if (!function->getFlags().isCallable())
        return Status(StatusCode::invalid_argument,
                      label + ": '" + symbol +
                          "' is data in the object code, not a function");
      std::string footprintName = abi::footprintSymbol(symbol);
      auto footprint = lookupInObjects(footprintName);
      if (!footprint)
        return exe->impl->lookupError(i, symbol, footprintName,
                                      footprint.takeError());
      if (Status s = checkFootprint(
              i, manifest, footprint->getAddress().toPtr<const int64_t *>(),
              tableSlots, arenaEnd);
          !s)
        return s;
      exe->functions.push_back(function->getAddress().toPtr<abi::DispatchFn>());
    }
  }

  // The params' bytes are not allocated in the arena when they trail
  // everything else, as the compiler places them (MemoryPlan.h).
  uint64_t paramsBegin = manifest.arenaSize;
  for (size_t t = inputCount; t < tableSlots.size(); ++t)
    paramsBegin = std::min(paramsBegin, tableSlots[t]->offset);
  uint64_t arenaSize =
      arenaEnd <= paramsBegin ? paramsBegin : manifest.arenaSize;
  exe->arenaBytes = arenaSize;
  if (arenaSize > SIZE_MAX - alignment)
    return Status(StatusCode::resource_exhausted,
                  "arena of " + std::to_string(arenaSize) +
                      " bytes exceeds the address space");
  exe->arenaBase = alignedZeros(arenaSize, alignment, exe->impl->arenaBlock);
  if (!exe->arenaBase)
    return Status(StatusCode::resource_exhausted,
                  "cannot allocate the arena of " + std::to_string(arenaSize) +
                      " bytes for '" + manifest.name + "'");

  for (const Slot &slot : manifest.slots) {
    if (slot.role == SlotRole::constant && slot.size)
      slot.fillConstant(exe->arenaBase + slot.offset);
    if (slot.role == SlotRole::input)
      exe->arenaInputs.push_back(exe->arenaBase + slot.offset);
  }
  std::copy(exe->arenaInputs.begin(), exe->arenaInputs.end(),
            exe->table.begin());
  // A table with no slot still has its entry: point it somewhere valid.
  if (tableSlots.empty())
    exe->table[0] = exe->arenaBase;
  return exe;
}

CpuExecutable::~CpuExecutable() = default;

int64_t CpuExecutable::tableIndex(const Slot &slot) const {
  const std::vector<Slot> &slots = manifestCopy.slots;
  // std::less: a total order even for a slot of another manifest.
  std::less<const Slot *> before;
  if (!before(&slot, slots.data()) &&
      before(&slot, slots.data() + slots.size()))
    return tableIndexOfSlot[&slot - slots.data()];
  const Slot *own = manifestCopy.findSlot(slot.role, slot.name);
  return own ? tableIndexOfSlot[own - slots.data()] : -1;
}

Expected<size_t> CpuExecutable::paramEntry(const Slot &slot,
                                           const char *verb) const {
  if (running.load(std::memory_order_acquire))
    return Status(StatusCode::failed_precondition,
                  std::string(verb) + " param '" + slot.name + "' of '" +
                      manifestCopy.name + "' while a run() is in progress");
  int64_t index = tableIndex(slot);
  if (index < 0)
    return Status(StatusCode::not_found, "'" + manifestCopy.name +
                                             "' has no param named '" +
                                             slot.name + "'");
  return static_cast<size_t>(index);
}

bool CpuExecutable::isStateEntry(size_t index) const {
  return index < stateEntries.size() && stateEntries[index];
}

void CpuExecutable::setParamEntry(size_t index, const void *at) {
  if (!table[index])
    --(isStateEntry(index) ? statesUnset : paramsUnset);
  table[index] = at;
}

uint8_t *CpuExecutable::ownCopy(size_t index) {
  bool state = isStateEntry(index);
  uint8_t *&copies = state ? impl->stateCopies : impl->paramCopies;
  if (!copies) {
    size_t alignment = std::max<uint64_t>(64, manifestCopy.alignment);
    copies = alignedZeros(state ? stateCopyBytes : paramCopyBytes, alignment,
                          state ? impl->stateBlock : impl->paramBlock);
    if (!copies)
      return nullptr;
  }
  return copies + paramCopyOffset[index - arenaInputs.size()];
}

Status CpuExecutable::ownStates() {
  for (size_t index = arenaInputs.size(); statesUnset && index < table.size();
       ++index) {
    if (table[index] || !isStateEntry(index))
      continue;
    uint8_t *copy = ownCopy(index);
    if (!copy)
      return Status(StatusCode::resource_exhausted,
                    "cannot allocate " + std::to_string(stateCopyBytes) +
                        " bytes for the states of '" + manifestCopy.name + "'");
    setParamEntry(index, copy);
  }
  return Status::ok();
}

Status CpuExecutable::zeroSlot(const Slot &slot) {
  if (slot.role != SlotRole::param)
    return Executable::zeroSlot(slot);
  Expected<size_t> index = paramEntry(slot, "zeroing");
  if (!index)
    return index.status();
  // An unset state is zeros when first owned; bound memory is the caller's
  // to be written (bindSlot on a state).
  if (table[*index] && slot.size)
    std::memset(const_cast<void *>(table[*index]), 0, slot.size);
  return Status::ok();
}

Status CpuExecutable::writeSlot(const Slot &slot, const void *data) {
  if (slot.role != SlotRole::param) {
    if (running.load(std::memory_order_acquire))
      return Status(StatusCode::failed_precondition,
                    "writing slot '" + slot.name + "' of '" +
                        manifestCopy.name + "' while a run() is in progress");
    if (slot.size)
      std::memcpy(arenaBase + slot.offset, data, slot.size);
    return Status::ok();
  }
  Expected<size_t> index = paramEntry(slot, "writing");
  if (!index)
    return index.status();
  uint8_t *copy = ownCopy(*index);
  if (!copy)
    return Status(
        StatusCode::resource_exhausted,
        "cannot allocate " +
            std::to_string(slot.state ? stateCopyBytes : paramCopyBytes) +
            " bytes for the " + (slot.state ? "states" : "params") + " of '" +
            manifestCopy.name + "'");
  if (slot.size)
    std::memcpy(copy, data, slot.size);
  setParamEntry(*index, copy);
  return Status::ok();
}

Expected<bool> CpuExecutable::bindSlot(const Slot &slot, const void *data) {
  if (slot.role != SlotRole::param) {
    if (Status s = writeSlot(slot, data); !s)
      return s;
    return false;
  }
  Expected<size_t> index = paramEntry(slot, "binding");
  if (!index)
    return index.status();
  // A zero-byte param is never read; any non-null address will do.
  setParamEntry(*index, data ? data : arenaBase);
  return true;
}

const uint8_t *CpuExecutable::slotData(const Slot &slot) const {
  if (slot.role == SlotRole::param) {
    int64_t index = tableIndex(slot);
    return index < 0 ? nullptr : static_cast<const uint8_t *>(table[index]);
  }
  return arenaBase + slot.offset;
}

MemoryUse CpuExecutable::memoryUse() const {
  MemoryUse use;
  use.arenaBytes = arenaBytes;
  use.ownedParamBytes = impl->paramCopies ? paramCopyBytes : 0;
  use.ownedStateBytes = impl->stateCopies ? stateCopyBytes : 0;
  std::vector<const Slot *> params =
      manifestCopy.slotsWithRole(SlotRole::param);
  for (size_t p = 0; p < params.size(); ++p) {
    const void *at = table[arenaInputs.size() + p];
    uint8_t *copies = params[p]->state ? impl->stateCopies : impl->paramCopies;
    bool owned = copies && at == copies + paramCopyOffset[p];
    if (at && !owned)
      (params[p]->state ? use.borrowedStateBytes : use.borrowedParamBytes) +=
          params[p]->size;
  }
  return use;
}

void CpuExecutable::setProfiling(bool on) {
  profiling = on;
  nanos.assign(functions.size(), 0);
  runs = 0;
}

Status CpuExecutable::run(const void *const *inputs) {
  // Detects, not serializes: a second caller gets an error instead of
  // corrupting the first caller's arena.
  if (running.exchange(true, std::memory_order_acquire))
    return Status(StatusCode::failed_precondition,
                  "run() on '" + manifestCopy.name +
                      "' while another run() on it is in progress; use one "
                      "executable per thread or a lock");
#ifdef RLX_HAVE_OPENBLAS
  // Native matmul kernels run as one workgroup and OpenBLAS threads the
  // call: as many threads as the pool has (its threads wait meanwhile).
  if (impl->callsOpenBlas.load(std::memory_order_relaxed)) {
    int want = pool ? static_cast<int>(pool->numThreads()) : 1;
    if (openblas_get_num_threads() != want)
      openblas_set_num_threads(want);
  }
#endif
  // A state not bound or written is the executable's own, zeros.
  if (statesUnset)
    if (Status s = ownStates(); !s) {
      running.store(false, std::memory_order_release);
      return s;
    }
  // Every param must be set: the code would read through a null entry.
  if (paramsUnset) {
    running.store(false, std::memory_order_release);
    std::vector<const Slot *> params =
        manifestCopy.slotsWithRole(SlotRole::param);
    size_t p = 0;
    while (table[arenaInputs.size() + p] || params[p]->state)
      ++p;
    return Status(StatusCode::failed_precondition,
                  "run() on '" + manifestCopy.name + "': param '" +
                      params[p]->name + "' was never set");
  }
  const void **entries = this->table.data();
  for (size_t j = 0; j < arenaInputs.size(); ++j)
    entries[j] = inputs ? inputs[j] : arenaInputs[j];
  uint8_t *arena = arenaBase;
  const void *const *table = entries;
  for (size_t i = 0; i < functions.size(); ++i) {
    abi::DispatchFn fn = functions[i];
    const Dispatch &dispatch = manifestCopy.dispatches[i];
    int64_t gx = dispatch.grid[0];
    int64_t gy = dispatch.grid[1];
    auto point = [fn, arena, table, gx, gy](int64_t index) {
      int64_t rest = index / gx;
      fn(arena, table, index % gx, rest % gy, rest / gy);
    };
    int64_t points = gridPointCount(dispatch);
    auto start = profiling ? std::chrono::steady_clock::now()
                           : std::chrono::steady_clock::time_point();
    if (pool) {
      pool->parallelFor(points, point);
    } else {
      for (int64_t p = 0; p < points; ++p)
        point(p);
    }
    if (profiling)
      nanos[i] += static_cast<uint64_t>(
          std::chrono::duration_cast<std::chrono::nanoseconds>(
              std::chrono::steady_clock::now() - start)
              .count());
  }
  if (profiling)
    ++runs;
  running.store(false, std::memory_order_release);
  return Status::ok();
}

} // namespace rlx::runtime
