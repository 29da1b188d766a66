#pragma once
// Internal to the HDF5 layer: a whole file mapped read-only, so the
// structure checks that run before HDF5 opens a file can look at its bytes without copying
// them. Empty (bytes == nullptr) when the file cannot be read; HDF5 then reports that itself.
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstddef>
#include <string>

namespace fatgraph::h5 {

struct MappedFile {
  const unsigned char* bytes = nullptr;
  std::size_t size = 0;
  explicit MappedFile(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0) return;
    struct stat st {};
    if (::fstat(fd, &st) == 0 && st.st_size > 0) {
      void* map = ::mmap(nullptr, static_cast<std::size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
      if (map != MAP_FAILED) {
        bytes = static_cast<const unsigned char*>(map);
        size = static_cast<std::size_t>(st.st_size);
      }
    }
    ::close(fd);
  }
  ~MappedFile() {
    if (bytes != nullptr) ::munmap(const_cast<unsigned char*>(bytes), size);
  }
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
};

}  // namespace fatgraph::h5
