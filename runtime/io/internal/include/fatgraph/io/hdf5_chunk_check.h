// A structural check of a chunked dataset, run before HDF5 reads it. HDF5 1.10 copies a whole
// chunk out of whatever its filter pipeline returned, so a chunk whose index skips the
// filters, or whose deflate stream inflates to fewer bytes than a chunk holds, made H5Dread
// copy past its buffer (found by tests/fuzz/fuzz_project_load, translations_read_overflow). Shared by the
// project and .fgraph loaders.
#pragma once

#include <cstdint>
#include <string>

#include <hdf5.h>

namespace fatgraph::h5 {

/// The largest chunk read, in bytes (fatgraph writes about 256 KiB).
inline constexpr std::uint64_t kMaxChunkBytes = std::uint64_t(64) << 20;

/// For a chunked dataset: every chunk applies the dataset's whole filter pipeline (Fletcher-32,
/// shuffle and deflate, the filters fatgraph writes; any other is refused), lies inside the
/// file (`fileBytes`), holds at most kMaxChunkBytes, is stored (none left to fill
/// values) and yields exactly a chunk's bytes once its filters are undone (each
/// chunk is read raw and inflated here, so a filtered dataset is decompressed twice). Returns
/// an empty string for a sound or unchunked dataset, else the problem, naming the chunk.
std::string checkChunks(hid_t dataset, std::uint64_t fileBytes);

}  // namespace fatgraph::h5
