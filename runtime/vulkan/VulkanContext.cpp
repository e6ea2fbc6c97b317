//===- VulkanContext.cpp - The Vulkan instance, device and queue rlx uses -===//
#include "runtime/vulkan/VulkanContext.h"

#include "runtime/Artifact.h"
#include "runtime/vulkan/VulkanDeviceSelection.h"
#include "runtime/vulkan/VulkanResult.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace rlx::runtime {

namespace {

constexpr const char *kValidationLayer = "VK_LAYER_KHRONOS_validation";
/// The newest Vulkan version this runtime asks for; it uses 1.1 core plus
/// the extensions (or their 1.2 promotions) for its features.
constexpr uint32_t kMaxApiVersion = VK_API_VERSION_1_3;

// VK_KHR_cooperative_matrix postdates the Vulkan headers of Debian 12
// (1.3.239); only its feature struct is needed, declared as the spec does.
constexpr const char *kCooperativeMatrixExtension = "VK_KHR_cooperative_matrix";
constexpr auto kCooperativeMatrixFeaturesType =
    static_cast<VkStructureType>(1000506000);
struct CooperativeMatrixFeatures {
  VkStructureType sType = kCooperativeMatrixFeaturesType;
  void *pNext = nullptr;
  VkBool32 cooperativeMatrix = VK_FALSE;
  VkBool32 cooperativeMatrixRobustBufferAccess = VK_FALSE;
};

VKAPI_ATTR VkBool32 VKAPI_CALL
onMessage(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
          VkDebugUtilsMessageTypeFlagsEXT,
          const VkDebugUtilsMessengerCallbackDataEXT *data, void *user) {
  auto *log = static_cast<VulkanMessageLog *>(user);
  std::string id = data && data->pMessageIdName ? data->pMessageIdName : "";
  log->add(severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT,
           id == "Loader Message", id,
           data && data->pMessage ? data->pMessage : "");
  // VK_FALSE: the call goes on (the spec reserves VK_TRUE for layers).
  return VK_FALSE;
}

VkDebugUtilsMessengerCreateInfoEXT messengerInfo(VulkanMessageLog *log) {
  VkDebugUtilsMessengerCreateInfoEXT info{
      VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
  info.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                         VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
  info.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
  info.pfnUserCallback = onMessage;
  info.pUserData = log;
  return info;
}

std::vector<std::string> instanceExtensions(const char *layer) {
  uint32_t count = 0;
  if (vkEnumerateInstanceExtensionProperties(layer, &count, nullptr) !=
      VK_SUCCESS)
    return {};
  std::vector<VkExtensionProperties> props(count);
  if (vkEnumerateInstanceExtensionProperties(layer, &count, props.data()) <
      VK_SUCCESS)
    return {};
  std::vector<std::string> names;
  for (uint32_t i = 0; i < count; ++i)
    names.push_back(props[i].extensionName);
  return names;
}

/// The spec version of instance layer `name` (the Vulkan headers it was
/// written against), or 0 when it is not installed.
uint32_t layerSpecVersion(const char *name) {
  uint32_t count = 0;
  if (vkEnumerateInstanceLayerProperties(&count, nullptr) != VK_SUCCESS)
    return 0;
  std::vector<VkLayerProperties> layers(count);
  if (vkEnumerateInstanceLayerProperties(&count, layers.data()) < VK_SUCCESS)
    return 0;
  for (uint32_t i = 0; i < count && i < layers.size(); ++i)
    if (std::strcmp(layers[i].layerName, name) == 0)
      return std::max<uint32_t>(layers[i].specVersion, 1);
  return 0;
}

bool contains(const std::vector<std::string> &names, const char *name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

std::string versionString(uint32_t version) {
  return std::to_string(VK_API_VERSION_MAJOR(version)) + "." +
         std::to_string(VK_API_VERSION_MINOR(version));
}

/// The feature structs rlx may enable, chained for
/// vkGetPhysicalDeviceFeatures2 or VkDeviceCreateInfo. Holds pointers into
/// itself: never copied or moved.
struct FeatureChain {
  VkPhysicalDeviceFeatures2 base{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  VkPhysicalDevice16BitStorageFeatures storage16{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES};
  VkPhysicalDevice8BitStorageFeatures storage8{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_8BIT_STORAGE_FEATURES};
  VkPhysicalDeviceShaderFloat16Int8Features float16Int8{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES};
  CooperativeMatrixFeatures cooperativeMatrix;
  VkPhysicalDeviceSubgroupSizeControlFeatures sizeControl{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_FEATURES};

  FeatureChain(const FeatureChain &) = delete;
  FeatureChain &operator=(const FeatureChain &) = delete;
  /// Chains the structs the device knows (core at its version, or through
  /// an extension it has).
  FeatureChain(bool with8Bit, bool withFloat16Int8, bool withCooperative,
               bool withSizeControl) {
    void **next = &base.pNext;
    auto link = [&](auto &feature) {
      *next = &feature;
      next = &feature.pNext;
    };
    link(storage16);
    if (with8Bit)
      link(storage8);
    if (withFloat16Int8)
      link(float16Int8);
    if (withCooperative)
      link(cooperativeMatrix);
    if (withSizeControl)
      link(sizeControl);
  }
};

/// What rlx needs to know about one physical device.
struct PhysicalDevice {
  VkPhysicalDevice handle = VK_NULL_HANDLE;
  VkPhysicalDeviceProperties props = {};
  std::vector<VkQueueFamilyProperties> families;
  std::vector<std::string> extensions;
  /// The compute queue family, or -1.
  int computeFamily = -1;
};

PhysicalDevice describe(VkPhysicalDevice handle) {
  PhysicalDevice d;
  d.handle = handle;
  vkGetPhysicalDeviceProperties(handle, &d.props);
  uint32_t count = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(handle, &count, nullptr);
  d.families.resize(count);
  vkGetPhysicalDeviceQueueFamilyProperties(handle, &count, d.families.data());
  // The first compute family; one that writes timestamps if there is one.
  for (uint32_t i = 0; i < count; ++i) {
    if (!(d.families[i].queueFlags & VK_QUEUE_COMPUTE_BIT))
      continue;
    if (d.computeFamily < 0 ||
        (d.families[d.computeFamily].timestampValidBits == 0 &&
         d.families[i].timestampValidBits > 0))
      d.computeFamily = static_cast<int>(i);
  }
  count = 0;
  if (vkEnumerateDeviceExtensionProperties(handle, nullptr, &count, nullptr) ==
      VK_SUCCESS) {
    std::vector<VkExtensionProperties> props(count);
    if (vkEnumerateDeviceExtensionProperties(handle, nullptr, &count,
                                             props.data()) >= VK_SUCCESS)
      for (uint32_t i = 0; i < count; ++i)
        d.extensions.push_back(props[i].extensionName);
  }
  return d;
}

std::string unusableReason(const PhysicalDevice &d) {
  if (d.props.apiVersion < VK_API_VERSION_1_1)
    return "Vulkan " + versionString(d.props.apiVersion) + " (rlx needs 1.1)";
  if (d.computeFamily < 0)
    return "no compute queue";
  return "";
}

} // namespace

//===----------------------------------------------------------------------===//
// VulkanMessageLog
//===----------------------------------------------------------------------===//

uint64_t VulkanMessageLog::errors() const {
  std::lock_guard<std::mutex> lock(mutex);
  return errorCount;
}

uint64_t VulkanMessageLog::warnings() const {
  std::lock_guard<std::mutex> lock(mutex);
  return warningCount;
}

std::vector<std::string> VulkanMessageLog::messages() const {
  std::lock_guard<std::mutex> lock(mutex);
  return log;
}

std::string VulkanMessageLog::textsSince(size_t from) const {
  std::lock_guard<std::mutex> lock(mutex);
  std::string out;
  for (size_t i = from; i < texts.size(); ++i)
    out += (out.empty() ? "" : "; ") + texts[i];
  return out;
}

std::string VulkanMessageLog::loaderMessages() const {
  std::lock_guard<std::mutex> lock(mutex);
  std::string out;
  for (const std::string &text : loader)
    out += (out.empty() ? "" : "; ") + text;
  return out;
}

void VulkanMessageLog::add(bool error, bool fromLoader, const std::string &id,
                           const std::string &text) {
  std::lock_guard<std::mutex> lock(mutex);
  if (fromLoader) {
    loader.push_back(text);
    return;
  }
  ++(error ? errorCount : warningCount);
  log.push_back(std::string(error ? "error: " : "warning: ") + id + ": " +
                text);
  // One line, without the blank lines drivers format messages with.
  std::string line;
  for (char c : text) {
    bool space = c == '\n' || c == '\r' || c == '\t' || c == ' ';
    if (space && (line.empty() || line.back() == ' '))
      continue;
    line.push_back(space ? ' ' : c);
  }
  while (!line.empty() && line.back() == ' ')
    line.pop_back();
  texts.push_back(line);
}

//===----------------------------------------------------------------------===//
// VulkanContext
//===----------------------------------------------------------------------===//

Expected<VulkanContextOptions> VulkanContextOptions::fromEnvironment() {
  VulkanContextOptions options;
  if (const char *v = std::getenv("RLX_VULKAN_VALIDATION"); v && *v) {
    std::string value = v;
    if (value != "0" && value != "1")
      return Status(StatusCode::invalid_argument,
                    "RLX_VULKAN_VALIDATION='" + value + "' is not 0 or 1");
    options.validation = value == "1";
  }
  if (const char *d = std::getenv("RLX_VULKAN_DEVICE"))
    options.device = d;
  return options;
}

Expected<std::shared_ptr<VulkanContext>>
VulkanContext::create(const VulkanContextOptions &options) {
  std::shared_ptr<VulkanContext> context(new VulkanContext());
  // On failure the destructor releases whatever was created.
  if (Status s = context->initialize(options); !s)
    return s;
  return context;
}

namespace {
/// The process's context and its lock; never destroyed (see the header).
struct SharedContext {
  std::mutex mutex;
  std::shared_ptr<VulkanContext> context;
};
SharedContext &sharedContext() {
  static auto *shared = new SharedContext();
  return *shared;
}
} // namespace

std::shared_ptr<VulkanContext> VulkanContext::existing() {
  SharedContext &shared = sharedContext();
  std::lock_guard<std::mutex> lock(shared.mutex);
  return shared.context;
}

Expected<std::shared_ptr<VulkanContext>> VulkanContext::shared() {
  // The lock makes first use race-free.
  SharedContext &shared = sharedContext();
  std::lock_guard<std::mutex> lock(shared.mutex);
  std::shared_ptr<VulkanContext> *current = &shared.context;
  if (*current && !(*current)->deviceLost())
    return *current;
  Expected<VulkanContextOptions> options =
      VulkanContextOptions::fromEnvironment();
  if (!options)
    return options.status();
  Expected<std::shared_ptr<VulkanContext>> created = create(*options);
  if (!created)
    return created.status();
  *current = *created;
  return *current;
}

VulkanContext::~VulkanContext() {
  if (logical) {
    // Nothing should be in flight (executables wait for their runs); this
    // makes destruction safe if something is.
    vkDeviceWaitIdle(logical);
    if (cache)
      vkDestroyPipelineCache(logical, cache, nullptr);
    vkDestroyDevice(logical, nullptr);
  }
  if (messenger) {
    auto destroy = reinterpret_cast<PFN_vkDestroyDebugUtilsMessengerEXT>(
        vkGetInstanceProcAddr(instance, "vkDestroyDebugUtilsMessengerEXT"));
    if (destroy)
      destroy(instance, messenger, nullptr);
  }
  if (instance)
    vkDestroyInstance(instance, nullptr);
}

Status VulkanContext::initialize(const VulkanContextOptions &options) {
  log = std::make_shared<VulkanMessageLog>();
  validation = options.validation;
  if (Status s = createInstance(options); !s)
    return s;
  return createDevice(options);
}

Status VulkanContext::createInstance(const VulkanContextOptions &options) {
  // vkEnumerateInstanceVersion is missing from 1.0 loaders.
  auto enumerateVersion = reinterpret_cast<PFN_vkEnumerateInstanceVersion>(
      vkGetInstanceProcAddr(VK_NULL_HANDLE, "vkEnumerateInstanceVersion"));
  uint32_t loaderVersion = VK_API_VERSION_1_0;
  if (enumerateVersion && enumerateVersion(&loaderVersion) != VK_SUCCESS)
    loaderVersion = VK_API_VERSION_1_0;
  if (loaderVersion < VK_API_VERSION_1_1)
    return Status(StatusCode::unavailable,
                  "the Vulkan loader supports Vulkan " +
                      versionString(loaderVersion) + "; rlx needs 1.1");
  instanceVersion = std::min(loaderVersion, kMaxApiVersion);

  std::vector<std::string> available = instanceExtensions(nullptr);
  std::vector<const char *> extensions;
  std::vector<const char *> layers;
  bool debugUtils = contains(available, VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
  bool validationFeatures = false;
  if (options.validation) {
    layerVersion = layerSpecVersion(kValidationLayer);
    if (!layerVersion)
      return Status(StatusCode::unavailable,
                    "RLX_VULKAN_VALIDATION=1 asks for " +
                        std::string(kValidationLayer) +
                        ", which is not installed (Debian: "
                        "vulkan-validationlayers)");
    layers.push_back(kValidationLayer);
    std::vector<std::string> layerExtensions =
        instanceExtensions(kValidationLayer);
    debugUtils = debugUtils ||
                 contains(layerExtensions, VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
    validationFeatures =
        contains(layerExtensions, VK_EXT_VALIDATION_FEATURES_EXTENSION_NAME);
    if (!debugUtils)
      return Status(StatusCode::unavailable,
                    "RLX_VULKAN_VALIDATION=1 needs VK_EXT_debug_utils to "
                    "count the validation layer's messages, and neither the "
                    "loader nor the layer provides it");
  }
  // Also without validation: the loader explains a failed vkCreateInstance
  // through it ("Found no drivers!").
  if (debugUtils)
    extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
  if (validationFeatures)
    extensions.push_back(VK_EXT_VALIDATION_FEATURES_EXTENSION_NAME);

  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "rlx";
  app.pEngineName = "rlx";
  app.apiVersion = instanceVersion;
  VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  info.pApplicationInfo = &app;
  info.enabledLayerCount = static_cast<uint32_t>(layers.size());
  info.ppEnabledLayerNames = layers.data();
  info.enabledExtensionCount = static_cast<uint32_t>(extensions.size());
  info.ppEnabledExtensionNames = extensions.data();
  // Messages of vkCreateInstance / vkDestroyInstance themselves.
  VkDebugUtilsMessengerCreateInfoEXT messengerCreate = messengerInfo(log.get());
  // Synchronization validation checks the barriers between dispatches.
  VkValidationFeatureEnableEXT enables[] = {
      VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT};
  VkValidationFeaturesEXT features{VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT};
  features.enabledValidationFeatureCount = 1;
  features.pEnabledValidationFeatures = enables;
  const void **next = &info.pNext;
  if (debugUtils) {
    *next = &messengerCreate;
    next = &messengerCreate.pNext;
  }
  if (validationFeatures)
    *next = &features;

  VkResult result = vkCreateInstance(&info, nullptr, &instance);
  if (result != VK_SUCCESS) {
    instance = VK_NULL_HANDLE;
    std::string loader = log->loaderMessages();
    std::string cause = loader.empty() ? "" : " (loader: " + loader + ")";
    if (result == VK_ERROR_INCOMPATIBLE_DRIVER)
      return Status(StatusCode::unavailable,
                    "no Vulkan driver: vkCreateInstance returned "
                    "VK_ERROR_INCOMPATIBLE_DRIVER" +
                        cause);
    Status s = vkError(result, "vkCreateInstance (Vulkan " +
                                   versionString(instanceVersion) + ")");
    return Status(s.code(), s.message() + cause);
  }
  // Also without validation: drivers explain failures through it.
  if (debugUtils) {
    auto create = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
        vkGetInstanceProcAddr(instance, "vkCreateDebugUtilsMessengerEXT"));
    if (!create)
      return Status(StatusCode::unavailable,
                    "vkCreateDebugUtilsMessengerEXT is missing although "
                    "VK_EXT_debug_utils is enabled");
    VkDebugUtilsMessengerCreateInfoEXT persistent = messengerInfo(log.get());
    if (VkResult r = create(instance, &persistent, nullptr, &messenger);
        r != VK_SUCCESS) {
      messenger = VK_NULL_HANDLE;
      return vkError(r, "vkCreateDebugUtilsMessengerEXT");
    }
  }
  return Status::ok();
}

Status VulkanContext::createDevice(const VulkanContextOptions &options) {
  uint32_t count = 0;
  // Drivers without hardware to drive fail here (Mesa's Intel driver with
  // no Intel GPU).
  if (VkResult r = vkEnumeratePhysicalDevices(instance, &count, nullptr);
      r != VK_SUCCESS)
    return vkError(r, "no Vulkan device: vkEnumeratePhysicalDevices");
  std::vector<VkPhysicalDevice> handles(count);
  if (VkResult r = vkEnumeratePhysicalDevices(instance, &count, handles.data());
      r < VK_SUCCESS)
    return vkError(r, "no Vulkan device: vkEnumeratePhysicalDevices");
  handles.resize(count);
  std::vector<PhysicalDevice> devices;
  std::vector<VulkanDeviceCandidate> candidates;
  for (VkPhysicalDevice handle : handles) {
    devices.push_back(describe(handle));
    const PhysicalDevice &d = devices.back();
    candidates.push_back({d.props.deviceName,
                          static_cast<VulkanDeviceType>(std::min<uint32_t>(
                              d.props.deviceType, VK_PHYSICAL_DEVICE_TYPE_CPU)),
                          unusableReason(d)});
  }
  Expected<size_t> selected = selectVulkanDevice(candidates, options.device);
  if (!selected)
    return selected.status();
  const PhysicalDevice &d = devices[*selected];
  physical = d.handle;
  family = static_cast<uint32_t>(d.computeFamily);
  timestampBits = d.families[family].timestampValidBits;
  effectiveVersion = std::min(d.props.apiVersion, instanceVersion);
  vkGetPhysicalDeviceMemoryProperties(physical, &memory);
  auto hasExtension = [&](const char *name) {
    return contains(d.extensions, name);
  };
  bool core12 = effectiveVersion >= VK_API_VERSION_1_2;
  bool core13 = effectiveVersion >= VK_API_VERSION_1_3;

  // Properties.
  VkPhysicalDeviceProperties2 props{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
  VkPhysicalDeviceSubgroupProperties subgroup{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
  VkPhysicalDeviceMaintenance3Properties maintenance3{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_3_PROPERTIES};
  VkPhysicalDeviceIDProperties ids{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ID_PROPERTIES};
  VkPhysicalDeviceDriverProperties driver{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
  VkPhysicalDeviceSubgroupSizeControlProperties sizeControl{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_PROPERTIES};
  bool withDriver =
      core12 || hasExtension(VK_KHR_DRIVER_PROPERTIES_EXTENSION_NAME);
  bool withSizeControl =
      core13 || hasExtension(VK_EXT_SUBGROUP_SIZE_CONTROL_EXTENSION_NAME);
  props.pNext = &subgroup;
  subgroup.pNext = &maintenance3;
  maintenance3.pNext = &ids;
  void **next = &ids.pNext;
  if (withDriver) {
    *next = &driver;
    next = &driver.pNext;
  }
  if (withSizeControl)
    *next = &sizeControl;
  vkGetPhysicalDeviceProperties2(physical, &props);

  // Features.
  bool with8Bit = core12 || hasExtension(VK_KHR_8BIT_STORAGE_EXTENSION_NAME);
  bool withFloat16Int8 =
      core12 || hasExtension(VK_KHR_SHADER_FLOAT16_INT8_EXTENSION_NAME);
  bool withCooperative = hasExtension(kCooperativeMatrixExtension);
  if (std::string why = cooperativeMatrixWithheld(validation, layerVersion);
      withCooperative && !why.empty()) {
    withCooperative = false;
    contextNotes.push_back(why);
  }
  FeatureChain have(with8Bit, withFloat16Int8, withCooperative,
                    withSizeControl);
  vkGetPhysicalDeviceFeatures2(physical, &have.base);
  FeatureChain enable(with8Bit, withFloat16Int8, withCooperative,
                      withSizeControl);
  uint32_t features = 0;
  if (have.float16Int8.shaderFloat16) {
    enable.float16Int8.shaderFloat16 = VK_TRUE;
    features |= kVulkanFloat16;
  }
  if (have.storage16.storageBuffer16BitAccess) {
    enable.storage16.storageBuffer16BitAccess = VK_TRUE;
    features |= kVulkanStorage16Bit;
  }
  if (have.base.features.shaderInt64) {
    enable.base.features.shaderInt64 = VK_TRUE;
    features |= kVulkanInt64;
  }
  // Defence in depth under the loader's binding checks: an access outside
  // a binding's range stays inside it (docs/VulkanBackend.md, "What load
  // promises").
  bool robustBufferAccess = have.base.features.robustBufferAccess;
  if (robustBufferAccess)
    enable.base.features.robustBufferAccess = VK_TRUE;
  VkSubgroupFeatureFlags arithmetic =
      VK_SUBGROUP_FEATURE_BASIC_BIT | VK_SUBGROUP_FEATURE_ARITHMETIC_BIT;
  bool subgroupArithmetic =
      (subgroup.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT) &&
      (subgroup.supportedOperations & arithmetic) == arithmetic;
  if (subgroupArithmetic)
    features |= kVulkanSubgroupArithmetic;
  if (have.cooperativeMatrix.cooperativeMatrix) {
    enable.cooperativeMatrix.cooperativeMatrix = VK_TRUE;
    features |= kVulkanCooperativeMatrix;
  }
  if (have.storage8.storageBuffer8BitAccess && have.float16Int8.shaderInt8) {
    enable.storage8.storageBuffer8BitAccess = VK_TRUE;
    enable.float16Int8.shaderInt8 = VK_TRUE;
    features |= kVulkanStorage8Bit;
  }
  // Pinning the subgroup size of compute pipelines.
  bool pinSubgroupSize =
      withSizeControl && have.sizeControl.subgroupSizeControl &&
      (sizeControl.requiredSubgroupSizeStages & VK_SHADER_STAGE_COMPUTE_BIT);
  if (pinSubgroupSize)
    enable.sizeControl.subgroupSizeControl = VK_TRUE;
  std::vector<const char *> extensions;
  auto enableExtension = [&](const char *name) {
    if (hasExtension(name))
      extensions.push_back(name);
  };
  if (!core12 && (features & (kVulkanFloat16 | kVulkanStorage8Bit)))
    enableExtension(VK_KHR_SHADER_FLOAT16_INT8_EXTENSION_NAME);
  if (!core12 && (features & kVulkanStorage8Bit))
    enableExtension(VK_KHR_8BIT_STORAGE_EXTENSION_NAME);
  if (features & kVulkanCooperativeMatrix)
    enableExtension(kCooperativeMatrixExtension);
  if (pinSubgroupSize && !core13)
    enableExtension(VK_EXT_SUBGROUP_SIZE_CONTROL_EXTENSION_NAME);
  // The spec requires enabling it wherever it is offered (MoltenVK).
  enableExtension("VK_KHR_portability_subset");

  // The description the compiler and the loader's checks use.
  VulkanDeviceInfo &info = deviceInfo;
  const VkPhysicalDeviceLimits &limits = d.props.limits;
  info.index = static_cast<uint32_t>(*selected);
  info.name = d.props.deviceName;
  info.vendorId = d.props.vendorID;
  info.deviceId = d.props.deviceID;
  info.type = candidates[*selected].type;
  info.apiVersion = d.props.apiVersion;
  info.driverVersion = d.props.driverVersion;
  if (withDriver) {
    info.driverName = driver.driverName;
    info.driverInfo = driver.driverInfo;
  }
  std::memcpy(info.pipelineCacheUuid.data(), d.props.pipelineCacheUUID,
              VK_UUID_SIZE);
  std::memcpy(info.deviceUuid.data(), ids.deviceUUID, VK_UUID_SIZE);
  std::memcpy(info.driverUuid.data(), ids.driverUUID, VK_UUID_SIZE);
  info.maxSpirvVersion = core13 ? 0x00010600 : core12 ? 0x00010500 : 0x00010300;
  info.subgroupSize = subgroup.subgroupSize;
  info.minSubgroupSize =
      withSizeControl ? sizeControl.minSubgroupSize : subgroup.subgroupSize;
  info.maxSubgroupSize =
      withSizeControl ? sizeControl.maxSubgroupSize : subgroup.subgroupSize;
  info.subgroupArithmetic = subgroupArithmetic;
  info.subgroupSizeControl = pinSubgroupSize;
  info.maxComputeWorkgroupSubgroups =
      pinSubgroupSize ? sizeControl.maxComputeWorkgroupSubgroups : 0;
  info.maxComputeSharedMemorySize = limits.maxComputeSharedMemorySize;
  info.maxComputeWorkGroupInvocations = limits.maxComputeWorkGroupInvocations;
  for (int i = 0; i < 3; ++i) {
    info.maxComputeWorkGroupSize[i] = limits.maxComputeWorkGroupSize[i];
    info.maxComputeWorkGroupCount[i] = limits.maxComputeWorkGroupCount[i];
  }
  info.minStorageBufferOffsetAlignment = limits.minStorageBufferOffsetAlignment;
  info.maxStorageBufferRange = limits.maxStorageBufferRange;
  info.maxPerStageDescriptorStorageBuffers =
      std::min(limits.maxPerStageDescriptorStorageBuffers,
               limits.maxDescriptorSetStorageBuffers);
  info.maxMemoryAllocationSize = maintenance3.maxMemoryAllocationSize;
  info.features = features;
  info.robustBufferAccess = robustBufferAccess;
  info.timestampPeriod = limits.timestampPeriod;
  info.timestampsSupported = timestampBits > 0;
  for (uint32_t i = 0; i < memory.memoryTypeCount; ++i) {
    VkMemoryPropertyFlags flags = memory.memoryTypes[i].propertyFlags;
    VkMemoryPropertyFlags unified = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT |
                                    VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                    VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    if ((flags & unified) == unified &&
        (info.type != VulkanDeviceType::discreteGpu ||
         (flags & VK_MEMORY_PROPERTY_HOST_CACHED_BIT)))
      info.unifiedMemory = true;
  }

  float priority = 1.0f;
  VkDeviceQueueCreateInfo queueInfo{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  queueInfo.queueFamilyIndex = family;
  queueInfo.queueCount = 1;
  queueInfo.pQueuePriorities = &priority;
  VkDeviceCreateInfo deviceCreate{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  deviceCreate.pNext = &enable.base;
  deviceCreate.queueCreateInfoCount = 1;
  deviceCreate.pQueueCreateInfos = &queueInfo;
  deviceCreate.enabledExtensionCount = static_cast<uint32_t>(extensions.size());
  deviceCreate.ppEnabledExtensionNames = extensions.data();
  if (VkResult r = vkCreateDevice(physical, &deviceCreate, nullptr, &logical);
      r != VK_SUCCESS) {
    logical = VK_NULL_HANDLE;
    return vkError(r, "vkCreateDevice for '" + info.name + "'");
  }
  vkGetDeviceQueue(logical, family, 0, &queue);
  VkPipelineCacheCreateInfo cacheInfo{
      VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
  if (VkResult r = vkCreatePipelineCache(logical, &cacheInfo, nullptr, &cache);
      r != VK_SUCCESS) {
    cache = VK_NULL_HANDLE;
    return vkError(r, "vkCreatePipelineCache");
  }
  return Status::ok();
}

int VulkanContext::findMemoryType(uint32_t typeBits,
                                  VkMemoryPropertyFlags required,
                                  VkMemoryPropertyFlags preferred,
                                  uint64_t size) const {
  int fallback = -1;
  for (uint32_t i = 0; i < memory.memoryTypeCount; ++i) {
    if (!(typeBits & (1u << i)))
      continue;
    const VkMemoryType &type = memory.memoryTypes[i];
    if ((type.propertyFlags & required) != required ||
        memory.memoryHeaps[type.heapIndex].size < size)
      continue;
    if ((type.propertyFlags & preferred) == preferred)
      return static_cast<int>(i);
    if (fallback < 0)
      fallback = static_cast<int>(i);
  }
  return fallback;
}

uint64_t VulkanContext::largestHeap() const {
  uint64_t largest = 0;
  for (uint32_t i = 0; i < memory.memoryHeapCount; ++i)
    largest = std::max<uint64_t>(largest, memory.memoryHeaps[i].size);
  return largest;
}

Status VulkanContext::submitAndWait(VkCommandBuffer commands, VkFence fence,
                                    const std::string &what) {
  if (deviceLost())
    return Status(StatusCode::data_loss,
                  "the Vulkan device '" + deviceInfo.name +
                      "' was lost earlier (VK_ERROR_DEVICE_LOST)");
  VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &commands;
  VkResult result;
  {
    std::lock_guard<std::mutex> lock(queueMutex);
    result = vkQueueSubmit(queue, 1, &submit, fence);
  }
  if (result != VK_SUCCESS) {
    // Nothing was submitted; the fence is untouched.
    if (result == VK_ERROR_DEVICE_LOST)
      markDeviceLost();
    return vkError(result, "vkQueueSubmit of " + what);
  }
  result = vkWaitForFences(logical, 1, &fence, VK_TRUE, UINT64_MAX);
  if (result == VK_ERROR_DEVICE_LOST) {
    markDeviceLost();
    return vkError(result, "vkWaitForFences for " + what);
  }
  if (result != VK_SUCCESS) {
    // The submission may still run; the fence must be idle before it is
    // reset and reused.
    {
      std::lock_guard<std::mutex> lock(queueMutex);
      vkQueueWaitIdle(queue);
    }
    vkResetFences(logical, 1, &fence);
    return vkError(result, "vkWaitForFences for " + what);
  }
  if (VkResult r = vkResetFences(logical, 1, &fence); r != VK_SUCCESS)
    return vkError(r, "vkResetFences after " + what);
  return Status::ok();
}

} // namespace rlx::runtime
