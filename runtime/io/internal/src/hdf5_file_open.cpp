// Opening files and the structure checks HDF5 1.10 needs before it reads an object (see
// hdf5_file.h). Each check answers a fuzzer's finding; they run here, once, for every loader.
#include <filesystem>

#include "fatgraph/io/hdf5_attribute_check.h"
#include "fatgraph/io/hdf5_file.h"
#include "fatgraph/io/hdf5_global_heap_check.h"
#include "fatgraph/io/hdf5_local_heap_check.h"
#include "fatgraph/io/mapped_file.h"

namespace fatgraph::h5 {

Context::~Context() = default;

std::span<const unsigned char> Context::bytesForChecks() const {
  if (!image_.empty()) return image_;
  if (!mapped_) mapped_ = std::make_shared<const MappedFile>(file_);
  return {mapped_->bytes, mapped_->size};
}

void Context::checkBeforeOpen() const {
  const std::span<const unsigned char> bytes = bytesForChecks();
  if (const std::string heap = checkGlobalHeapCollections(bytes.data(), bytes.size()); !heap.empty()) {
    fail("", corrupt() + heap);
  }
  if (const std::string root = checkRootObjectHeader(bytes.data(), bytes.size()); !root.empty()) {
    fail("/", corrupt() + root);
  }
}

void Context::checkAfterOpen() const {
  const std::span<const unsigned char> bytes = bytesForChecks();
  if (const std::string heap = checkLocalHeaps(bytes.data(), bytes.size()); !heap.empty()) {
    fail("", corrupt() + heap);
  }
}

Handle Context::openFile(std::string_view kind) const {
  prepare();
  std::error_code ec;
  if (!std::filesystem::exists(file_, ec)) fail("", "no such file");
  if (!std::filesystem::is_regular_file(file_, ec)) fail("", "not a regular file");
  if (H5Fis_hdf5(file_.c_str()) <= 0) {
    takeErrorMessage();
    fail("", "not an HDF5 file (no HDF5 signature), so not a " + std::string(kind));
  }
  checkBeforeOpen();
  Handle file = openFileReadOnly(file_);
  if (!file) failHdf5("", "cannot open the HDF5 file; it may be truncated or corrupt");
  checkAfterOpen();
  return file;
}

void Context::checkHeader(haddr_t address, std::string_view object) const {
  if (!checkedHeaders_.insert(address).second) return;
  const std::span<const unsigned char> bytes = bytesForChecks();
  if (const std::string p = checkAttributeMessages(bytes.data(), bytes.size(), address); !p.empty()) {
    checkedHeaders_.erase(address);
    fail(object, corrupt() + p);
  }
}

void Context::checkLinkedHeader(hid_t loc, const char* name, std::string_view object) const {
  H5L_info_t link{};
  if (H5Lget_info(loc, name, &link, H5P_DEFAULT) < 0) failHdf5(object, "cannot look up its link");
  if (link.type != H5L_TYPE_HARD) return;  // HDF5 refuses soft and external links itself
  checkHeader(link.u.address, object);
}

}  // namespace fatgraph::h5
