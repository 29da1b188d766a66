#pragma once
// Damaging .fgraph files for the loader's negative tests, with HDF5's C API: the load's error
// message, and datasets or attributes rewritten in place.
#include <hdf5.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "fatgraph/runtime_io/runtime_graph_file.h"

namespace fatgraph::test {

/// The message loading `path` fails with, or "(loaded)".
inline std::string loadError(const std::string& path) {
  try {
    loadRuntimeGraph(path);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "(loaded)";
}

/// Replaces dataset `path` of the file by one of `fileType` and shape `dims` holding `values`.
template <class T>
void replaceDataset(const std::string& file, const char* path, hid_t fileType, hid_t memType,
                    const std::vector<hsize_t>& dims, const std::vector<T>& values) {
  const hid_t f = H5Fopen(file.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  H5Ldelete(f, path, H5P_DEFAULT);
  const hid_t space = H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr);
  const hid_t ds = H5Dcreate2(f, path, fileType, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  H5Dwrite(ds, memType, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data());
  H5Dclose(ds);
  H5Sclose(space);
  H5Fclose(f);
}

/// Replaces the int32 attribute `name` of `group` (or adds it).
inline void replaceIntAttribute(const std::string& file, const char* group, const char* name, int value) {
  const hid_t f = H5Fopen(file.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  const hid_t g = H5Gopen2(f, group, H5P_DEFAULT);
  H5Adelete(g, name);
  const hid_t space = H5Screate(H5S_SCALAR);
  const hid_t attr = H5Acreate2(g, name, H5T_STD_I32LE, space, H5P_DEFAULT, H5P_DEFAULT);
  H5Awrite(attr, H5T_NATIVE_INT, &value);
  H5Aclose(attr);
  H5Sclose(space);
  H5Gclose(g);
  H5Fclose(f);
}


}  // namespace fatgraph::test
