#pragma once
// The one HDF5 layer of fatgraph's files (projects, parameterization images, runtime graphs):
// an owning handle, error-stack silencing, opening with the structure checks HDF5 1.10 needs
// before it trusts a file (hdf5_*_check.h, each found by a fuzzer), and typed readers and
// writers that turn every failure into a one-line FileError "<file>: <object>: <what>".
// Internal: compiled into fatgraph::runtime_io (whose .fgraph loader must not depend on core)
// and used by core through the fatgraph::hdf5 target; never installed. Not thread-safe (HDF5
// is built without thread safety): one thread does all file I/O.
#include <hdf5.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fatgraph::h5 {

/// Owns one HDF5 identifier (file, group, dataset, attribute, dataspace, datatype or property
/// list) and closes it with the matching H5?close on destruction.
class Handle {
 public:
  Handle() = default;
  explicit Handle(hid_t id) : id_(id) {}
  ~Handle() { reset(); }
  Handle(Handle&& other) noexcept : id_(other.release()) {}
  Handle& operator=(Handle&& other) noexcept {
    if (this != &other) {
      reset();
      id_ = other.release();
    }
    return *this;
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;

  hid_t get() const { return id_; }
  explicit operator bool() const { return id_ >= 0; }
  hid_t release() {
    const hid_t id = id_;
    id_ = H5I_INVALID_HID;
    return id;
  }
  /// Closes now and returns the close status (a file close flushes, so it can fail).
  herr_t close();
  void reset() { static_cast<void>(close()); }

 private:
  hid_t id_ = H5I_INVALID_HID;
};

/// Call before using HDF5. Turns off HDF5's automatic error-stack printing (on the calling
/// thread's default stack); it stays off: core reports HDF5 failures itself, and restoring the
/// printer would make HDF5 print "infinite loop closing library" at exit after it failed to
/// open a corrupt file.
///
/// That message comes from an HDF5 1.10.8 bug: a failed H5Fopen of a file with corrupt object
/// headers leaks some internal state, after which the library cannot shut down and the blocks
/// parked on its free lists are lost. No handle or descriptor of ours leaks. Under
/// AddressSanitizer we therefore turn the free lists off (freed blocks go straight back to
/// malloc) and exclude the failed open itself from leak reports (openFileReadOnly), so leak
/// checks of corrupt-file tests report only real leaks.
void prepare();

/// H5Fopen read-only (see prepare() for the leak-report exclusion under AddressSanitizer),
/// with file access properties `fapl` (e.g. the core driver and a file image).
/// Returns an invalid handle on failure, leaving the error stack for Context::check.
Handle openFileReadOnly(const std::string& path, hid_t fapl = H5P_DEFAULT);

/// The innermost message on the current HDF5 error stack (where the error was detected),
/// then clears the stack. Empty when the stack is empty.
std::string takeErrorMessage();

/// A string datatype, UTF-8, variable-length or of `size` bytes.
Handle stringType(bool variable, size_t size);

/// The `generator` attribute of every file this build writes.
inline constexpr const char* kGenerator = "fatgraph 0.1.0";

/// "0000", "0001", ...: the names of numbered groups (clips, hubs, edges) keep their order.
std::string numberedGroupName(std::size_t index);

/// "[10][31][4]".
std::string formatShape(const std::vector<hsize_t>& dims);

/// One expected dimension of a dataset: a fixed size, or any size (size < 0). `label` names it
/// in messages: {{-1, "F"}, {31}, {4}} prints "expected shape [F][31][4], found [10][30][4]",
/// and {{3, "S"}, {5}} prints "[S=3][5]".
struct Dim {
  long long size = -1;
  std::string_view label;
};

/// Which string storage a file's format allows. Variable-length strings live in a global heap
/// that HDF5 1.10 follows unchecked; the layer checks every reference before reading, but a
/// format that never writes them (the .fgraph) refuses them outright.
enum class StringStorage { Any, FixedLengthOnly };

struct MappedFile;

/// Names the file in every message and throws FileError(file, 0, "<object>: <what>").
class Context {
 public:
  explicit Context(std::string file, StringStorage strings = StringStorage::Any)
      : file_(std::move(file)), strings_(strings) {}
  /// For an HDF5 file image held in memory (the core driver): `file` names it in messages, and
  /// the structure checks read `image` (which must outlive the context) rather than a file
  /// called `file`.
  Context(std::string file, std::span<const unsigned char> image)
      : file_(std::move(file)), image_(image) {}
  ~Context();
  const std::string& file() const { return file_; }

