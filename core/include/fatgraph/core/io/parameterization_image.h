#pragma once
// Fat-edge parameterizations as bytes, to hand results between processes: the ranks of
// `mpirun -np K fatgraph build` each parameterize some edges and send them to rank 0, which
// writes the project. The bytes are an HDF5 file image built in memory (HDF5's core driver,
// nothing touches the disk) and laid out as a project file's /parameterization/edges
// (docs/PROJECT_FORMAT.md). The project file's own code writes and reads each edge, so there
// is one definition of the layout and every value comes back bit for bit. Eight bytes follow
// the HDF5 bytes: their FNV-1a 64-bit hash, little-endian, so that damage HDF5 would not notice
// (in raw data) is refused too.
//
// Not thread-safe: HDF5 is built without thread safety, so call these from the one thread
// that does all of the process's HDF5 work (project loading and saving included).
#include <string>
#include <vector>

#include "fatgraph/core/param/edge_parameterization.h"

namespace fatgraph {

/// Edge parameterizations as one block of bytes and back, to hand results between processes
/// (the ranks of `mpirun ... fatgraph build`): an HDF5 file image held in memory, laid out
/// as a project file's /parameterization/edges (docs/PROJECT_FORMAT.md) and written and read
/// by the project file's own code, so every value comes back bit for bit. Order is kept
/// (groups "0000", "0001", ...). Throws Error for a parameterization whose arrays disagree in
/// size (which the layout cannot hold), FileError if HDF5 fails.
std::vector<unsigned char> parameterizationsImage(const std::vector<EdgeParameterization>& edges);

/// Throws FileError naming `origin` (e.g. "rank 1's parameterizations") when `image` is not
/// such an image (truncated, damaged, another file).
std::vector<EdgeParameterization> readParameterizationsImage(const std::vector<unsigned char>& image,
                                                             const std::string& origin);

}  // namespace fatgraph
