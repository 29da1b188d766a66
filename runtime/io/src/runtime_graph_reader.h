#pragma once
// Internal to runtime_io: typed, checked reads from an HDF5 file, every failure a one-line
// std::runtime_error "<file>: <object>: <what>". Deliberately small (core has its own, larger
// helpers; the game-side loader must not depend on core). Only fixed-length strings are read:
// the .fgraph format has no variable-length data, so nothing here follows global-heap
// references, whose unchecked sizes HDF5 1.10 trusts.
#include <hdf5.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "mapped_file.h"

namespace fatgraph::runtime_io {

/// Owns one HDF5 identifier and closes it with the matching H5?close.
class Handle {
 public:
  Handle() = default;
  explicit Handle(hid_t id) : id_(id) {}
  ~Handle();
  Handle(Handle&& other) noexcept : id_(other.id_) { other.id_ = H5I_INVALID_HID; }
  Handle& operator=(Handle&& other) noexcept;
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  hid_t get() const { return id_; }

 private:
  hid_t id_ = H5I_INVALID_HID;
};

/// One expected dimension of a dataset: a fixed size, or any size (size < 0). `label` names
/// it in messages ("S" for segments): "expected shape [S=3][5], found [3][4]".
struct Dim {
  long long size = -1;
  const char* label = "";
};

class Reader {
 public:
  explicit Reader(std::string file) : file_(std::move(file)) {}
  const std::string& file() const { return file_; }

  [[noreturn]] void fail(std::string_view object, std::string_view what) const;
  /// fail() with HDF5's innermost error message appended (and the error stack cleared).
  [[noreturn]] void failHdf5(std::string_view object, std::string_view what) const;

  /// Opens the file read-only after checking it exists, carries the HDF5 signature and has
  /// no local heap reaching past its end (hdf5_local_heap_check.h).
  Handle openFile() const;
  Handle openGroup(hid_t loc, const std::string& object, const char* name) const;
  /// Names of a group's children, in name order.
  std::vector<std::string> childNames(hid_t group, const std::string& object) const;

  // Scalar attributes. Integers must fit an int; numbers may be stored as any float or int.
  int intAttribute(hid_t loc, const std::string& object, const char* name) const;
  float floatAttribute(hid_t loc, const std::string& object, const char* name) const;
  std::string stringAttribute(hid_t loc, const std::string& object, const char* name) const;
  /// Whether `loc` has an attribute `name` that is a variable-length string (which
  /// stringAttribute refuses to read).
  bool hasVariableStringAttribute(hid_t loc, const char* name) const;

  // Whole datasets of the given shape, in C order. Integer values outside the memory type's
  // range fail rather than being clipped.
  std::vector<float> floats(hid_t loc, const std::string& object, const char* name,
                            const std::vector<Dim>& shape) const;
  std::vector<double> doubles(hid_t loc, const std::string& object, const char* name,
                              const std::vector<Dim>& shape) const;
  std::vector<std::int32_t> ints(hid_t loc, const std::string& object, const char* name,
                                 const std::vector<Dim>& shape) const;
  std::vector<std::uint32_t> uints(hid_t loc, const std::string& object, const char* name,
                                   const std::vector<Dim>& shape) const;
  std::vector<std::uint8_t> bytes(hid_t loc, const std::string& object, const char* name,
                                  const std::vector<Dim>& shape) const;
  /// A 1-D dataset of fixed-length strings (ASCII or UTF-8) with `count` entries (< 0: any).
  std::vector<std::string> strings(hid_t loc, const std::string& object, const char* name,
                                   long long count) const;

 private:
  struct Opened;
  // Before HDF5 loads the object `name` links to: its object header (continuations and
  // attribute messages) checked at the address the link holds (hdf5_attribute_check.h).
  void checkObjectHeader(hid_t loc, const std::string& object, const char* name) const;
  Opened openDataset(hid_t loc, const std::string& object, const char* name, H5T_class_t cls,
                     const std::vector<Dim>& shape) const;
  void readNumbers(const Opened& ds, hid_t memType, void* out) const;
  template <class T>
  std::vector<T> numbers(hid_t loc, const std::string& object, const char* name, H5T_class_t cls,
                         hid_t memType, const std::vector<Dim>& shape) const;

  std::string file_;
  // The file's bytes for the structure checks, mapped once at the first object opened.
  mutable std::shared_ptr<const MappedFile> mapped_;
};

}  // namespace fatgraph::runtime_io
