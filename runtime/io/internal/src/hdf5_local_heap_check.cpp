#include "fatgraph/io/hdf5_local_heap_check.h"

#include <cstdint>
#include <set>
#include <string_view>

#include "fatgraph/io/mapped_file.h"

namespace fatgraph::h5 {

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

// The heap's free list, which HDF5 1.10 follows without looking for a cycle, allocating a node
// per block (a block naming an earlier one as the next made a group lookup grow to 24 GB;
// tests/fuzz, finding 14): every block lies in the data segment, and none comes twice.
// Returns the problem or an empty string.
std::string checkFreeList(const unsigned char* bytes, std::size_t size, std::size_t at, std::uint64_t length,
                          std::uint64_t address) {
  constexpr std::uint64_t kNone = ~std::uint64_t(0);  // "undefined": no (further) free block
  constexpr std::uint64_t kNoneOld = 1;               // H5HL_FREE_NULL as older writers store it
  std::set<std::uint64_t> seen;
  for (std::uint64_t block = readWord(bytes + at + 8 + kWord); block != kNone && block != kNoneOld;
       block = readWord(bytes + address + block)) {
    const std::string where = "HDF5 local heap at byte " + std::to_string(at);
    if (block >= length || length - block < 2 * kWord || address > size || size - address < block + 2 * kWord) {
      return where + ": a free block at offset " + std::to_string(block) + " lies outside its " +
             std::to_string(length) + "-byte data segment";
    }
    if (!seen.insert(block).second) {
      return where + ": its free list comes back to offset " + std::to_string(block) +
             " (a cycle HDF5 would follow forever)";
    }
  }
  return {};
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
    std::string problem;
    if (length != 0 && !(address <= size && length <= size - address)) {
      problem = "HDF5 local heap at byte " + std::to_string(at) + " claims a data segment of " +
                std::to_string(length) + " bytes at byte " + std::to_string(address) +
                ", past the end of the file (" + std::to_string(size) + " bytes)";
    } else if (length != 0) {
      problem = checkFreeList(bytes, size, at, length, address);
    }
    // Only now (rarely) the costlier question whether anything points at this heap.
    if (problem.empty() || !referenced(text, at)) continue;
    return problem;
  }
  return {};
}

}  // namespace fatgraph::h5
