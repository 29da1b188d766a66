// Edge parameterizations as an HDF5 file image held in memory (parameterization_image.h). The
// root carries a type tag and a version; /parameterization/edges holds one numbered group per
// edge, written and read by the project file's code (project_file_parameterization.cpp).
#include "fatgraph/core/io/parameterization_image.h"

#include <algorithm>
#include <cstdint>
#include <new>
#include <span>

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/spread/work_spread.h"
#include "fatgraph/io/hdf5_file.h"
#include "project_file.h"

namespace fatgraph {

namespace {

using h5::Context;
using h5::Handle;

constexpr const char* kImageType = "fatgraph.parameterizations";
constexpr std::int64_t kImageVersion = 1;
constexpr const char* kEdges = "/parameterization/edges";

// HDF5 needs a file name even for an image. The core driver still probes it with open(2):
// H5Fcreate first tries to open an existing file, and opening an image refuses a file of that
// name. A path below /dev/null never exists (ENOTDIR), so nothing on disk is read or created,
// whatever the working directory holds.
constexpr const char* kImageName = "/dev/null/fatgraph-parameterizations";
// The core driver grows its buffer in steps of this many bytes (an edge at the default
// settings takes about 9 KiB per segment).
constexpr size_t kIncrement = size_t{1} << 20;
// The trailer: FNV-1a (64 bit) of the HDF5 bytes, little-endian. HDF5 checks neither raw data
// nor (at the default format) metadata, so without it a damaged image could read as other
// values; with it any damage, truncation included, is refused before HDF5 sees the bytes.
constexpr size_t kTrailer = 8;

Handle memoryFileAccess(const Context& ctx) {
  const char* what = "cannot set up an in-memory HDF5 file";
  Handle fapl = ctx.check(H5Pcreate(H5P_FILE_ACCESS), "", what);
  ctx.check(H5Pset_fapl_core(fapl.get(), kIncrement, /*backing_store=*/0), "", what);
  return fapl;
}

// The writer copies raw arrays of the sizes the layout implies (one weight per segment per
// sample or site, one position per sample, resolution^2 x segments grid weights): refuse
// anything else rather than read past an array.
void checkSizes(const EdgeParameterization& p, size_t index) {
  const std::string where = "parameterization " + std::to_string(index) + " ('" + p.edge + "'): ";
  const size_t n = p.sampleWeights.size();
  const size_t s = p.triangulation.segmentCount > 0 ? static_cast<size_t>(p.triangulation.segmentCount)
                                                    : (n > 0 ? static_cast<size_t>(p.sampleWeights[0].size()) : 0);
  for (const Eigen::VectorXd& w : p.sampleWeights) {
    if (static_cast<size_t>(w.size()) != s) throw Error(where + "sample weights differ in size");
  }
  for (const Eigen::VectorXd& w : p.triangulation.weights) {
    if (static_cast<size_t>(w.size()) != s) throw Error(where + "site weights differ in size");
  }
  if (p.samplePositions.size() != n) throw Error(where + "sample weights and positions differ in count");
  const WeightGrid& g = p.grid;
  if (g.resolution < 0 || g.segmentCount < 0 ||
      g.weights.size() != static_cast<size_t>(g.resolution) * g.resolution * g.segmentCount) {
    throw Error(where + "the grid's weights do not match its resolution and segment count");
  }
}

}  // namespace

std::vector<unsigned char> parameterizationsImage(const std::vector<EdgeParameterization>& edges) {
  for (size_t e = 0; e < edges.size(); ++e) checkSizes(edges[e], e);
  h5::prepare();
  const Context ctx("parameterizations image");
  Handle fapl = memoryFileAccess(ctx);
  Handle file = ctx.check(H5Fcreate(kImageName, H5F_ACC_TRUNC, H5P_DEFAULT, fapl.get()), "",
                          "cannot create an in-memory HDF5 file");
  ctx.writeStringAttribute(file.get(), "/", "file_type", kImageType);
  ctx.writeIntAttribute(file.get(), "/", "format_version", kImageVersion);
  {
    Handle group = ctx.createGroup(file.get(), "parameterization", "/parameterization");
    Handle list = ctx.createGroup(group.get(), "edges", kEdges);
    for (size_t e = 0; e < edges.size(); ++e) {
      project_file::writeEdgeParameterization(ctx, list.get(), project_file::clipGroupName(e), edges[e]);
    }
  }
  // The image is the driver's buffer: flush so it holds every object, then copy it out.
  ctx.check(H5Fflush(file.get(), H5F_SCOPE_GLOBAL), "", "cannot flush the in-memory file");
  const ssize_t size = H5Fget_file_image(file.get(), nullptr, 0);
  if (size <= 0) ctx.failHdf5("", "cannot get the file image");
  std::vector<unsigned char> image(static_cast<size_t>(size) + kTrailer);
  if (H5Fget_file_image(file.get(), image.data(), static_cast<size_t>(size)) != size) {
    ctx.failHdf5("", "cannot get the file image");
  }
  ctx.check(file.close(), "", "cannot close the in-memory file");
  const std::uint64_t sum = hashBytes(image.data(), static_cast<size_t>(size));
  for (size_t b = 0; b < kTrailer; ++b) image[static_cast<size_t>(size) + b] = static_cast<unsigned char>(sum >> (8 * b));
  return image;
}

std::vector<EdgeParameterization> readParameterizationsImage(const std::vector<unsigned char>& image,
                                                             const std::string& origin) {
  h5::prepare();
  // HDF5 reads the bytes before the trailer; so do the string checks (not a file).
  const std::span<const unsigned char> bytes(image.data(), image.size() - std::min(image.size(), kTrailer));
  const Context ctx(origin, bytes);
  try {
    if (image.empty()) ctx.fail("", "empty, not a parameterizations image");
    if (bytes.empty()) ctx.fail("", std::to_string(image.size()) + " bytes, too short for a parameterizations image");
    std::uint64_t sum = 0;
    for (size_t b = kTrailer; b-- > 0;) sum = (sum << 8) | image[bytes.size() + b];
    if (sum != hashBytes(bytes.data(), bytes.size())) {
      ctx.fail("", "damaged or not a parameterizations image (its checksum does not match its " +
                       std::to_string(image.size()) + " bytes)");
    }
    ctx.checkBeforeOpen();
    Handle fapl = memoryFileAccess(ctx);
    // HDF5 copies the bytes into the property list (and from there into the driver); it never
    // writes to them.
    ctx.check(H5Pset_file_image(fapl.get(), const_cast<unsigned char*>(bytes.data()), bytes.size()), "",
              "cannot set up an in-memory HDF5 file");
    Handle file = h5::openFileReadOnly(kImageName, fapl.get());
    if (!file) ctx.failHdf5("", "not an HDF5 file image, or a truncated or corrupt one");
    ctx.checkAfterOpen();
    if (!ctx.hasAttribute(file.get(), "file_type")) {
      ctx.fail("", "not a parameterizations image (no 'file_type' attribute on the root group)");
    }
    if (const std::string type = ctx.readStringAttribute(file.get(), "/", "file_type"); type != kImageType) {
      ctx.fail("", "not a parameterizations image (file_type is '" + type + "', expected '" + kImageType + "')");
    }
    if (const std::int64_t v = ctx.readIntAttribute(file.get(), "/", "format_version"); v != kImageVersion) {
      ctx.fail("", "format_version " + std::to_string(v) + ", this build reads " + std::to_string(kImageVersion));
    }
    Handle group = ctx.openGroup(file.get(), "parameterization", "/parameterization");
    Handle list = ctx.openGroup(group.get(), "edges", kEdges);
    std::vector<EdgeParameterization> edges;
    for (const std::string& name : project_file::numberedGroupNames(ctx, list.get(), kEdges, "parameterization")) {
      edges.push_back(project_file::readEdgeParameterization(ctx, list.get(), name));
    }
    return edges;
  } catch (const std::bad_alloc&) {
    H5Eclear2(H5E_DEFAULT);
    ctx.fail("", "out of memory while reading");
  }
}

}  // namespace fatgraph
