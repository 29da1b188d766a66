#include "fatgraph/io/hdf5_file.h"

#include <algorithm>

#include "fatgraph/runtime_io/file_error.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#endif

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

void prepare() {
  // HDF5 1.10 cannot close a file whose flush failed (a full disk): H5Fclose fails and leaves
  // the identifier registered over a half-destroyed file, and the library's shutdown at exit
  // then crashes on it. Without that shutdown an abandoned file is never touched again (see
  // Context::saveAtomically); the operating system reclaims the rest at exit. Effective only
  // as the first HDF5 call, which is why every path into the layer starts here.
  static const bool noShutdownAtExit = H5dont_atexit() >= 0;
  static_cast<void>(noShutdownAtExit);
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
#if defined(__SANITIZE_ADDRESS__)
  static const bool freeListsOff = H5set_free_list_limits(0, 0, 0, 0, 0, 0) >= 0;
  static_cast<void>(freeListsOff);
#endif
}

Handle openFileReadOnly(const std::string& path, hid_t fapl) {
#if defined(__SANITIZE_ADDRESS__)
  __lsan::ScopedDisabler hdf5LeaksOnCorruptFiles;
#endif
  return Handle(H5Fopen(path.c_str(), H5F_ACC_RDONLY, fapl));
}

namespace {

// HDF5's file drivers describe a failed read or write over two lines with the time, buffer
// addresses and byte counts ("... errno = 27, error message = 'File too large', buf = ...");
// the operating system's message is the part a user can act on.
std::string systemMessageOf(std::string desc) {
  constexpr std::string_view kMarker = "error message = '";
  if (const std::size_t at = desc.find(kMarker); at != std::string::npos) {
    const std::size_t begin = at + kMarker.size();
    const std::size_t end = desc.find('\'', begin);
    if (end != std::string::npos) return desc.substr(begin, end - begin);
  }
  std::replace(desc.begin(), desc.end(), '\n', ' ');
  return desc;
}

herr_t innermostMessage(unsigned n, const H5E_error2_t* err, void* data) {
  if (n == 0 && err != nullptr && err->desc != nullptr) {
    *static_cast<std::string*>(data) = systemMessageOf(err->desc);
  }
  return 0;
}

}  // namespace

Handle stringType(bool variable, size_t size) {
  Handle t(H5Tcopy(H5T_C_S1));
  H5Tset_size(t.get(), variable ? H5T_VARIABLE : size);
  H5Tset_cset(t.get(), H5T_CSET_UTF8);
  return t;
}

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

void Context::failHdf5(std::string_view object, std::string_view what) const {
  const std::string detail = takeErrorMessage();
  fail(object, detail.empty() ? std::string(what) : std::string(what) + " (" + detail + ")");
}

Handle Context::check(hid_t id, std::string_view object, std::string_view what) const {
  if (id < 0) failHdf5(object, what);
  return Handle(id);
}

void Context::check(herr_t status, std::string_view object, std::string_view what) const {
  if (status < 0) failHdf5(object, what);
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
  Handle type = stringType(true, 0);
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

void Context::writeBoolAttribute(hid_t loc, std::string_view object, const char* name,
                                 bool value) const {
  const std::uint8_t v = value ? 1 : 0;
  writeScalarAttribute(*this, loc, object, name, H5T_STD_U8LE, H5T_NATIVE_UINT8, &v);
}

void Context::writeStrings(hid_t loc, const std::string& object, const char* name,
                           const std::vector<std::string>& values) const {
  Handle type = stringType(true, 0);
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

void Context::writeDataset(hid_t loc, const std::string& object, const char* name, hid_t fileType,
                           const std::vector<hsize_t>& dims, hsize_t chunkRows, hid_t memType,
                           const void* data) const {
  Handle ds = createDataset(loc, object, name, fileType, dims, chunkRows);
  if (!dims.empty()) writeRows(ds.get(), object, memType, 0, dims[0], data);
}

}  // namespace fatgraph::h5
