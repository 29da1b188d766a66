#pragma once
// A structural check of the local heaps of an HDF5 file, run before HDF5 reads any group (after
// H5Fopen, which reads no local heap, so HDF5 still reports a truncated file itself). Groups in
// the files fatgraph writes (old-style symbol tables) keep their member names in a local
// heap, and HDF5 1.10 sizes the buffer for a heap's data segment from the length the file
// states before it compares that length with the end of the file: a corrupt length made it
// allocate 8 GiB while looking up a group member (found by tests/fuzz/fuzz_project_load).
// Checking every heap's data segment against the file's size first turns that into a clean
// error. Shared by core's project loader and runtime_io's .fgraph loader (which must not
// depend on core), so it lives here.
#include <cstddef>
#include <string>

namespace fatgraph::h5 {

/// Finds every local heap the file refers to (signature "HEAP", version 0, whose address
/// appears in the file as an 8-byte little-endian value, as the symbol table message naming
/// it does) and checks that its data segment lies inside the file. A signature inside raw data
/// that nothing points to is no heap and is ignored. Returns an empty string when the file
/// passes (or cannot be read: HDF5 reports that), else what is wrong, naming the byte offsets.
/// Assumes 8-byte lengths and addresses and a base address of 0, as in every fatgraph file;
/// other files are only checked less (never refused wrongly).
std::string checkLocalHeaps(const std::string& path);
/// The same for a file held in memory (an HDF5 file image, `size` bytes at `bytes`).
std::string checkLocalHeaps(const unsigned char* bytes, std::size_t size);

}  // namespace fatgraph::h5
