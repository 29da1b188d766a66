// Reading side of the internal HDF5 helpers (see hdf5_file.h).
#include <algorithm>
#include <filesystem>

#include "fatgraph/io/hdf5_attribute_check.h"
#include "fatgraph/io/hdf5_chunk_check.h"
#include "fatgraph/io/hdf5_file.h"
#include "fatgraph/io/hdf5_global_heap_check.h"

namespace fatgraph::h5 {

namespace {

const char* className(H5T_class_t c) {
  switch (c) {
    case H5T_INTEGER:
      return "integer";
    case H5T_FLOAT:
      return "floating-point";
    case H5T_STRING:
      return "string";
    case H5T_COMPOUND:
      return "compound";
    case H5T_ENUM:
      return "enum";
    case H5T_ARRAY:
      return "array";
    case H5T_VLEN:
      return "variable-length";
    default:
      return "other";
  }
}

// Frees the strings HDF5 allocated for a variable-length read, whatever happens next.
struct VlenStrings {
  std::vector<char*> ptrs;
  ~VlenStrings() {
    for (char* p : ptrs) {
      if (p != nullptr) H5free_memory(p);
    }
  }
};

// The object's path in the file ("/clips/0000"), for messages.
std::string objectPath(hid_t loc) {
  const ssize_t length = H5Iget_name(loc, nullptr, 0);
  if (length <= 0) return "?";
  std::string name(static_cast<size_t>(length) + 1, '\0');
  H5Iget_name(loc, name.data(), name.size());
  name.resize(static_cast<size_t>(length));
  return name;
}

}  // namespace

Handle Context::openGroup(hid_t loc, const std::string& name, const std::string& object) const {
  const htri_t exists = H5Lexists(loc, name.c_str(), H5P_DEFAULT);
  if (exists < 0) failHdf5(object, "cannot look up group");
  if (exists == 0) fail(object, "missing group");
  checkLinkedHeader(loc, name.c_str(), object);
  return check(H5Gopen2(loc, name.c_str(), H5P_DEFAULT), object, "is not a readable group");
}

bool Context::hasAttribute(hid_t loc, const char* name) const {
  // H5Aexists decodes every attribute message of the object: check they fit first, once per
  // object header (hdf5_attribute_check.h).
  H5O_info_t info{};
  if (H5Oget_info2(loc, &info, H5O_INFO_BASIC) >= 0) checkHeader(info.addr, objectPath(loc));
  const htri_t exists = H5Aexists(loc, name);
  if (exists < 0) H5Eclear2(H5E_DEFAULT);
  return exists > 0;
}

bool Context::hasLink(hid_t loc, const char* name, std::string_view object) const {
  const htri_t exists = H5Lexists(loc, name, H5P_DEFAULT);
  if (exists < 0) failHdf5(object, "cannot look up '" + std::string(name) + "'");
  return exists > 0;
}

std::vector<std::string> Context::linkNames(hid_t loc, std::string_view object) const {
  H5G_info_t info{};
  check(H5Gget_info(loc, &info), object, "cannot list the group");
  std::vector<std::string> names;
  names.reserve(static_cast<size_t>(info.nlinks));
  for (hsize_t i = 0; i < info.nlinks; ++i) {
    const ssize_t len =
        H5Lget_name_by_idx(loc, ".", H5_INDEX_NAME, H5_ITER_INC, i, nullptr, 0, H5P_DEFAULT);
    if (len < 0) failHdf5(object, "cannot list the group");
    std::string name(static_cast<size_t>(len) + 1, '\0');
    if (H5Lget_name_by_idx(loc, ".", H5_INDEX_NAME, H5_ITER_INC, i, name.data(), name.size(),
                           H5P_DEFAULT) < 0) {
      failHdf5(object, "cannot list the group");
    }
    name.resize(static_cast<size_t>(len));
    names.push_back(std::move(name));
  }
  return names;
}

namespace {

// Opens a scalar (or one-element) attribute and returns it with its type class.
Handle openScalarAttribute(const Context& ctx, hid_t loc, std::string_view object, const char* name,
                           H5T_class_t& typeClass) {
  const std::string label = std::string("attribute '") + name + "'";
  if (!ctx.hasAttribute(loc, name)) ctx.fail(object, "missing " + label);
  Handle attr = ctx.check(H5Aopen(loc, name, H5P_DEFAULT), object, "cannot open " + label);
  Handle space = ctx.check(H5Aget_space(attr.get()), object, "cannot read " + label);
  if (H5Sget_simple_extent_npoints(space.get()) != 1) {
    ctx.fail(object, label + ": expected a single value");
  }
  Handle type = ctx.check(H5Aget_type(attr.get()), object, "cannot read " + label);
  typeClass = H5Tget_class(type.get());
  return attr;
}

}  // namespace

std::string Context::readStringAttribute(hid_t loc, std::string_view object,
                                         const char* name) const {
  H5T_class_t cls{};
  Handle attr = openScalarAttribute(*this, loc, object, name, cls);
  const std::string label = std::string("attribute '") + name + "'";
  if (cls != H5T_STRING) fail(object, label + ": expected a string, found " + className(cls));
  Handle fileType = check(H5Aget_type(attr.get()), object, "cannot read " + label);
  const htri_t variable = H5Tis_variable_str(fileType.get());
  const H5T_cset_t cset = H5Tget_cset(fileType.get());
  if (variable > 0 && strings_ == StringStorage::FixedLengthOnly) {
    fail(object, label + ": expected a fixed-length string");
  }
  if (variable > 0) {
    // HDF5 1.10 follows the value's heap reference unchecked (tests/fuzz: a read past the
    // collection, a 4 GiB allocation): check it first. There is no way to read the raw
    // reference through HDF5 (no conversion path leads from a variable-length string to a
    // fixed-size type, and reading it as a string dereferences it), but HDF5 tells where the
    // object header holding the attribute message is, and the check decodes that message.
    H5O_info_t info{};
    check(H5Oget_info2(loc, &info, H5O_INFO_BASIC), object, "cannot read " + label);
    const std::span<const unsigned char> bytes = bytesForChecks();
    const std::string p = checkVlenStringAttribute(bytes.data(), bytes.size(), info.addr, name);
    if (!p.empty()) fail(object, corrupt() + p);
    Handle memType = stringType(true, 0);
    H5Tset_cset(memType.get(), cset);
    VlenStrings buf;
    buf.ptrs.assign(1, nullptr);
    check(H5Aread(attr.get(), memType.get(), buf.ptrs.data()), object, "cannot read " + label);
    return buf.ptrs[0] != nullptr ? std::string(buf.ptrs[0]) : std::string();
  }
  const size_t size = H5Tget_size(fileType.get());
  Handle memType = stringType(false, size);
  H5Tset_cset(memType.get(), cset);
  H5Tset_strpad(memType.get(), H5T_STR_NULLPAD);
  std::string s(size, '\0');
  check(H5Aread(attr.get(), memType.get(), s.data()), object, "cannot read " + label);
  s.resize(std::min(s.find('\0'), s.size()));
  return s;
}

std::int64_t Context::readIntAttribute(hid_t loc, std::string_view object, const char* name) const {
  H5T_class_t cls{};
  Handle attr = openScalarAttribute(*this, loc, object, name, cls);
  const std::string label = std::string("attribute '") + name + "'";
  if (cls != H5T_INTEGER) fail(object, label + ": expected an integer, found " + className(cls));
  std::int64_t v = 0;
  check(H5Aread(attr.get(), H5T_NATIVE_INT64, &v), object, "cannot read " + label);
  return v;
}

double Context::readDoubleAttribute(hid_t loc, std::string_view object, const char* name) const {
  H5T_class_t cls{};
  Handle attr = openScalarAttribute(*this, loc, object, name, cls);
  const std::string label = std::string("attribute '") + name + "'";
  if (cls != H5T_FLOAT && cls != H5T_INTEGER) {
    fail(object, label + ": expected a number, found " + className(cls));
  }
  double v = 0;
  check(H5Aread(attr.get(), H5T_NATIVE_DOUBLE, &v), object, "cannot read " + label);
  return v;
}

std::size_t Context::Dataset::elementCount() const {
  std::size_t n = 1;
  for (hsize_t d : dims) n *= static_cast<std::size_t>(d);
  return n;
}

namespace {

std::string describe(const std::vector<Dim>& shape) {
  std::string s;
  for (const Dim& d : shape) {
    s += "[";
    s += d.label;
    if (!d.label.empty() && d.size >= 0) s += "=";
    if (d.size >= 0) s += std::to_string(d.size);
    s += "]";
  }
  return s;
}

}  // namespace

Context::Dataset Context::openDataset(hid_t loc, const std::string& object, const char* name,
                                      H5T_class_t typeClass, const std::vector<long long>& expected,
                                      std::string_view labels) const {
  // Free dimensions take the next label character in turn.
  std::vector<Dim> shape;
  size_t label = 0;
  for (long long size : expected) {
    std::string_view text;
    if (size < 0) text = label < labels.size() ? labels.substr(label++, 1) : std::string_view("?");
    shape.push_back({size, text});
  }
  return openDataset(loc, object, name, typeClass, shape);
}

Context::Dataset Context::openDataset(hid_t loc, const std::string& object, const char* name,
                                      H5T_class_t typeClass, const std::vector<Dim>& shape) const {
  const htri_t exists = H5Lexists(loc, name, H5P_DEFAULT);
  if (exists < 0) failHdf5(object, "cannot look up dataset");
  if (exists == 0) fail(object, "missing dataset");
  checkLinkedHeader(loc, name, object);
  Dataset ds;
  ds.object = object;
  ds.id = check(H5Dopen2(loc, name, H5P_DEFAULT), object, "is not a readable dataset");
  Handle type = check(H5Dget_type(ds.id.get()), object, "cannot read the type");
  ds.typeClass = H5Tget_class(type.get());
  if (ds.typeClass != typeClass) {
    fail(object, std::string("expected ") + className(typeClass) + " data, found " +
                     className(ds.typeClass));
  }
  Handle space = check(H5Dget_space(ds.id.get()), object, "cannot read the shape");
  const int rank = H5Sget_simple_extent_ndims(space.get());
  if (rank < 0) failHdf5(object, "cannot read the shape");
  ds.dims.resize(static_cast<size_t>(rank));
  H5Sget_simple_extent_dims(space.get(), ds.dims.data(), nullptr);
  bool ok = ds.dims.size() == shape.size();
  for (size_t i = 0; ok && i < shape.size(); ++i) {
    ok = shape[i].size < 0 || ds.dims[i] == static_cast<hsize_t>(shape[i].size);
  }
  if (!ok) fail(object, "expected shape " + describe(shape) + ", found " + formatShape(ds.dims));
  checkStorage(ds, type.get());
  return ds;
}

void Context::checkStorage(const Dataset& ds, hid_t type) const {
  // Refuse absurd headers before anything is allocated for them.
  long double total = 1;
  for (hsize_t d : ds.dims) total *= static_cast<long double>(d);
  if (total > static_cast<long double>(1ull << 34)) {
    fail(ds.object, "shape " + formatShape(ds.dims) + " is too large");
  }
  if (total == 0) return;
  // A damaged shape can also claim more elements than the file stores (found by
  // test_parameterization_image: a huge `notes` made readStrings allocate 128 GiB). A
  // contiguous dataset, once written, stores all of them (one never written stores none) and
  // its bytes lie inside the file (tests/fuzz: a corrupt shape asked for a 1 GiB buffer): refuse
  // the shape before a caller allocates for it. A variable-length element takes at least 12
  // bytes (length, 4-byte heap address, index).
  const long double fileBytes = static_cast<long double>(bytesForChecks().size());
  Handle dcpl = check(H5Dget_create_plist(ds.id.get()), ds.object, "cannot read the layout");
  const H5D_layout_t layout = H5Pget_layout(dcpl.get());
  const bool variable = ds.typeClass == H5T_VLEN || H5Tis_variable_str(type) > 0;
  const long double bytes = total * (variable ? 12 : static_cast<long double>(H5Tget_size(type)));
  if (layout == H5D_CONTIGUOUS) {
    const hsize_t stored = H5Dget_storage_size(ds.id.get());
    if (static_cast<long double>(stored) < bytes) {
      fail(ds.object, corrupt() + "shape " + formatShape(ds.dims) + ", but the dataset stores " +
                          std::to_string(stored) + " bytes");
    }
    const haddr_t at = H5Dget_offset(ds.id.get());
    H5Eclear2(H5E_DEFAULT);  // H5Dget_offset reports an error for data not yet allocated
    if (fileBytes > 0 && (bytes > fileBytes || (at != HADDR_UNDEF && static_cast<long double>(at) > fileBytes - bytes))) {
      fail(ds.object, corrupt() + "its " + std::to_string(static_cast<std::uint64_t>(bytes)) + " bytes (shape " +
                          formatShape(ds.dims) + ") do not lie inside the file (" +
                          std::to_string(static_cast<std::uint64_t>(fileBytes)) + " bytes)");
    }
  }
  // A chunked dataset (a file rewritten by h5repack, say) may be compressed, up to deflate's
  // best ratio of about 1032:1.
  if (layout == H5D_CHUNKED && fileBytes > 0 && bytes / 1100 > fileBytes) {
    fail(ds.object, corrupt() + "shape " + formatShape(ds.dims) + " needs " +
                        std::to_string(static_cast<std::uint64_t>(bytes)) +
                        " bytes, more than the file could hold compressed");
  }
}

namespace {

// Conversion exception handler for integer reads: HDF5 would clip an out-of-range value to
// the memory type's range; abort the read instead and remember why.
H5T_conv_ret_t abortOutOfRange(H5T_conv_except_t except, hid_t, hid_t, void*, void*, void* flag) {
  if (except == H5T_CONV_EXCEPT_RANGE_HI || except == H5T_CONV_EXCEPT_RANGE_LOW) {
    *static_cast<bool*>(flag) = true;
    return H5T_CONV_ABORT;
  }
  return H5T_CONV_UNHANDLED;
}

std::string integerTypeName(hid_t type) {
  const std::string bits = std::to_string(H5Tget_size(type) * 8);
  return (H5Tget_sign(type) == H5T_SGN_NONE ? "uint" : "int") + bits;
}

}  // namespace

void Context::readAll(const Dataset& dataset, hid_t memType, void* out) const {
  if (dataset.elementCount() == 0) return;
  // HDF5 1.10 copies a compact dataset's raw data without checking that it holds every
  // element (tests/fuzz: a null source otherwise): check the stored size first. On disk a
  // variable-length element is its length, heap collection address and object index.
  Handle dcpl = check(H5Dget_create_plist(dataset.id.get()), dataset.object, "cannot read the layout");
  if (H5Pget_layout(dcpl.get()) == H5D_COMPACT) {
    Handle fileType = check(H5Dget_type(dataset.id.get()), dataset.object, "cannot read the type");
    const bool variable =
        H5Tget_class(fileType.get()) == H5T_VLEN || H5Tis_variable_str(fileType.get()) > 0;
    const hsize_t element = variable ? 16 : H5Tget_size(fileType.get());
    const hsize_t stored = H5Dget_storage_size(dataset.id.get());
    if (element == 0 || stored / element < dataset.elementCount()) {
      fail(dataset.object, corrupt() + "the compact dataset stores " + std::to_string(stored) +
                               " bytes for " + std::to_string(dataset.elementCount()) +
                               " elements of " + std::to_string(element) + " bytes");
    }
  }
  if (H5Pget_layout(dcpl.get()) == H5D_CHUNKED) {
    if (const std::string p = checkChunks(dataset.id.get(), bytesForChecks().size()); !p.empty()) {
      fail(dataset.object, corrupt() + p);
    }
  }
  if (H5Tget_class(memType) != H5T_INTEGER) {
    check(H5Dread(dataset.id.get(), memType, H5S_ALL, H5S_ALL, H5P_DEFAULT, out), dataset.object,
          "cannot read");
    return;
  }
  bool outOfRange = false;
  Handle xfer = check(H5Pcreate(H5P_DATASET_XFER), dataset.object, "cannot read");
  check(H5Pset_type_conv_cb(xfer.get(), abortOutOfRange, &outOfRange), dataset.object,
        "cannot read");
  if (H5Dread(dataset.id.get(), memType, H5S_ALL, H5S_ALL, xfer.get(), out) < 0) {
    if (outOfRange) {
      takeErrorMessage();
      fail(dataset.object, "holds a value outside the range of " + integerTypeName(memType));
    }
    failHdf5(dataset.object, "cannot read");
  }
}

std::vector<std::string> Context::readStrings(const Dataset& dataset) const {
  const size_t n = dataset.elementCount();
  std::vector<std::string> out;
  if (n == 0) return out;
  Handle fileType = check(H5Dget_type(dataset.id.get()), dataset.object, "cannot read the type");
  const H5T_cset_t cset = H5Tget_cset(fileType.get());
  out.reserve(n);
  if (H5Tis_variable_str(fileType.get()) > 0 && strings_ == StringStorage::FixedLengthOnly) {
    fail(dataset.object, "expected fixed-length strings");
  }
  if (H5Tis_variable_str(fileType.get()) > 0) {
    // HDF5 1.10 follows the strings' heap references unchecked (tests/fuzz): check them first.
    if (const haddr_t offset = H5Dget_offset(dataset.id.get()); offset != HADDR_UNDEF) {
      const std::span<const unsigned char> bytes = bytesForChecks();
      const std::string p = checkVlenStringElements(bytes.data(), bytes.size(), offset, n);
      if (!p.empty()) {
        fail(dataset.object, corrupt() + p);
      }
    }
    Handle memType = stringType(true, 0);
    H5Tset_cset(memType.get(), cset);
    VlenStrings buf;
    buf.ptrs.assign(n, nullptr);
    readAll(dataset, memType.get(), buf.ptrs.data());
    for (const char* p : buf.ptrs) out.emplace_back(p != nullptr ? p : "");
    return out;
  }
  const size_t size = H5Tget_size(fileType.get());
  const H5T_str_t pad = H5Tget_strpad(fileType.get());
  Handle memType = stringType(false, size);
  H5Tset_cset(memType.get(), cset);
  H5Tset_strpad(memType.get(), pad);
  std::vector<char> buf(n * size);
  readAll(dataset, memType.get(), buf.data());
  for (size_t i = 0; i < n; ++i) {
    std::string s(buf.data() + i * size, size);
    s.resize(std::min(s.find('\0'), s.size()));
    if (pad == H5T_STR_SPACEPAD) s.erase(s.find_last_not_of(' ') + 1);
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace fatgraph::h5
