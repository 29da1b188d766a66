#include "hdf5_local_heap_check.h"

#include <cstdint>
#include <string_view>

#include "mapped_file.h"

namespace fatgraph::runtime_io {

namespace {

// HDF5 file format 1.10, "Local Heap": the signature, a version byte (0), three reserved
// bytes, the data segment size and the offset of the free list's head ("size of lengths"
// bytes each) and the data segment's address ("size of offsets" bytes); 8 and 8 here.
constexpr std::string_view kSignature("HEAP\x00\x00\x00\x00", 8);
constexpr std::size_t kWord = 8;
constexpr std::size_t kHeader = 8 + 3 * kWord;

std::uint64_t readWord(const unsigned char* p) {
  std::uint64_t v = 0;
  for (std::size_t i = kWord; i-- > 0;) v = (v << 8) | p[i];  // little-endian
  return v;
}

// Whether the 8-byte little-endian encoding of `address` occurs anywhere in the file.
bool referenced(std::string_view text, std::uint64_t address) {
  char word[kWord];
  for (std::size_t i = 0; i < kWord; ++i) word[i] = static_cast<char>((address >> (8 * i)) & 0xff);
  return text.find(std::string_view(word, kWord)) != std::string_view::npos;
}

}  // namespace

std::string checkLocalHeaps(const std::string& path) {
  const MappedFile file(path);
  return checkLocalHeaps(file.bytes, file.size);
}

std::string checkLocalHeaps(const unsigned char* bytes, std::size_t size) {
  if (bytes == nullptr) return {};
  const std::string_view text(reinterpret_cast<const char*>(bytes), size);
  for (std::size_t at = text.find(kSignature); at != std::string_view::npos;
       at = text.find(kSignature, at + 1)) {
    if (size - at < kHeader) break;  // cut off: HDF5 fails reading the header itself
    const std::uint64_t length = readWord(bytes + at + 8);
    const std::uint64_t address = readWord(bytes + at + 8 + 2 * kWord);
    if (length == 0 || (address <= size && length <= size - address)) continue;
    // Only now (rarely) the costlier question whether anything points at this heap.
    if (!referenced(text, at)) continue;
    return "HDF5 local heap at byte " + std::to_string(at) + " claims a data segment of " +
           std::to_string(length) + " bytes at byte " + std::to_string(address) +
           ", past the end of the file (" + std::to_string(size) + " bytes)";
  }
  return {};
}

}  // namespace fatgraph::runtime_io
