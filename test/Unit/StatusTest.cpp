//===- StatusTest.cpp - Status and Expected -------------------------------===//
#include "rlx/Status.h"

#include <gtest/gtest.h>

namespace {

TEST(Status, OkByDefault) {
  rlx::Status s;
  EXPECT_TRUE(s.isOk());
  EXPECT_EQ(s.toString(), "ok");
}

TEST(Status, CarriesCodeAndMessage) {
  rlx::Status s(rlx::StatusCode::not_found, "no input named 'x'");
  EXPECT_FALSE(s.isOk());
  EXPECT_EQ(s.code(), rlx::StatusCode::not_found);
  EXPECT_EQ(s.toString(), "not_found: no input named 'x'");
}

TEST(Expected, HoldsValueOrStatus) {
  rlx::Expected<int> good(42);
  ASSERT_TRUE(good.isOk());
  EXPECT_EQ(good.value(), 42);
  rlx::Expected<int> bad(
      rlx::Status(rlx::StatusCode::data_loss, "checksum mismatch"));
  ASSERT_FALSE(bad.isOk());
  EXPECT_EQ(bad.status().code(), rlx::StatusCode::data_loss);
}

} // namespace