  // ---- opening
  /// Opens the file read-only after checking that it exists, is a regular file with the HDF5
  /// signature ("... so not a <kind>" otherwise) and passes checkBeforeOpen; checkAfterOpen
  /// runs on the open file. Returns a valid handle or throws.
  Handle openFile(std::string_view kind) const;
  /// The checks before H5Fopen, on the file or the image: global heap collections (HDF5 would
  /// read past a corrupt object) and the root group's object header (its continuations'
  /// lengths are allocated before they are compared with the file).
  void checkBeforeOpen() const;
  /// After H5Fopen (which reads no local heap, so HDF5 still reports a truncated file itself):
  /// every local heap, whose stated size the first group lookup would allocate unchecked.
  void checkAfterOpen() const;

  [[noreturn]] void fail(std::string_view object, std::string_view what) const;
  /// Fails with "<what> (<HDF5's innermost message>)", taking the message off the error stack.
  [[noreturn]] void failHdf5(std::string_view object, std::string_view what) const;
  /// Fails the same way when id < 0; otherwise returns an owning handle.
  Handle check(hid_t id, std::string_view object, std::string_view what) const;
  /// Fails the same way when status < 0.
  void check(herr_t status, std::string_view object, std::string_view what) const;

  // ---- writing (file types are standard little-endian; strings are variable-length UTF-8)
  /// Creates a new HDF5 file beside the context's file, calls write(file), flushes, closes
  /// and fsyncs it, and renames it over the context's file: a failure at any point (thrown by
  /// `write` or here) leaves the previous file untouched and no temporary file behind.
  void saveAtomically(const std::function<void(hid_t file)>& write) const;
  Handle createGroup(hid_t loc, const std::string& name, const std::string& object) const;
  void writeStringAttribute(hid_t loc, std::string_view object, const char* name,
                            const std::string& value) const;
  void writeIntAttribute(hid_t loc, std::string_view object, const char* name,
                         std::int64_t value) const;
  void writeDoubleAttribute(hid_t loc, std::string_view object, const char* name,
                            double value) const;
  /// A flag, stored as a uint8 scalar (0 or 1).
  void writeBoolAttribute(hid_t loc, std::string_view object, const char* name, bool value) const;
  void writeStrings(hid_t loc, const std::string& object, const char* name,
                    const std::vector<std::string>& values) const;
  /// Creates a dataset of `fileType` and shape `dims` and writes `data` (memory type
  /// `memType`, C order) when it is not empty. `chunkRows` > 0 chunks the first dimension
  /// in blocks of that many rows with shuffle + deflate + Fletcher-32 (only when dims[0] > 0).
  Handle createDataset(hid_t loc, const std::string& object, const char* name, hid_t fileType,
                       const std::vector<hsize_t>& dims, hsize_t chunkRows) const;
  void writeRows(hid_t dataset, const std::string& object, hid_t memType, hsize_t firstRow,
                 hsize_t rowCount, const void* data) const;
  /// createDataset, then writes all of `data` (memory type `memType`, C order).
  void writeDataset(hid_t loc, const std::string& object, const char* name, hid_t fileType,
                    const std::vector<hsize_t>& dims, hsize_t chunkRows, hid_t memType,
                    const void* data) const;

  // ---- reading
  /// Opens the group `name` under `loc` (`object` names it in messages) after checking its
  /// object header's attribute messages (hdf5_attribute_check.h).
  Handle openGroup(hid_t loc, const std::string& name, const std::string& object) const;
  bool hasAttribute(hid_t loc, const char* name) const;
  /// Whether `loc` has a child link called `name` (a group, dataset, ...).
  bool hasLink(hid_t loc, const char* name, std::string_view object) const;
  /// The names of `loc`'s children in name order (`object` names `loc` in messages).
  std::vector<std::string> linkNames(hid_t loc, std::string_view object) const;
  std::string readStringAttribute(hid_t loc, std::string_view object, const char* name) const;
  std::int64_t readIntAttribute(hid_t loc, std::string_view object, const char* name) const;
  double readDoubleAttribute(hid_t loc, std::string_view object, const char* name) const;

