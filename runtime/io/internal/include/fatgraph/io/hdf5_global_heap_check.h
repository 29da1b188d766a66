// A structural check of the global heap collections of an HDF5 file, run before HDF5 opens
// it. Variable-length strings (names, attributes, edits) live in global heap collections,
// and HDF5 1.10 trusts the object sizes it finds there: a corrupt size makes H5Dread copy far
// past the collection (found by tests/fuzz/fuzz_project_load). Walking every collection the
// way HDF5 does (H5HG cache deserialize) and checking each object fits, and checking what
// the strings point to, turns that into a clean error.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace fatgraph::h5 {

/// Finds every global heap collection in the file (signature "GCOL", version 1) and checks
/// that it lies inside the file and that its objects tile it: each object header and its
/// 8-byte-aligned data end inside the collection, and the free-space object does too.
/// Returns an empty string when the file passes (or cannot be read: HDF5 reports that), else
/// what is wrong, naming the byte offset.
std::string checkGlobalHeapCollections(const std::string& path);
/// The same for a file held in memory (an HDF5 file image, `size` bytes at `bytes`).
std::string checkGlobalHeapCollections(const unsigned char* bytes, size_t size);

/// The stored size of one variable-length string: length (4 bytes), heap collection address
/// (8) and object index (4).
constexpr size_t kVlenElement = 4 + 8 + 4;

/// Checks the raw elements of a contiguously stored variable-length string dataset, `count`
/// elements of kVlenElement bytes at byte `offset`, against the collections they point to:
/// HDF5 1.10 neither checks the object index nor that the object fits the length it
/// allocated. Each non-null element must point to a valid collection holding that object,
/// whose size is the element's length. Returns an empty string or the problem, naming the
/// element and byte offsets.
std::string checkVlenStringElements(const std::string& path, std::uint64_t offset,
                                    size_t count);
/// The same for a file held in memory (an HDF5 file image, `size` bytes at `bytes`).
std::string checkVlenStringElements(const unsigned char* bytes, size_t size, std::uint64_t offset,
                                    size_t count);
/// The same for one element at byte `offset` of a file in memory, called `what` in the
/// message (e.g. "attribute 'name'").
std::string checkVlenStringElement(const unsigned char* bytes, size_t size, std::uint64_t offset,
                                   const std::string& what);

}  // namespace fatgraph::h5
