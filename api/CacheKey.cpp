//===- CacheKey.cpp - What an AOT cache entry's code depends on -----------===//
#include "api/CacheKey.h"
#include "passes/MIR/FusionReport.h"
#include "rlx/Version.h"
#include "runtime/KernelAbi.h"

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <sys/stat.h>

namespace mlir::rlx {

namespace {

/// Appends "name=<length>:value\n": length-prefixed, so no two different
/// field lists give the same text.
void field(std::string &out, const char *name, const std::string &value) {
  out += name;
  out += '=';
  out += std::to_string(value.size());
  out += ':';
  out += value;
  out += '\n';
}

/// The hex build ID in the PT_NOTE segments of one loaded module, or "".
std::string buildIdOf(const dl_phdr_info *info) {
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) &ph = info->dlpi_phdr[i];
    if (ph.p_type != PT_NOTE)
      continue;
    auto *at = reinterpret_cast<const uint8_t *>(info->dlpi_addr + ph.p_vaddr);
    const uint8_t *end = at + ph.p_memsz;
    while (at + sizeof(ElfW(Nhdr)) <= end) {
      auto *note = reinterpret_cast<const ElfW(Nhdr) *>(at);
      const uint8_t *name = at + sizeof(ElfW(Nhdr));
      const uint8_t *desc = name + ((note->n_namesz + 3) & ~3u);
      const uint8_t *next = desc + ((note->n_descsz + 3) & ~3u);
      if (next > end)
        break;
      if (note->n_type == NT_GNU_BUILD_ID && note->n_namesz == 4 &&
          std::memcmp(name, "GNU", 4) == 0) {
        static const char digits[] = "0123456789abcdef";
        std::string id;
        for (uint32_t b = 0; b < note->n_descsz; ++b) {
          id += digits[desc[b] >> 4];
          id += digits[desc[b] & 15];
        }
        return id;
      }
      at = next;
    }
  }
  return "";
}

/// Whether `address` lies in one of the module's loaded segments.
bool contains(const dl_phdr_info *info, const void *address) {
  auto a = reinterpret_cast<uintptr_t>(address);
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) &ph = info->dlpi_phdr[i];
    uintptr_t start = info->dlpi_addr + ph.p_vaddr;
    if (ph.p_type == PT_LOAD && a >= start && a < start + ph.p_memsz)
      return true;
  }
  return false;
}

int collectBuildIds(dl_phdr_info *info, size_t, void *data) {
  auto *out = static_cast<std::string *>(data);
  std::string path = info->dlpi_name ? info->dlpi_name : "";
  bool self =
      contains(info, reinterpret_cast<const void *>(&compilerBuildIdentity));
  bool toolchain = path.find("libLLVM") != std::string::npos ||
                   path.find("libMLIR") != std::string::npos;
  if (!self && !toolchain)
    return 0;
  std::string id = buildIdOf(info);
  if (id.empty()) {
    // No build ID: the file's identity stands in for its content.
    std::string file = path.empty() ? "/proc/self/exe" : path;
    struct stat st;
    id = "file " + file;
    if (::stat(file.c_str(), &st) == 0)
      id += " " + std::to_string(st.st_size) + " " +
            std::to_string(st.st_mtim.tv_sec) + "." +
            std::to_string(st.st_mtim.tv_nsec);
  }
  *out += (self ? "self " : "lib ") + id + "\n";
  return 0;
}

} // namespace

const std::string &compilerBuildIdentity() {
  static const std::string identity = [] {
    std::string ids;
    dl_iterate_phdr(collectBuildIds, &ids);
    return ids;
  }();
  return identity;
}

bool cacheableCompile(const ::rlx::CompileOptions &options) {
  if (options.report || !options.dumpDir.empty())
    return false;
  if (const char *dump = std::getenv("RLX_IR_DUMP"); dump && *dump)
    return false;
  return !mir::FusionReport::enabledByEnvironment();
}

::rlx::cache::Digest cacheKey(Backend &backend, const CompilerOptions &options,
                              StringRef moduleText) {
  const ::rlx::CompileOptions &o = options.options;
  std::string text;
  field(text, "key", "rlx-aot 1");
  field(text, "rlx", ::rlx::version());
  field(text, "artifact", std::to_string(::rlx::artifactFormatVersion()));
  field(text, "kernelAbi", std::to_string(::rlx::abi::kKernelAbiVersion));
  field(text, "build", compilerBuildIdentity());
  field(text, "device", ::rlx::deviceName(options.device));
  field(text, "target", backend.codeFingerprint(options));
  field(text, "precision", std::to_string(static_cast<int>(options.precision)));
  field(text, "policy", std::to_string(static_cast<int>(options.policy)));
  // Bindings in name order: the order they were given in does not matter.
  std::vector<std::pair<std::string, int64_t>> dims = o.dims;
  std::sort(dims.begin(), dims.end());
  std::string bound;
  for (auto &[name, size] : dims)
    bound += name + "=" + std::to_string(size) + ",";
  field(text, "dims", bound);
  field(text, "fuse", std::to_string(o.fuse));
  field(text, "fold", std::to_string(o.foldConstants));
  field(text, "fusionClean", std::to_string(o.assertFusionClean));
  field(text, "alignment", std::to_string(o.arenaAlignment));
  field(text, "customPrecision", o.customPrecision);
  field(text, "nativeMatmul", std::to_string(o.nativeMatmul));
  field(text, "packParams", std::to_string(o.packParams));
  field(text, "cpu",
        o.cpuTarget.triple + "|" + o.cpuTarget.cpu + "|" +
            o.cpuTarget.features);
  field(text, "module", moduleText.str());
  return ::rlx::cache::sha256(reinterpret_cast<const uint8_t *>(text.data()),
                              text.size());
}

} // namespace mlir::rlx
