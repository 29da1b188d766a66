// Saving an HDF5 file without ever destroying the previous one (see hdf5_file.h).
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "fatgraph/io/atomic_file.h"
#include "fatgraph/io/hdf5_file.h"

namespace fatgraph::h5 {

namespace {

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

std::string numberedGroupName(std::size_t index) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04zu", index);
  return buf;
}

void Context::saveAtomically(const std::function<void(hid_t file)>& write) const {
  prepare();
  // replaceFileAtomically checks the directory, removes the temporary file if this throws
  // (every HDF5 handle is closed by then: they live inside the lambda) and renames it over
  // the file on success.
  replaceFileAtomically(file_, [&](const std::string& temp) {
    Handle file = check(H5Fcreate(temp.c_str(), H5F_ACC_EXCL, H5P_DEFAULT, H5P_DEFAULT), "",
                        "cannot create the temporary file '" + temp + "'");
    write(file.get());
    check(H5Fflush(file.get(), H5F_SCOPE_GLOBAL), "", "cannot write the file");
    check(file.close(), "", "cannot write the file");
    if (const int error = syncPath(temp, false); error != 0) {
      fail("", std::string("cannot flush the file to disk: ") + std::strerror(error));
    }
  });
  // Best effort: make the rename itself durable.
  const std::filesystem::path dir = std::filesystem::path(file_).parent_path();
  syncPath(dir.empty() ? std::string(".") : dir.string(), true);
}

}  // namespace fatgraph::h5
