// Whole datasets read into vectors (see hdf5_file.h): the shape of the loaders that read a
// group's arrays one after the other and check their sizes against each other.
#include <limits>

#include "fatgraph/io/hdf5_file.h"

namespace fatgraph::h5 {

namespace {

std::string child(const std::string& group, const char* name) {
  return group == "/" ? "/" + std::string(name) : group + "/" + name;
}

}  // namespace

template <class T>
std::vector<T> Context::numbers(hid_t loc, const std::string& group, const char* name, H5T_class_t cls,
                                hid_t memType, const std::vector<Dim>& shape) const {
  const Dataset ds = openDataset(loc, child(group, name), name, cls, shape);
  std::vector<T> out(ds.elementCount());
  readAll(ds, memType, out.data());
  return out;
}

std::vector<float> Context::floats(hid_t loc, const std::string& group, const char* name,
                                   const std::vector<Dim>& shape) const {
  return numbers<float>(loc, group, name, H5T_FLOAT, H5T_NATIVE_FLOAT, shape);
}

std::vector<double> Context::doubles(hid_t loc, const std::string& group, const char* name,
                                     const std::vector<Dim>& shape) const {
  return numbers<double>(loc, group, name, H5T_FLOAT, H5T_NATIVE_DOUBLE, shape);
}

std::vector<std::int32_t> Context::ints(hid_t loc, const std::string& group, const char* name,
                                        const std::vector<Dim>& shape) const {
  return numbers<std::int32_t>(loc, group, name, H5T_INTEGER, H5T_NATIVE_INT32, shape);
}

std::vector<std::uint32_t> Context::uints(hid_t loc, const std::string& group, const char* name,
                                          const std::vector<Dim>& shape) const {
  return numbers<std::uint32_t>(loc, group, name, H5T_INTEGER, H5T_NATIVE_UINT32, shape);
}

std::vector<std::uint8_t> Context::bytes(hid_t loc, const std::string& group, const char* name,
                                         const std::vector<Dim>& shape) const {
  return numbers<std::uint8_t>(loc, group, name, H5T_INTEGER, H5T_NATIVE_UINT8, shape);
}

std::vector<std::string> Context::strings(hid_t loc, const std::string& group, const char* name,
                                          long long count) const {
  return readStrings(openDataset(loc, child(group, name), name, H5T_STRING, {{count, "N"}}));
}

int Context::readInt32Attribute(hid_t loc, std::string_view object, const char* name) const {
  const std::int64_t v = readIntAttribute(loc, object, name);
  if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max()) {
    fail(object, std::string("attribute '") + name + "': " + std::to_string(v) + " is out of range");
  }
  return static_cast<int>(v);
}

}  // namespace fatgraph::h5
