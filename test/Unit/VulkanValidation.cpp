//===- VulkanValidation.cpp - Every Vulkan test under the validation layer ===//
//
// Linked into the test binaries that run on Vulkan through the API: turns
// the Khronos validation layer on (with synchronization validation) before
// the process's Vulkan context exists, and fails the run if the layer or
// the driver reported anything. lit runs each test in its own process, so a
// message fails the test that provoked it. RLX_VULKAN_VALIDATION set by the
// caller wins (0 turns the layer off and the check with it).
//
//===----------------------------------------------------------------------===//
#include "runtime/Runtime.h"

#include <gtest/gtest.h>

#include <cstdlib>

namespace {

class VulkanValidation : public ::testing::Environment {
public:
  void SetUp() override {
    setenv("RLX_VULKAN_VALIDATION", "1", /*overwrite=*/0);
  }
  void TearDown() override {
    // Only a process that used Vulkan has a context to ask; one with the
    // layer off (the caller's RLX_VULKAN_VALIDATION=0) is not checked.
    if (!rlx::runtime::vulkanValidationEnabled())
      return;
    std::vector<std::string> messages = rlx::runtime::vulkanMessages();
    EXPECT_TRUE(messages.empty())
        << messages.size() << " Vulkan validation or driver messages, the "
        << "first: " << messages.front();
  }
};

::testing::Environment *const environment =
    ::testing::AddGlobalTestEnvironment(new VulkanValidation);

} // namespace
