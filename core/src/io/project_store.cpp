// The HDF5 project store: opening, atomic saving and the cheap file check. The contents are
// written and read by project_file_writer.cpp and project_file_reader.cpp.
#include "fatgraph/core/project_store.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <new>

#include "fatgraph/core/atomic_file.h"
#include "fatgraph/core/error.h"
#include "hdf5_file.h"
#include "hdf5_local_heap_check.h"
#include "hdf5_attribute_check.h"
#include "hdf5_global_heap_check.h"
#include "project_file.h"

namespace fatgraph {

namespace {

using h5::Context;
using h5::Handle;

// Flushes a closed file's data (and then its directory entry) to disk before the rename
// makes it visible, so a crash never leaves a renamed but empty file. Returns 0 or errno.
int syncPath(const std::string& path, bool directory) {
  const int fd = ::open(path.c_str(), O_RDONLY | (directory ? O_DIRECTORY : 0));
  if (fd < 0) return errno;
  const int error = ::fsync(fd) == 0 ? 0 : errno;
  ::close(fd);
  return error;
}

}  // namespace

void saveProject(const Project& project, const std::string& path,
                 const ProjectSaveOptions& options) {
  const Context ctx(path);
  if (std::string e = project.validate(); !e.empty()) {
    ctx.fail("", "cannot save an invalid project: " + e);
  }
  // A stale distance cache (made for other clips) is not written, so it is not checked.
  if (const project_file::Problem p =
          project_file::checkGraphData(project, project_file::writesDistanceCache(project));
      p.found()) {
    ctx.fail("", "cannot save an invalid project: " + p.object + ": " + p.what);
  }
  h5::prepare();
  // replaceFileAtomically checks the directory, removes the temporary file if this throws
  // (every HDF5 handle is closed by then: they live inside the lambda) and renames it over
  // `path` on success.
  replaceFileAtomically(path, [&](const std::string& temp) {
    Handle file = ctx.check(H5Fcreate(temp.c_str(), H5F_ACC_EXCL, H5P_DEFAULT, H5P_DEFAULT), "",
                            "cannot create the temporary file '" + temp + "'");
    project_file::write(ctx, file.get(), project, options);
    ctx.check(H5Fflush(file.get(), H5F_SCOPE_GLOBAL), "", "cannot write the file");
    ctx.check(file.close(), "", "cannot write the file");
    if (const int error = syncPath(temp, false); error != 0) {
      ctx.fail("", std::string("cannot flush the file to disk: ") + std::strerror(error));
    }
  });
  // Best effort: make the rename itself durable.
  const std::filesystem::path dir = std::filesystem::path(path).parent_path();
  syncPath(dir.empty() ? std::string(".") : dir.string(), true);
}

Project loadProject(const std::string& path) {
  h5::prepare();
  const Context ctx(path);
  try {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) ctx.fail("", "no such file");
    if (!std::filesystem::is_regular_file(path, ec)) ctx.fail("", "not a regular file");
    if (H5Fis_hdf5(path.c_str()) <= 0) {
      h5::takeErrorMessage();
      ctx.fail("", "not an HDF5 file (no HDF5 signature), so not a fatgraph project");
    }
    // HDF5 1.10 would read past a corrupt global heap object (tests/fuzz): check them first.
    if (const std::string heap = h5::checkGlobalHeapCollections(path); !heap.empty()) {
      ctx.fail("", "corrupt file: " + heap);
    }
    // Opening loads the root group's object header and its continuations (tests/fuzz).
    if (const std::string root = h5::checkRootObjectHeader(path); !root.empty()) {
      ctx.fail("/", "corrupt file: " + root);
    }
    Handle file = h5::openFileReadOnly(path);
    if (!file) {
      ctx.failHdf5("", "cannot open the HDF5 file; it may be truncated or corrupt");
    }
    // Opening reads no local heap, but the first lookup of a group member would allocate the
    // heap's stated size before checking it (tests/fuzz). After the open, so a truncated file
    // is still reported as HDF5 finds it.
    if (const std::string heap = runtime_io::checkLocalHeaps(path); !heap.empty()) {
      ctx.fail("", "corrupt file: " + heap);
    }
    return project_file::read(ctx, file.get());
  } catch (const std::bad_alloc&) {
    H5Eclear2(H5E_DEFAULT);
    ctx.fail("", "out of memory while loading");
  }
}

bool isHdf5File(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return false;
  h5::prepare();
  return H5Fis_hdf5(path.c_str()) > 0;
}

bool isProjectFile(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return false;
  h5::prepare();
  bool result = false;
  if (H5Fis_hdf5(path.c_str()) > 0 && h5::checkGlobalHeapCollections(path).empty() &&
      h5::checkRootObjectHeader(path).empty()) {
    Handle file = h5::openFileReadOnly(path);
    if (file) {
      try {
        const Context ctx(path);
        result = ctx.hasAttribute(file.get(), "file_type") &&
                 ctx.readStringAttribute(file.get(), "/", "file_type") == project_file::kFileType;
      } catch (const std::exception&) {
        result = false;
      }
    }
  }
  H5Eclear2(H5E_DEFAULT);
  return result;
}

}  // namespace fatgraph
