#include "hdf5_file.h"

#include <algorithm>

#include "fatgraph/core/error.h"

namespace fatgraph::h5 {

herr_t Handle::close() {
  const hid_t id = release();
  if (id < 0 || H5Iis_valid(id) <= 0) return 0;
  switch (H5Iget_type(id)) {
    case H5I_FILE:
      return H5Fclose(id);
    case H5I_GROUP:
      return H5Gclose(id);
    case H5I_DATASET:
      return H5Dclose(id);
    case H5I_ATTR:
      return H5Aclose(id);
    case H5I_DATASPACE:
      return H5Sclose(id);
    case H5I_DATATYPE:
      return H5Tclose(id);
    case H5I_GENPROP_LST:
      return H5Pclose(id);
    default:
      return H5Idec_ref(id) < 0 ? -1 : 0;
  }
}

ErrorSilencer::ErrorSilencer() {
  H5Eget_auto2(H5E_DEFAULT, &oldFunc_, &oldData_);
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
}

ErrorSilencer::~ErrorSilencer() { H5Eset_auto2(H5E_DEFAULT, oldFunc_, oldData_); }

namespace {

herr_t innermostMessage(unsigned n, const H5E_error2_t* err, void* data) {
  if (n == 0 && err != nullptr && err->desc != nullptr) {
    *static_cast<std::string*>(data) = err->desc;
  }
  return 0;
}

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

Handle utf8StringType(bool variable, size_t size) {
  Handle t(H5Tcopy(H5T_C_S1));
  H5Tset_size(t.get(), variable ? H5T_VARIABLE : size);
  H5Tset_cset(t.get(), H5T_CSET_UTF8);
  return t;
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

}  // namespace

std::string takeErrorMessage() {
  std::string message;
  H5Ewalk2(H5E_DEFAULT, H5E_WALK_UPWARD, innermostMessage, &message);
  H5Eclear2(H5E_DEFAULT);
  return message;
}

std::string formatShape(const std::vector<hsize_t>& dims) {
  if (dims.empty()) return "scalar";
  std::string s;
  for (hsize_t d : dims) s += "[" + std::to_string(d) + "]";
  return s;
}

void Context::fail(std::string_view object, std::string_view what) const {
  std::string message(object);
  if (!message.empty()) message += ": ";
  message += what;
  throw FileError(file_, 0, message);
}

Handle Context::check(hid_t id, std::string_view object, std::string_view what) const {
  if (id < 0) {
    const std::string detail = takeErrorMessage();
    fail(object, detail.empty() ? std::string(what) : std::string(what) + " (" + detail + ")");
  }
  return Handle(id);
}

void Context::check(herr_t status, std::string_view object, std::string_view what) const {
  if (status < 0) static_cast<void>(check(hid_t{-1}, object, what));
}

// ---------------------------------------------------------------------------- writing

namespace {

Handle objectCreationProperties(hid_t cls) {
  Handle p(H5Pcreate(cls));
  // No timestamps in object headers: saving the same project twice gives the same bytes.
  H5Pset_obj_track_times(p.get(), false);
  return p;
}

}  // namespace

Handle Context::createGroup(hid_t loc, const std::string& name, const std::string& object) const {
  Handle gcpl = objectCreationProperties(H5P_GROUP_CREATE);
  return check(H5Gcreate2(loc, name.c_str(), H5P_DEFAULT, gcpl.get(), H5P_DEFAULT), object,
               "cannot create group");
}

namespace {

void writeScalarAttribute(const Context& ctx, hid_t loc, std::string_view object, const char* name,
                          hid_t fileType, hid_t memType, const void* value) {
  const std::string what = std::string("cannot write attribute '") + name + "'";
  Handle space = ctx.check(H5Screate(H5S_SCALAR), object, what);
  Handle attr = ctx.check(H5Acreate2(loc, name, fileType, space.get(), H5P_DEFAULT, H5P_DEFAULT),
                          object, what);
  ctx.check(H5Awrite(attr.get(), memType, value), object, what);
}

}  // namespace

void Context::writeStringAttribute(hid_t loc, std::string_view object, const char* name,
                                   const std::string& value) const {
  Handle type = utf8StringType(true, 0);
  const char* p = value.c_str();
  writeScalarAttribute(*this, loc, object, name, type.get(), type.get(), &p);
}

void Context::writeIntAttribute(hid_t loc, std::string_view object, const char* name,
                                std::int64_t value) const {
  // Stored as int32 (values are small); the reader accepts any integer type.
  const auto v = static_cast<std::int32_t>(value);
  writeScalarAttribute(*this, loc, object, name, H5T_STD_I32LE, H5T_NATIVE_INT32, &v);
}

void Context::writeDoubleAttribute(hid_t loc, std::string_view object, const char* name,
                                   double value) const {
  writeScalarAttribute(*this, loc, object, name, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, &value);
}

void Context::writeStrings(hid_t loc, const std::string& object, const char* name,
                           const std::vector<std::string>& values) const {
  Handle type = utf8StringType(true, 0);
  Handle ds = createDataset(loc, object, name, type.get(), {values.size()}, 0);
  std::vector<const char*> ptrs;
  ptrs.reserve(values.size());
  for (const std::string& s : values) ptrs.push_back(s.c_str());
  writeRows(ds.get(), object, type.get(), 0, values.size(), ptrs.data());
}

Handle Context::createDataset(hid_t loc, const std::string& object, const char* name,
                              hid_t fileType, const std::vector<hsize_t>& dims,
                              hsize_t chunkRows) const {
  const char* what = "cannot create dataset";
  Handle space =
      check(H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr), object, what);
  Handle dcpl = objectCreationProperties(H5P_DATASET_CREATE);
  const bool empty = std::find(dims.begin(), dims.end(), hsize_t{0}) != dims.end();
  if (chunkRows > 0 && !empty) {  // zero-size chunks are invalid: empty data stays contiguous
    std::vector<hsize_t> chunk = dims;
    chunk[0] = std::min(chunkRows, dims[0]);
    check(H5Pset_chunk(dcpl.get(), static_cast<int>(chunk.size()), chunk.data()), object, what);
    check(H5Pset_fletcher32(dcpl.get()), object, what);
    if (H5Zfilter_avail(H5Z_FILTER_DEFLATE) > 0) {
      check(H5Pset_shuffle(dcpl.get()), object, what);
      check(H5Pset_deflate(dcpl.get(), 4), object, what);
    }
  }
  return check(H5Dcreate2(loc, name, fileType, space.get(), H5P_DEFAULT, dcpl.get(), H5P_DEFAULT),
               object, what);
}

void Context::writeRows(hid_t dataset, const std::string& object, hid_t memType, hsize_t firstRow,
                        hsize_t rowCount, const void* data) const {
  if (rowCount == 0) return;
  const char* what = "cannot write";
  Handle fileSpace = check(H5Dget_space(dataset), object, what);
  std::vector<hsize_t> dims(static_cast<size_t>(H5Sget_simple_extent_ndims(fileSpace.get())));
  H5Sget_simple_extent_dims(fileSpace.get(), dims.data(), nullptr);
  if (std::find(dims.begin(), dims.end(), hsize_t{0}) != dims.end()) return;
  std::vector<hsize_t> start(dims.size(), 0), count = dims;
  start[0] = firstRow;
  count[0] = rowCount;
  check(H5Sselect_hyperslab(fileSpace.get(), H5S_SELECT_SET, start.data(), nullptr, count.data(),
                            nullptr),
        object, what);
  Handle memSpace =
      check(H5Screate_simple(static_cast<int>(count.size()), count.data(), nullptr), object, what);
  check(H5Dwrite(dataset, memType, memSpace.get(), fileSpace.get(), H5P_DEFAULT, data), object,
        what);
}

// ---------------------------------------------------------------------------- reading

Handle Context::openGroup(hid_t loc, const std::string& name, const std::string& object) const {
  const htri_t exists = H5Lexists(loc, name.c_str(), H5P_DEFAULT);
  if (exists < 0) static_cast<void>(check(hid_t{-1}, object, "cannot look up group"));
  if (exists == 0) fail(object, "missing group");
  return check(H5Gopen2(loc, name.c_str(), H5P_DEFAULT), object, "is not a readable group");
}

bool Context::hasAttribute(hid_t loc, const char* name) const {
  const htri_t exists = H5Aexists(loc, name);
  if (exists < 0) H5Eclear2(H5E_DEFAULT);
  return exists > 0;
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
  if (variable > 0) {
    Handle memType = utf8StringType(true, 0);
    H5Tset_cset(memType.get(), cset);
    VlenStrings buf;
    buf.ptrs.assign(1, nullptr);
    check(H5Aread(attr.get(), memType.get(), buf.ptrs.data()), object, "cannot read " + label);
    return buf.ptrs[0] != nullptr ? std::string(buf.ptrs[0]) : std::string();
  }
  const size_t size = H5Tget_size(fileType.get());
  Handle memType = utf8StringType(false, size);
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

Context::Dataset Context::openDataset(hid_t loc, const std::string& object, const char* name,
                                      H5T_class_t typeClass, const std::vector<long long>& expected,
                                      std::string_view labels) const {
  const htri_t exists = H5Lexists(loc, name, H5P_DEFAULT);
  if (exists < 0) static_cast<void>(check(hid_t{-1}, object, "cannot look up dataset"));
  if (exists == 0) fail(object, "missing dataset");
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
  if (rank < 0) static_cast<void>(check(hid_t{-1}, object, "cannot read the shape"));
  ds.dims.resize(static_cast<size_t>(rank));
  H5Sget_simple_extent_dims(space.get(), ds.dims.data(), nullptr);

  bool ok = ds.dims.size() == expected.size();
  std::string want;
  size_t label = 0;
  for (size_t i = 0; i < expected.size(); ++i) {
    if (expected[i] < 0) {
      want += "[" + std::string(1, label < labels.size() ? labels[label] : '?') + "]";
      ++label;
    } else {
      want += "[" + std::to_string(expected[i]) + "]";
      if (ok && ds.dims[i] != static_cast<hsize_t>(expected[i])) ok = false;
    }
  }
  if (!ok) fail(object, "expected shape " + want + ", found " + formatShape(ds.dims));
  // Refuse absurd headers before anything is allocated for them.
  long double total = 1;
  for (hsize_t d : ds.dims) total *= static_cast<long double>(d);
  if (total > static_cast<long double>(1ull << 34)) {
    fail(object, "shape " + formatShape(ds.dims) + " is too large");
  }
  return ds;
}

void Context::readAll(const Dataset& dataset, hid_t memType, void* out) const {
  if (dataset.elementCount() == 0) return;
  check(H5Dread(dataset.id.get(), memType, H5S_ALL, H5S_ALL, H5P_DEFAULT, out), dataset.object,
        "cannot read");
}

std::vector<std::string> Context::readStrings(const Dataset& dataset) const {
  const size_t n = dataset.elementCount();
  std::vector<std::string> out;
  if (n == 0) return out;
  Handle fileType = check(H5Dget_type(dataset.id.get()), dataset.object, "cannot read the type");
  const H5T_cset_t cset = H5Tget_cset(fileType.get());
  out.reserve(n);
  if (H5Tis_variable_str(fileType.get()) > 0) {
    Handle memType = utf8StringType(true, 0);
    H5Tset_cset(memType.get(), cset);
    VlenStrings buf;
    buf.ptrs.assign(n, nullptr);
    readAll(dataset, memType.get(), buf.ptrs.data());
    for (const char* p : buf.ptrs) out.emplace_back(p != nullptr ? p : "");
    return out;
  }
  const size_t size = H5Tget_size(fileType.get());
  const H5T_str_t pad = H5Tget_strpad(fileType.get());
  Handle memType = utf8StringType(false, size);
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
