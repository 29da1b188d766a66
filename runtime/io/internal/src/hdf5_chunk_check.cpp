#include "fatgraph/io/hdf5_chunk_check.h"

#include <zlib.h>

#include <cstdint>
#include <vector>

namespace fatgraph::h5 {

namespace {

// Owns an HDF5 identifier of any kind.
struct Id {
  hid_t id;
  explicit Id(hid_t value) : id(value) {}
  ~Id() {
    if (id >= 0) H5Idec_ref(id);
  }
  Id(const Id&) = delete;
  Id& operator=(const Id&) = delete;
  hid_t get() const { return id; }
};

struct Filter {
  H5Z_filter_t id = H5Z_FILTER_NONE;
  std::uint64_t inputBytes = 0;  // what the filter is given on writing (0: not known)
};

// The filters of a chunked dataset in the order they are applied on writing, each with the
// size it is given: the chunk's bytes, plus 4 after a Fletcher-32 checksum. Empty with a
// message when the pipeline holds a filter this check cannot undo.
std::vector<Filter> pipeline(hid_t dcpl, std::uint64_t chunkBytes, std::string& problem) {
  const int count = H5Pget_nfilters(dcpl);
  std::vector<Filter> filters;
  std::uint64_t size = chunkBytes;
  for (int k = 0; k < count; ++k) {
    unsigned flags = 0;
    size_t values = 0;
    char name[64] = {};
    const H5Z_filter_t id = H5Pget_filter2(dcpl, static_cast<unsigned>(k), &flags, &values, nullptr,
                                           sizeof name, name, nullptr);
    const bool known = id == H5Z_FILTER_DEFLATE || id == H5Z_FILTER_SHUFFLE || id == H5Z_FILTER_FLETCHER32;
    if (!known || (id == H5Z_FILTER_SHUFFLE && size == 0)) {
      problem = "filter " + std::to_string(id) + " ('" + name + "') is not one fatgraph writes";
      return {};
    }
    filters.push_back({id, size});
    if (id == H5Z_FILTER_FLETCHER32 && size > 0) size += 4;
    if (id == H5Z_FILTER_DEFLATE) {
      if (size == 0) {
        problem = "two deflate filters";
        return {};
      }
      size = 0;  // compressed: unknown until read
    }
  }
  return filters;
}

// Inflates `bytes` (zlib format, as HDF5's deflate filter writes) and checks it yields
// exactly `expected` bytes.
std::string inflateExactly(std::vector<unsigned char>& bytes, std::uint64_t expected) {
  // Deflate yields at most about 1032 bytes per byte it reads: refuse a claim beyond that
  // before allocating for it.
  if (expected > static_cast<std::uint64_t>(bytes.size()) * 1032 + 64) {
    return "claims to inflate " + std::to_string(bytes.size()) + " bytes to " + std::to_string(expected) +
           ", more than deflate yields";
  }
  std::vector<unsigned char> out(static_cast<size_t>(expected) + 1);
  uLongf length = static_cast<uLongf>(out.size());
  const int status = uncompress(out.data(), &length, bytes.data(), static_cast<uLong>(bytes.size()));
  if (status == Z_BUF_ERROR && length == out.size()) {
    return "inflates to more than its " + std::to_string(expected) + " bytes";
  }
  if (status != Z_OK) return "does not inflate (zlib: " + std::string(zError(status)) + ")";
  if (length != expected) {
    return "inflates to " + std::to_string(length) + " bytes, not " + std::to_string(expected);
  }
  out.resize(length);
  bytes.swap(out);
  return {};
}

}  // namespace

std::string checkChunks(hid_t dataset, std::uint64_t fileBytes) {
  const Id dcpl(H5Dget_create_plist(dataset));
  const Id space(H5Dget_space(dataset));
  const Id type(H5Dget_type(dataset));
  if (dcpl.get() < 0 || space.get() < 0 || type.get() < 0) return "cannot read its layout";
  if (H5Pget_layout(dcpl.get()) != H5D_CHUNKED) return {};
  const int rank = H5Pget_chunk(dcpl.get(), 0, nullptr);
  if (rank <= 0 || rank > 32) return "has a chunk of rank " + std::to_string(rank);
  std::vector<hsize_t> chunk(static_cast<size_t>(rank));
  H5Pget_chunk(dcpl.get(), rank, chunk.data());
  std::uint64_t chunkBytes = H5Tget_size(type.get());
  for (hsize_t d : chunk) {
    if (d == 0 || chunkBytes > (std::uint64_t(1) << 40) / d) return "has a chunk too large to read";
    chunkBytes *= d;
  }
  // fatgraph writes chunks of about 256 KiB and h5repack's are smaller still; a damaged chunk
  // shape could otherwise make the check (and HDF5) allocate gigabytes for one chunk
  // (tests/fuzz: fuzz_project_load ran out of memory).
  if (chunkBytes > kMaxChunkBytes) {
    return "has chunks of " + std::to_string(chunkBytes) + " bytes, more than the " +
           std::to_string(kMaxChunkBytes) + " a chunk may hold";
  }
  std::string problem;
  const std::vector<Filter> filters = pipeline(dcpl.get(), chunkBytes, problem);
  if (!problem.empty()) return problem;

  hsize_t count = 0;
  if (H5Dget_num_chunks(dataset, space.get(), &count) < 0) return "cannot list its chunks";
  // Every chunk the shape covers is stored (fatgraph writes whole datasets): a missing one
  // would be read as fill values, so a damaged shape could ask for memory no stored byte backs.
  std::vector<hsize_t> dims(static_cast<size_t>(rank));
  if (H5Sget_simple_extent_ndims(space.get()) != rank) return "has a chunk rank unlike its shape";
  H5Sget_simple_extent_dims(space.get(), dims.data(), nullptr);
  long double needed = 1;
  for (int k = 0; k < rank; ++k) needed *= static_cast<long double>((dims[k] + chunk[k] - 1) / chunk[k]);
  if (static_cast<long double>(count) < needed) {
    return "stores " + std::to_string(count) + " of the " + std::to_string(static_cast<std::uint64_t>(needed)) +
           " chunks its shape needs";
  }
  std::vector<hsize_t> offset(static_cast<size_t>(rank));
  for (hsize_t i = 0; i < count; ++i) {
    unsigned mask = 0;
    haddr_t address = 0;
    hsize_t stored = 0;
    if (H5Dget_chunk_info(dataset, space.get(), i, offset.data(), &mask, &address, &stored) < 0) {
      return "cannot read the index of chunk " + std::to_string(i);
    }
    const std::string which = "chunk " + std::to_string(i);
    if (mask != 0) return which + " skips filters the dataset applies (mask " + std::to_string(mask) + ")";
    if (stored > fileBytes || address == HADDR_UNDEF || address > fileBytes - stored) {
      return which + " claims " + std::to_string(stored) + " bytes outside the file";
    }
    if (filters.empty()) {
      if (stored != chunkBytes) {
        return which + " stores " + std::to_string(stored) + " bytes, not " + std::to_string(chunkBytes);
      }
      continue;
    }
    // Undo the pipeline, last filter first, checking every size on the way (HDF5 1.10 copies
    // a whole chunk out of whatever its filters returned; tests/fuzz).
    std::vector<unsigned char> bytes(static_cast<size_t>(stored));
    uint32_t applied = 0;
    if (H5Dread_chunk(dataset, H5P_DEFAULT, offset.data(), &applied, bytes.data()) < 0) {
      return "cannot read " + which;
    }
    for (auto f = filters.rbegin(); f != filters.rend(); ++f) {
      if (f->id == H5Z_FILTER_DEFLATE) {
        if (std::string p = inflateExactly(bytes, f->inputBytes); !p.empty()) return which + " " + p;
      } else if (f->id == H5Z_FILTER_FLETCHER32) {
        if (bytes.size() < 4) return which + " is too short for its checksum";
        bytes.resize(bytes.size() - 4);
      }
    }
    if (bytes.size() != chunkBytes) {
      return which + " holds " + std::to_string(bytes.size()) + " bytes, not " + std::to_string(chunkBytes);
    }
  }
  return {};
}

}  // namespace fatgraph::h5
