// Saving an HDF5 file without ever destroying the previous one (see hdf5_file.h).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "fatgraph/io/atomic_file.h"
#include "fatgraph/io/hdf5_file.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#endif

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

// The descriptor HDF5 writes a new file through, and which file it is, taken while the file is
// sound: once its close has failed the handle must not be touched again (see prepare()).
struct OpenedFile {
  int descriptor = -1;
  struct stat identity {};
};

OpenedFile openedFileOf(hid_t file) {
  OpenedFile opened;
  void* handle = nullptr;
  if (H5Fget_vfd_handle(file, H5P_DEFAULT, &handle) < 0 || handle == nullptr) return opened;
  opened.descriptor = *static_cast<int*>(handle);
  if (::fstat(opened.descriptor, &opened.identity) != 0) opened.descriptor = -1;
  return opened;
}

// A file HDF5 could not close keeps its descriptor open until the process ends, so removing
// the temporary file would not give its blocks back to a full disk: empty it first. The
// descriptor is checked to still be that file (HDF5 may have closed it and another file taken
// its number).
void releaseAbandonedFile(const OpenedFile& opened) {
  struct stat now {};
  if (opened.descriptor < 0 || ::fstat(opened.descriptor, &now) != 0) return;
  if (now.st_dev != opened.identity.st_dev || now.st_ino != opened.identity.st_ino) return;
  static_cast<void>(::ftruncate(opened.descriptor, 0));
}

}  // namespace

std::string numberedGroupName(std::size_t index) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04zu", index);
  return buf;
}

void Context::saveAtomically(const std::function<void(hid_t file)>& write) const {
  prepare();
#if defined(__SANITIZE_ADDRESS__)
  // A file whose close fails is abandoned with the memory HDF5 holds for it (prepare()): by
  // design, so leak checks leave out what is allocated while a file is written.
  __lsan::ScopedDisabler abandonedFilesAreNotLeaks;
#endif
  // replaceFileAtomically checks the directory, removes the temporary file if this throws
  // (every HDF5 handle is closed by then: they live inside the lambda) and renames it over
  // the file on success.
  replaceFileAtomically(file_, [&](const std::string& temp) {
    Handle file = check(H5Fcreate(temp.c_str(), H5F_ACC_EXCL, H5P_DEFAULT, H5P_DEFAULT), "",
                        "cannot create the temporary file '" + temp + "'");
    const OpenedFile opened = openedFileOf(file.get());
    try {
      write(file.get());
      check(H5Fflush(file.get(), H5F_SCOPE_GLOBAL), "", "cannot write the file");
      check(file.close(), "", "cannot write the file");
    } catch (...) {
      // The close (by hand above, or here) may fail as the write did; either way the
      // identifier is released and never used again.
      if (file && file.close() < 0) takeErrorMessage();
      releaseAbandonedFile(opened);
      throw;
    }
    if (const int error = syncPath(temp, false); error != 0) {
      fail("", std::string("cannot flush the file to disk: ") + std::strerror(error));
    }
  });
  // Best effort: make the rename itself durable.
  const std::filesystem::path dir = std::filesystem::path(file_).parent_path();
  syncPath(dir.empty() ? std::string(".") : dir.string(), true);
}

}  // namespace fatgraph::h5