  /// An open dataset with its type class and shape.
  struct Dataset {
    Handle id;
    H5T_class_t typeClass = H5T_NO_CLASS;
    std::vector<hsize_t> dims;
    std::string object;
    std::size_t elementCount() const;
  };
  /// Opens `name` under `loc`; fails unless it exists, is a dataset of `typeClass` and has
  /// the expected shape. In `expected`, a negative entry is a free dimension that is reported
  /// with the matching `labels` character ("F", "J", "E"): e.g. {-1, 31, 4} with "F" prints
  /// "expected shape [F][31][4], found [10][30][4]".
  Dataset openDataset(hid_t loc, const std::string& object, const char* name, H5T_class_t typeClass,
                      const std::vector<long long>& expected, std::string_view labels) const;
  /// The same with the expected shape as Dims. Before HDF5 loads the dataset its object header
  /// is checked; after, its shape must be possible: at most 2^34 elements, a contiguous
  /// dataset's bytes stored and inside the file, a chunked one's within deflate's best ratio
  /// of the file's size.
  Dataset openDataset(hid_t loc, const std::string& object, const char* name, H5T_class_t typeClass,
                      const std::vector<Dim>& shape) const;
  /// Reads the whole dataset (converted to `memType`) into `out`, which holds
  /// elementCount() values. Does nothing for an empty dataset. For an integer `memType`, a
  /// stored value outside its range fails ("holds a value outside the range of int32")
  /// instead of being clipped.
  void readAll(const Dataset& dataset, hid_t memType, void* out) const;
  /// Reads a 1-D string dataset (variable- or fixed-length, ASCII or UTF-8).
  std::vector<std::string> readStrings(const Dataset& dataset) const;

  // ---- whole datasets as vectors: `name` under the group `loc`, which `group` names in
  // messages ("/edges/0000" + "data" prints "/edges/0000/data: ..."). Integer values outside
  // the element type's range fail rather than being clipped.
  std::vector<float> floats(hid_t loc, const std::string& group, const char* name, const std::vector<Dim>& shape) const;
  std::vector<double> doubles(hid_t loc, const std::string& group, const char* name, const std::vector<Dim>& shape) const;
  std::vector<std::int32_t> ints(hid_t loc, const std::string& group, const char* name, const std::vector<Dim>& shape) const;
  std::vector<std::uint32_t> uints(hid_t loc, const std::string& group, const char* name, const std::vector<Dim>& shape) const;
  std::vector<std::uint8_t> bytes(hid_t loc, const std::string& group, const char* name, const std::vector<Dim>& shape) const;
  /// A 1-D string dataset with `count` entries (< 0: any).
  std::vector<std::string> strings(hid_t loc, const std::string& group, const char* name, long long count) const;
  /// An integer attribute that must fit an int ("... is out of range" otherwise).
  int readInt32Attribute(hid_t loc, std::string_view object, const char* name) const;

 private:
  // Checks the object header `name` under `loc` links to, before HDF5 loads it.
  void checkLinkedHeader(hid_t loc, const char* name, std::string_view object) const;
  // Refuses a shape the file cannot hold before a caller allocates for it.
  void checkStorage(const Dataset& dataset, hid_t type) const;
  // Checks the header at `address` once (hdf5_attribute_check.h).
  void checkHeader(haddr_t address, std::string_view object) const;
  // The bytes the structure checks read: the image, or the file mapped at first use.
  std::span<const unsigned char> bytesForChecks() const;
  std::string corrupt() const { return image_.empty() ? "corrupt file: " : "corrupt image: "; }
  template <class T>
  std::vector<T> numbers(hid_t loc, const std::string& group, const char* name, H5T_class_t cls,
                         hid_t memType, const std::vector<Dim>& shape) const;

  std::string file_;
  StringStorage strings_ = StringStorage::Any;
  std::span<const unsigned char> image_;  // empty: the file is on disk at file_
  mutable std::shared_ptr<const MappedFile> mapped_;  // file_'s bytes, for the checks
  mutable std::set<haddr_t> checkedHeaders_;  // object headers whose attribute messages fit
};

}  // namespace fatgraph::h5
