#include "fatgraph/io/hdf5_global_heap_check.h"

#include <cstdint>
#include <cstring>
#include <map>
#include <string_view>

#include "fatgraph/io/mapped_file.h"

namespace fatgraph::h5 {



namespace {

// HDF5 file format 1.10, "Global Heap": the collection header is the signature, a version
// byte (1), three reserved bytes and the collection size ("size of lengths" bytes; fatgraph
// files and HDF5's defaults use 8). Each object is a 2-byte index, a 2-byte reference count,
// four reserved bytes and its size, then its data padded to a multiple of 8. Index 0 is the
// free space, whose size already includes its header and is not padded.
constexpr std::string_view kSignature("GCOL\x01\x00\x00\x00", 8);
constexpr size_t kLengthSize = 8;
constexpr size_t kCollectionHeader = 8 + kLengthSize;
constexpr size_t kObjectHeader = 8 + kLengthSize;

std::uint64_t readLength(const unsigned char* p) {
  std::uint64_t v = 0;
  for (size_t i = kLengthSize; i-- > 0;) v = (v << 8) | p[i];  // little-endian
  return v;
}

// Walks the collection at byte `at`; records each object's size by index in `objects` when
// given. Returns "" or the problem.
std::string checkCollection(const unsigned char* file, size_t fileSize, size_t at,
                            std::map<unsigned, std::uint64_t>* objects = nullptr) {
  const std::string where = "HDF5 global heap collection at byte " + std::to_string(at);
  if (fileSize - at < kCollectionHeader) return where + " is cut off by the end of the file";
  const std::uint64_t size = readLength(file + at + 8);
  if (size < kCollectionHeader || size > fileSize - at) {
    return where + " claims " + std::to_string(size) + " bytes, more than the file holds";
  }
  const size_t end = at + size;
  size_t p = at + kCollectionHeader;
  while (p < end) {
    if (end - p < kObjectHeader) break;  // too small for an object: trailing free space
    const unsigned index = file[p] | (unsigned(file[p + 1]) << 8);
    const std::uint64_t objectSize = readLength(file + p + 8);
    if (objectSize > end - p) {
      return where + ": object " + std::to_string(index) + " at byte " + std::to_string(p) +
             " claims " + std::to_string(objectSize) + " bytes, past the collection's end";
    }
    const std::uint64_t need =
        index > 0 ? kObjectHeader + ((objectSize + 7) & ~std::uint64_t(7)) : objectSize;
    if (need < kObjectHeader || need > end - p) {
      return where + ": object " + std::to_string(index) + " at byte " + std::to_string(p) +
             " does not fit the collection (" + std::to_string(need) + " bytes)";
    }
    if (objects != nullptr && index > 0) (*objects)[index] = objectSize;
    p += need;
  }
  return {};
}

std::uint32_t readU32(const unsigned char* p) {
  return p[0] | (std::uint32_t(p[1]) << 8) | (std::uint32_t(p[2]) << 16) | (std::uint32_t(p[3]) << 24);
}

}  // namespace

std::string checkGlobalHeapCollections(const std::string& path) {
  const MappedFile file(path);
  if (file.bytes == nullptr) return {};
  return checkGlobalHeapCollections(file.bytes, file.size);
}

std::string checkGlobalHeapCollections(const unsigned char* bytes, size_t size) {
  if (bytes == nullptr) return {};
  const std::string_view text(reinterpret_cast<const char*>(bytes), size);
  for (size_t at = text.find(kSignature); at != std::string_view::npos;
       at = text.find(kSignature, at + 1)) {
    if (std::string problem = checkCollection(bytes, size, at); !problem.empty()) {
      return problem;
    }
  }
  return {};
}

std::string checkVlenStringElements(const std::string& path, std::uint64_t offset,
                                    size_t count) {
  const MappedFile file(path);
  if (file.bytes == nullptr) return {};
  return checkVlenStringElements(file.bytes, file.size, offset, count);
}

namespace {

using Collections = std::map<std::uint64_t, std::map<unsigned, std::uint64_t>>;

// Checks the variable-length string element at byte `at` (length, collection address, object
// index) against the collection it points to, walked once per address into `collections`.
// `where` names the element in the message.
std::string checkElement(const unsigned char* bytes, size_t size, size_t at, const std::string& where,
                         Collections& collections) {
  const unsigned char* e = bytes + at;
  const std::uint32_t length = readU32(e);
  std::uint64_t address = 0;
  for (size_t b = 8; b-- > 0;) address = (address << 8) | e[4 + b];
  const std::uint32_t index = readU32(e + 12);
  if (address == 0) return {};  // a null string: HDF5 reads nothing
  auto found = collections.find(address);
  if (found == collections.end()) {
    if (address > size || size - address < kSignature.size() ||
        std::string_view(reinterpret_cast<const char*>(bytes + address), kSignature.size()) !=
            kSignature) {
      return where + " points to byte " + std::to_string(address) +
             ", which holds no global heap collection";
    }
    std::map<unsigned, std::uint64_t> objects;
    if (std::string problem = checkCollection(bytes, size, address, &objects); !problem.empty()) {
      return problem;
    }
    found = collections.emplace(address, std::move(objects)).first;
  }
  const auto object = found->second.find(index);
  if (object == found->second.end()) {
    return where + " points to object " + std::to_string(index) +
           " of the global heap collection at byte " + std::to_string(address) +
           ", which has no such object";
  }
  // HDF5 allocates the stated length and then copies the whole object into it: a longer
  // object overruns the buffer, a longer length only wastes memory, up to 4 GiB. HDF5 stores
  // a string's bytes (no terminator) as its object, so in a sound file the two agree.
  if (object->second != length) {
    return where + " is " + std::to_string(length) + " bytes long but its heap object holds " +
           std::to_string(object->second);
  }
  return {};
}

}  // namespace

std::string checkVlenStringElements(const unsigned char* bytes, size_t size, std::uint64_t offset,
                                    size_t count) {
  if (bytes == nullptr) return {};
  if (offset > size || count > (size - offset) / kVlenElement) {
    return "variable-length strings at byte " + std::to_string(offset) +
           " extend past the end of the file";
  }
  Collections collections;
  for (size_t i = 0; i < count; ++i) {
    const size_t at = offset + i * kVlenElement;
    const std::string where = "string " + std::to_string(i) + " (byte " + std::to_string(at) + ")";
    if (std::string problem = checkElement(bytes, size, at, where, collections); !problem.empty()) {
      return problem;
    }
  }
  return {};
}

std::string checkVlenStringElement(const unsigned char* bytes, size_t size, std::uint64_t offset,
                                   const std::string& what) {
  if (bytes == nullptr) return {};
  if (offset > size || size - offset < kVlenElement) {
    return what + " at byte " + std::to_string(offset) + " extends past the end of the file";
  }
  Collections collections;
  return checkElement(bytes, size, offset, what + " (byte " + std::to_string(offset) + ")",
                      collections);
}

}  // namespace fatgraph::h5
