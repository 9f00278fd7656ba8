// Scaffolded by frp-gen. This file is yours: regen never overwrites it;
// when an operator's schema changes, it merges the new signature in and keeps your code.
//
// The collective library of mydevice, as torch.distributed's mydeviceccl backend calls it (the
// interface and its rules are in generated/collectives.h). This starting point provides none: every
// collective stages through host memory onto Gloo, which works between processes and machines on
// any device. To go native, make available() true, create and destroy a communicator of your
// library, and implement the calls your library has, one at a time; a call that answers NotProvided
// keeps staging.
#include "generated/collectives.h"

#include <c10/util/Exception.h>

namespace mydevice::collectives {

bool available() {
  return false;
}

Communicator create_communicator(
    c10d::Store& /*store*/,
    int /*rank*/,
    int /*size*/,
    int /*device*/,
    std::chrono::milliseconds /*timeout*/) {
  TORCH_CHECK(false, "no collective library: available() is false");
}

void destroy_communicator(Communicator /*comm*/) noexcept {}

Status all_reduce(
    const void* /*input*/,
    void* /*output*/,
    std::size_t /*count*/,
    c10::ScalarType /*dtype*/,
    c10d::ReduceOp::RedOpType /*op*/,
    Communicator /*comm*/,
    runtime::Stream /*stream*/) {
  return Status::NotProvided;
}

Status broadcast(
    void* /*buffer*/,
    std::size_t /*count*/,
    c10::ScalarType /*dtype*/,
    int /*root*/,
    Communicator /*comm*/,
    runtime::Stream /*stream*/) {
  return Status::NotProvided;
}

Status all_gather(
    const void* /*input*/,
    void* /*output*/,
    std::size_t /*count*/,
    c10::ScalarType /*dtype*/,
    Communicator /*comm*/,
    runtime::Stream /*stream*/) {
  return Status::NotProvided;
}

Status reduce_scatter(
    const void* /*input*/,
    void* /*output*/,
    std::size_t /*count*/,
    c10::ScalarType /*dtype*/,
    c10d::ReduceOp::RedOpType /*op*/,
    Communicator /*comm*/,
    runtime::Stream /*stream*/) {
  return Status::NotProvided;
}

}  // namespace mydevice::collectives
