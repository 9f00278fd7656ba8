#include "common/owner.h"

#include <gtest/gtest.h>

namespace frp {
namespace {

TEST(Owner, EachNameReadsBackAsItsOwner) {
  for (Owner owner : {Owner::Generated, Owner::Scaffold, Owner::Input}) {
    EXPECT_EQ(owner_named(to_string(owner)), owner) << to_string(owner);
  }
  EXPECT_EQ(to_string(Owner::Scaffold), "scaffold");
}

TEST(Owner, OtherNamesAreNoOwner) {
  EXPECT_EQ(owner_named("Generated"), std::nullopt);
  EXPECT_EQ(owner_named(""), std::nullopt);
  EXPECT_EQ(owner_named("user"), std::nullopt);
}

}  // namespace
}  // namespace frp
