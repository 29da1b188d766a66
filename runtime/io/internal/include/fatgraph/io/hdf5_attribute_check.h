// A structural check of a variable-length string attribute, run before HDF5 reads its value.
// Such a value is a reference into a global heap collection (length, collection address,
// object index), and HDF5 1.10 follows it unchecked: a corrupt reference made H5Aread copy
// past the collection's object table or allocate 4 GiB for a claimed length (found by
// tests/fuzz/fuzz_project_load). The reference sits in the attribute message inside the
// object header, which the HDF5 API does not expose, so the check walks that header itself.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace fatgraph::h5 {

/// Finds the attribute message called `name` in the object header at byte `header` (version 1
/// or 2, following continuation chunks) and checks the first element of its value as a
/// variable-length string reference: its datatype message must state 16-byte elements, the
/// message must hold them, and the reference must point to a valid global heap collection
/// holding that object, whose size is the string's length. Call it only for an attribute HDF5 has
/// opened and reports as a variable-length string. Returns an empty string when the value
/// passes (or the file cannot be read: HDF5 reports that), else the problem, naming byte
/// offsets. An attribute that is not in the header itself (dense attribute storage, which
/// fatgraph never writes) is reported as a problem, as it cannot be checked. Assumes 8-byte
/// lengths and addresses and a base address of 0, as in every fatgraph file.
std::string checkVlenStringAttribute(const std::string& path, std::uint64_t header,
                                     std::string_view name);
/// The same for a file held in memory (an HDF5 file image, `size` bytes at `bytes`).
std::string checkVlenStringAttribute(const unsigned char* bytes, std::size_t size,
                                     std::uint64_t header, std::string_view name);

/// Checks that every attribute message in the object header at byte `header` fits in its
/// message: its name, datatype and dataspace parts, and its value (elements times element
/// size). HDF5 1.10 decodes every attribute message of a header when it looks one up by name
/// (H5Aexists) and copies the value unchecked (tests/fuzz: a read past the header buffer), so
/// the loader runs this once per object before its first attribute lookup. Returns an empty
/// string when every message fits (or the file cannot be read), else the problem.
std::string checkAttributeMessages(const std::string& path, std::uint64_t header);
std::string checkAttributeMessages(const unsigned char* bytes, std::size_t size, std::uint64_t header);

/// The same checks on the root group's object header (found through the superblock, 8-byte
/// addresses only), run before H5Fopen: opening loads that header with its continuation
/// chunks, and HDF5 1.10 allocates a continuation's stated length before comparing it with
/// the file (tests/fuzz: allocations of 2^48 bytes and more from 100 kB files).
std::string checkRootObjectHeader(const std::string& path);
std::string checkRootObjectHeader(const unsigned char* bytes, std::size_t size);

}  // namespace fatgraph::h5
