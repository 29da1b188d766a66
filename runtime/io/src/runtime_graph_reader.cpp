#include "runtime_graph_reader.h"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <stdexcept>

#include "hdf5_attribute_check.h"
#include "hdf5_chunk_check.h"
#include "hdf5_local_heap_check.h"

namespace fatgraph::runtime_io {

Handle::~Handle() {
  if (id_ < 0 || H5Iis_valid(id_) <= 0) return;
  switch (H5Iget_type(id_)) {
    case H5I_FILE: H5Fclose(id_); break;
    case H5I_GROUP: H5Gclose(id_); break;
    case H5I_DATASET: H5Dclose(id_); break;
    case H5I_ATTR: H5Aclose(id_); break;
    case H5I_DATASPACE: H5Sclose(id_); break;
    case H5I_DATATYPE: H5Tclose(id_); break;
    case H5I_GENPROP_LST: H5Pclose(id_); break;
    default: H5Idec_ref(id_); break;
  }
}

Handle& Handle::operator=(Handle&& other) noexcept {
  if (this != &other) {
    Handle old(id_);  // closes the previous id
    id_ = other.id_;
    other.id_ = H5I_INVALID_HID;
  }
  return *this;
}

namespace {

herr_t keepInnermost(unsigned n, const H5E_error2_t* err, void* out) {
  if (n == 0 && err != nullptr && err->desc != nullptr) *static_cast<std::string*>(out) = err->desc;
  return 0;
}

// HDF5 would clip an integer that does not fit the memory type; abort the read instead.
H5T_conv_ret_t abortOutOfRange(H5T_conv_except_t except, hid_t, hid_t, void*, void*, void* flag) {
  if (except == H5T_CONV_EXCEPT_RANGE_HI || except == H5T_CONV_EXCEPT_RANGE_LOW) {
    *static_cast<bool*>(flag) = true;
    return H5T_CONV_ABORT;
  }
  return H5T_CONV_UNHANDLED;
}

std::string describe(const std::vector<hsize_t>& dims) {
  if (dims.empty()) return "scalar";
  std::string s;
  for (hsize_t d : dims) s += "[" + std::to_string(d) + "]";
  return s;
}

std::string describe(const std::vector<Dim>& shape) {
  std::string s;
  for (const Dim& d : shape) {
    s += "[";
    if (*d.label != '\0') s += d.label;
    if (*d.label != '\0' && d.size >= 0) s += "=";
    if (d.size >= 0) s += std::to_string(d.size);
    s += "]";
  }
  return s;
}

std::string child(const std::string& object, const char* name) {
  return object == "/" ? "/" + std::string(name) : object + "/" + name;
}

}  // namespace

void Reader::fail(std::string_view object, std::string_view what) const {
  std::string message = file_ + ": ";
  if (!object.empty()) message += std::string(object) + ": ";
  throw std::runtime_error(message + std::string(what));
}

void Reader::failHdf5(std::string_view object, std::string_view what) const {
  std::string detail;
  H5Ewalk2(H5E_DEFAULT, H5E_WALK_UPWARD, keepInnermost, &detail);
  H5Eclear2(H5E_DEFAULT);
  fail(object, detail.empty() ? std::string(what) : std::string(what) + " (" + detail + ")");
}

Handle Reader::openFile() const {
  std::error_code ec;
  if (!std::filesystem::exists(file_, ec)) fail("", "no such file");
  if (!std::filesystem::is_regular_file(file_, ec)) fail("", "not a regular file");
  if (H5Fis_hdf5(file_.c_str()) <= 0) {
    H5Eclear2(H5E_DEFAULT);
    fail("", "not an HDF5 file (no HDF5 signature), so not a fatgraph runtime graph");
  }
  // Opening loads the root group's object header with its continuations, whose stated
  // lengths HDF5 allocates before comparing them with the file (tests/fuzz, finding 12).
  if (const std::string root = h5::checkRootObjectHeader(file_); !root.empty()) fail("/", "corrupt file: " + root);
  const hid_t id = H5Fopen(file_.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  if (id < 0) failHdf5("", "cannot open the HDF5 file (truncated or corrupt?)");
  Handle file(id);
  // HDF5 1.10 allocates a local heap's stated size before comparing it with the file's end,
  // on the first lookup of a group member. Checked after the open, which reads no local heap,
  // so a truncated file is still reported as HDF5 finds it.
  if (const std::string heap = checkLocalHeaps(file_); !heap.empty()) fail("", "corrupt file: " + heap);
  return file;
}

void Reader::checkObjectHeader(hid_t loc, const std::string& object, const char* name) const {
  H5L_info_t link{};
  if (H5Lget_info(loc, name, &link, H5P_DEFAULT) < 0) failHdf5(object, "cannot look up its link");
  if (link.type != H5L_TYPE_HARD) return;  // HDF5 refuses soft and external links itself
  if (!mapped_) mapped_ = std::make_shared<const MappedFile>(file_);
  if (const std::string p = h5::checkAttributeMessages(mapped_->bytes, mapped_->size, link.u.address); !p.empty()) {
    fail(object, "corrupt file: " + p);
  }
}

Handle Reader::openGroup(hid_t loc, const std::string& object, const char* name) const {
  const std::string path = child(object, name);
  const htri_t exists = H5Lexists(loc, name, H5P_DEFAULT);
  if (exists < 0) failHdf5(path, "cannot look up the group");
  if (exists == 0) fail(path, "missing group");
  checkObjectHeader(loc, path, name);
  const hid_t id = H5Gopen2(loc, name, H5P_DEFAULT);
  if (id < 0) failHdf5(path, "is not a readable group");
  return Handle(id);
}

std::vector<std::string> Reader::childNames(hid_t group, const std::string& object) const {
  H5G_info_t info{};
  if (H5Gget_info(group, &info) < 0) failHdf5(object, "cannot list the group");
  std::vector<std::string> names;
  for (hsize_t i = 0; i < info.nlinks; ++i) {
    const ssize_t len =
        H5Lget_name_by_idx(group, ".", H5_INDEX_NAME, H5_ITER_INC, i, nullptr, 0, H5P_DEFAULT);
    if (len < 0) failHdf5(object, "cannot list the group");
    std::string name(static_cast<size_t>(len) + 1, '\0');
    if (H5Lget_name_by_idx(group, ".", H5_INDEX_NAME, H5_ITER_INC, i, name.data(), name.size(),
                           H5P_DEFAULT) < 0) {
      failHdf5(object, "cannot list the group");
    }
    name.resize(static_cast<size_t>(len));
    names.push_back(std::move(name));
  }
  return names;
}

// ---------------------------------------------------------------------------- attributes

namespace {

struct ScalarAttribute {
  Handle attr;
  Handle type;
  H5T_class_t cls = H5T_NO_CLASS;
};

ScalarAttribute openScalar(const Reader& r, hid_t loc, const std::string& object, const char* name) {
  const std::string label = std::string("attribute '") + name + "'";
  const htri_t exists = H5Aexists(loc, name);
  if (exists < 0) r.failHdf5(object, "cannot look up " + label);
  if (exists == 0) r.fail(object, "missing " + label);
  ScalarAttribute a;
  a.attr = Handle(H5Aopen(loc, name, H5P_DEFAULT));
  if (a.attr.get() < 0) r.failHdf5(object, "cannot open " + label);
  Handle space(H5Aget_space(a.attr.get()));
  if (space.get() < 0) r.failHdf5(object, "cannot read " + label);
  if (H5Sget_simple_extent_npoints(space.get()) != 1) r.fail(object, label + ": expected one value");
  a.type = Handle(H5Aget_type(a.attr.get()));
  if (a.type.get() < 0) r.failHdf5(object, "cannot read " + label);
  a.cls = H5Tget_class(a.type.get());
  return a;
}

}  // namespace

int Reader::intAttribute(hid_t loc, const std::string& object, const char* name) const {
  const ScalarAttribute a = openScalar(*this, loc, object, name);
  const std::string label = std::string("attribute '") + name + "'";
  if (a.cls != H5T_INTEGER) fail(object, label + ": expected an integer");
  std::int64_t v = 0;
  if (H5Aread(a.attr.get(), H5T_NATIVE_INT64, &v) < 0) failHdf5(object, "cannot read " + label);
  if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max()) {
    fail(object, label + ": " + std::to_string(v) + " is out of range");
  }
  return static_cast<int>(v);
}

float Reader::floatAttribute(hid_t loc, const std::string& object, const char* name) const {
  const ScalarAttribute a = openScalar(*this, loc, object, name);
  const std::string label = std::string("attribute '") + name + "'";
  if (a.cls != H5T_FLOAT && a.cls != H5T_INTEGER) fail(object, label + ": expected a number");
  float v = 0;
  if (H5Aread(a.attr.get(), H5T_NATIVE_FLOAT, &v) < 0) failHdf5(object, "cannot read " + label);
  return v;
}

std::string Reader::stringAttribute(hid_t loc, const std::string& object, const char* name) const {
  const ScalarAttribute a = openScalar(*this, loc, object, name);
  const std::string label = std::string("attribute '") + name + "'";
  if (a.cls != H5T_STRING || H5Tis_variable_str(a.type.get()) != 0) {
    fail(object, label + ": expected a fixed-length string");
  }
  const size_t size = H5Tget_size(a.type.get());
  Handle mem(H5Tcopy(a.type.get()));
  std::string s(size, '\0');
  if (H5Aread(a.attr.get(), mem.get(), s.data()) < 0) failHdf5(object, "cannot read " + label);
  s.resize(std::min(s.find('\0'), s.size()));
  return s;
}

bool Reader::hasVariableStringAttribute(hid_t loc, const char* name) const {
  if (H5Aexists(loc, name) <= 0) {
    H5Eclear2(H5E_DEFAULT);
    return false;
  }
  Handle attr(H5Aopen(loc, name, H5P_DEFAULT));
  Handle type(attr.get() < 0 ? H5I_INVALID_HID : H5Aget_type(attr.get()));
  const bool variable = type.get() >= 0 && H5Tis_variable_str(type.get()) > 0;
  H5Eclear2(H5E_DEFAULT);
  return variable;
}

// ---------------------------------------------------------------------------- datasets

struct Reader::Opened {
  Handle id;
  Handle type;
  std::vector<hsize_t> dims;
  std::string object;
  size_t count = 1;
};

Reader::Opened Reader::openDataset(hid_t loc, const std::string& object, const char* name,
                                   H5T_class_t cls, const std::vector<Dim>& shape) const {
  Opened ds;
  ds.object = child(object, name);
  const htri_t exists = H5Lexists(loc, name, H5P_DEFAULT);
  if (exists < 0) failHdf5(ds.object, "cannot look up the dataset");
  if (exists == 0) fail(ds.object, "missing dataset");
  checkObjectHeader(loc, ds.object, name);
  ds.id = Handle(H5Dopen2(loc, name, H5P_DEFAULT));
  if (ds.id.get() < 0) failHdf5(ds.object, "is not a readable dataset");
  ds.type = Handle(H5Dget_type(ds.id.get()));
  if (ds.type.get() < 0) failHdf5(ds.object, "cannot read the type");
  if (H5Tget_class(ds.type.get()) != cls) {
    fail(ds.object, cls == H5T_FLOAT     ? "expected floating-point data"
                    : cls == H5T_INTEGER ? "expected integer data"
                                         : "expected strings");
  }
  Handle space(H5Dget_space(ds.id.get()));
  const int rank = space.get() < 0 ? -1 : H5Sget_simple_extent_ndims(space.get());
  if (rank < 0) failHdf5(ds.object, "cannot read the shape");
  ds.dims.resize(static_cast<size_t>(rank));
  H5Sget_simple_extent_dims(space.get(), ds.dims.data(), nullptr);
  bool ok = ds.dims.size() == shape.size();
  for (size_t i = 0; ok && i < shape.size(); ++i) {
    ok = shape[i].size < 0 || ds.dims[i] == static_cast<hsize_t>(shape[i].size);
  }
  if (!ok) fail(ds.object, "expected shape " + describe(shape) + ", found " + describe(ds.dims));
  // Refuse absurd headers before allocating for them (2^31 elements is far beyond any graph).
  long double total = 1;
  for (hsize_t d : ds.dims) total *= static_cast<long double>(d);
  if (total > static_cast<long double>(1u << 31)) fail(ds.object, "shape " + describe(ds.dims) + " is too large");
  ds.count = static_cast<size_t>(total);
  // HDF5 1.10 copies a compact dataset's bytes without checking that they cover every element.
  Handle dcpl(H5Dget_create_plist(ds.id.get()));
  const H5D_layout_t layout = dcpl.get() >= 0 ? H5Pget_layout(dcpl.get()) : H5D_LAYOUT_ERROR;
  const std::uint64_t bytes = static_cast<std::uint64_t>(ds.count) * H5Tget_size(ds.type.get());
  if (layout == H5D_COMPACT && H5Dget_storage_size(ds.id.get()) < bytes) {
    fail(ds.object, "corrupt file: the dataset stores fewer bytes than its shape needs");
  }
  // Nor does it compare a contiguous dataset's extent with the file before the caller
  // allocates for it (tests/fuzz: a corrupt shape asked for a 1 GiB buffer): its bytes must lie
  // in the file. The exporter writes every dataset contiguous; a chunked one (a file rewritten
  // by h5repack, say) may be compressed, up to deflate's best ratio of about 1032:1.
  std::error_code ec;
  const std::uint64_t fileSize = std::filesystem::file_size(file_, ec);
  if (!ec && layout == H5D_CONTIGUOUS && bytes > 0) {
    const haddr_t at = H5Dget_offset(ds.id.get());
    if (bytes > fileSize || (at != HADDR_UNDEF && at > fileSize - bytes)) {
      fail(ds.object, "corrupt file: its " + std::to_string(bytes) + " bytes (shape " + describe(ds.dims) +
                          ") do not lie inside the file (" + std::to_string(fileSize) + " bytes)");
    }
  }
  if (!ec && layout == H5D_CHUNKED && bytes / 1100 > fileSize) {
    fail(ds.object, "corrupt file: shape " + describe(ds.dims) + " needs " + std::to_string(bytes) +
                        " bytes, more than the file could hold compressed");
  }
  if (!ec && layout == H5D_CHUNKED && bytes > 0) {
    if (const std::string problem = checkChunks(ds.id.get(), fileSize); !problem.empty()) {
      fail(ds.object, "corrupt file: " + problem);
    }
  }
  H5Eclear2(H5E_DEFAULT);  // H5Dget_offset reports an error for data not yet allocated
  return ds;
}

void Reader::readNumbers(const Opened& ds, hid_t memType, void* out) const {
  if (ds.count == 0) return;
  bool outOfRange = false;
  Handle xfer(H5Pcreate(H5P_DATASET_XFER));
  if (xfer.get() < 0 || H5Pset_type_conv_cb(xfer.get(), abortOutOfRange, &outOfRange) < 0) {
    failHdf5(ds.object, "cannot read");
  }
  if (H5Dread(ds.id.get(), memType, H5S_ALL, H5S_ALL, xfer.get(), out) < 0) {
    if (outOfRange) {
      H5Eclear2(H5E_DEFAULT);
      fail(ds.object, "holds a value outside the range its field allows");
    }
    failHdf5(ds.object, "cannot read (truncated or corrupt file?)");
  }
}

template <class T>
std::vector<T> Reader::numbers(hid_t loc, const std::string& object, const char* name,
                               H5T_class_t cls, hid_t memType, const std::vector<Dim>& shape) const {
  const Opened ds = openDataset(loc, object, name, cls, shape);
  std::vector<T> out(ds.count);
  readNumbers(ds, memType, out.data());
  return out;
}

std::vector<float> Reader::floats(hid_t loc, const std::string& object, const char* name,
                                  const std::vector<Dim>& shape) const {
  return numbers<float>(loc, object, name, H5T_FLOAT, H5T_NATIVE_FLOAT, shape);
}

std::vector<double> Reader::doubles(hid_t loc, const std::string& object, const char* name,
                                    const std::vector<Dim>& shape) const {
  return numbers<double>(loc, object, name, H5T_FLOAT, H5T_NATIVE_DOUBLE, shape);
}

std::vector<std::int32_t> Reader::ints(hid_t loc, const std::string& object, const char* name,
                                       const std::vector<Dim>& shape) const {
  return numbers<std::int32_t>(loc, object, name, H5T_INTEGER, H5T_NATIVE_INT32, shape);
}

std::vector<std::uint32_t> Reader::uints(hid_t loc, const std::string& object, const char* name,
                                         const std::vector<Dim>& shape) const {
  return numbers<std::uint32_t>(loc, object, name, H5T_INTEGER, H5T_NATIVE_UINT32, shape);
}

std::vector<std::uint8_t> Reader::bytes(hid_t loc, const std::string& object, const char* name,
                                        const std::vector<Dim>& shape) const {
  return numbers<std::uint8_t>(loc, object, name, H5T_INTEGER, H5T_NATIVE_UINT8, shape);
}

std::vector<std::string> Reader::strings(hid_t loc, const std::string& object, const char* name,
                                         long long count) const {
  const Opened ds = openDataset(loc, object, name, H5T_STRING, {{count, "N"}});
  if (H5Tis_variable_str(ds.type.get()) != 0) fail(ds.object, "expected fixed-length strings");
  const size_t size = H5Tget_size(ds.type.get());
  std::vector<char> buf(ds.count * size);
  Handle mem(H5Tcopy(ds.type.get()));
  if (ds.count > 0 && H5Dread(ds.id.get(), mem.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, buf.data()) < 0) {
    failHdf5(ds.object, "cannot read (truncated or corrupt file?)");
  }
  std::vector<std::string> out;
  out.reserve(ds.count);
  for (size_t i = 0; i < ds.count; ++i) {
    std::string s(buf.data() + i * size, size);
    s.resize(std::min(s.find('\0'), s.size()));
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace fatgraph::runtime_io
