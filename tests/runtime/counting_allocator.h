#pragma once
// A counting global allocator for one test executable (include it in exactly one source):
// tests that must not allocate arm countingAllocations around the code they check.
#include <atomic>
#include <cstdlib>
#include <new>

// Counting allocator for this executable: the no-allocation test counts only while armed.
namespace counting {
inline std::atomic<bool> countingAllocations{false};
inline std::atomic<long> allocations{0};
inline void* allocate(std::size_t size) {
  if (countingAllocations.load(std::memory_order_relaxed)) allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
inline void* allocateAligned(std::size_t size, std::align_val_t alignment) {
  if (countingAllocations.load(std::memory_order_relaxed)) allocations.fetch_add(1, std::memory_order_relaxed);
  const std::size_t a = static_cast<std::size_t>(alignment);
  if (void* p = std::aligned_alloc(a, (size + a - 1) / a * a)) return p;
  throw std::bad_alloc();
}
}  // namespace
void* operator new(std::size_t size) { return counting::allocate(size); }
void* operator new[](std::size_t size) { return counting::allocate(size); }
void* operator new(std::size_t size, std::align_val_t a) { return counting::allocateAligned(size, a); }
void* operator new[](std::size_t size, std::align_val_t a) { return counting::allocateAligned(size, a); }
// The nothrow forms too (std::stable_sort's buffer uses them): every allocation of this
// executable comes from malloc and is freed by the deletes below, also under ASan.
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  try { return counting::allocate(size); } catch (...) { return nullptr; }
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  try { return counting::allocate(size); } catch (...) { return nullptr; }
}
void* operator new(std::size_t size, std::align_val_t a, const std::nothrow_t&) noexcept {
  try { return counting::allocateAligned(size, a); } catch (...) { return nullptr; }
}
void* operator new[](std::size_t size, std::align_val_t a, const std::nothrow_t&) noexcept {
  try { return counting::allocateAligned(size, a); } catch (...) { return nullptr; }
}
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
