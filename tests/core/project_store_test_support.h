// Helpers shared by the project store tests: comparing the skeleton and clips of two projects,
// catching the store's errors, and editing project files in place with the HDF5 C API.
#pragma once

#include <QMetaType>
#include <QString>
#include <QTest>
#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

// HDF5 is a private dependency of core; its header sits in a serial/ subfolder on Debian.
#if __has_include(<hdf5.h>)
#include <hdf5.h>
#else
#include <hdf5/serial/hdf5.h>
#endif

#include "fatgraph/core/model/error.h"
#include "fatgraph/core/io/project_store.h"

namespace fatgraph::test {

// One edit of an open project file, as a data-driven test row carries it.
using Mutation = std::function<void(hid_t file)>;

// ---------------------------------------------------------------- comparing projects

// Exact comparison of the skeleton and of every clip's settings and frame counts; the frames
// themselves are compared by `expectSameFrames`, which each test does in its own way. Stops at
// the first failure, like a single QVERIFY would.
inline void expectSameSkeletonAndClips(
    const Project& a, const Project& b,
    const std::function<void(size_t clip, const Clip& x, const Clip& y)>& expectSameFrames) {
  QVERIFY(a.skeleton.names == b.skeleton.names);
  QVERIFY(a.skeleton.parents == b.skeleton.parents);
  QVERIFY(a.skeleton.restOffsets == b.skeleton.restOffsets);
  QVERIFY(a.skeleton.animatedTranslation == b.skeleton.animatedTranslation);
  QCOMPARE(a.skeleton.endSites.size(), b.skeleton.endSites.size());
  for (size_t i = 0; i < a.skeleton.endSites.size(); ++i) {
    QCOMPARE(a.skeleton.endSites[i].parent, b.skeleton.endSites[i].parent);
    QVERIFY(a.skeleton.endSites[i].offset == b.skeleton.endSites[i].offset);
  }
  QCOMPARE(a.clips.size(), b.clips.size());
  for (size_t c = 0; c < a.clips.size(); ++c) {
    const Clip& x = a.clips[c];
    const Clip& y = b.clips[c];
    QCOMPARE(x.name, y.name);
    QCOMPARE(x.source, y.source);
    QCOMPARE(x.fps, y.fps);
    QCOMPARE(x.sourceFps, y.sourceFps);
    QCOMPARE(x.sourceFirstFrame, y.sourceFirstFrame);
    QCOMPARE(x.jointCount, y.jointCount);
    QCOMPARE(x.rotations.size(), y.rotations.size());
    expectSameFrames(c, x, y);
    if (QTest::currentTestFailed()) return;
  }
}

// The message of the fatgraph::Error that `f` throws, or an empty string if it throws none.
inline QString errorFrom(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

// ---------------------------------------------------------------- editing files with HDF5

inline void must(bool ok, const char* what) {
  if (!ok) throw std::runtime_error(std::string("test HDF5 edit failed: ") + what);
}

// Closes an HDF5 id with the matching function.
struct Id {
  hid_t id;
  herr_t (*close)(hid_t);
  Id(hid_t i, herr_t (*c)(hid_t), const char* what) : id(i), close(c) { must(i >= 0, what); }
  ~Id() { close(id); }
  Id(const Id&) = delete;
  Id& operator=(const Id&) = delete;
};

inline void editFile(const std::string& path, const Mutation& edit) {
  Id file(H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT), H5Fclose, "open");
  edit(file.id);
}

inline void deleteLink(hid_t f, const char* path) {
  must(H5Ldelete(f, path, H5P_DEFAULT) >= 0, path);
}

inline void setAttribute(hid_t f, const char* object, const char* name, hid_t fileType,
                         hid_t memType, const void* value) {
  Id obj(H5Oopen(f, object, H5P_DEFAULT), H5Oclose, object);
  if (H5Aexists(obj.id, name) > 0) must(H5Adelete(obj.id, name) >= 0, name);
  Id space(H5Screate(H5S_SCALAR), H5Sclose, "space");
  Id attr(H5Acreate2(obj.id, name, fileType, space.id, H5P_DEFAULT, H5P_DEFAULT), H5Aclose, name);
  must(H5Awrite(attr.id, memType, value) >= 0, name);
}

inline void setStringAttribute(hid_t f, const char* object, const char* name,
                               const std::string& value, bool fixedLength = false) {
  Id type(H5Tcopy(H5T_C_S1), H5Tclose, "type");
  if (fixedLength) {  // as h5py writes numpy bytes: fixed size, null-padded, ASCII
    H5Tset_size(type.id, value.size());
    H5Tset_strpad(type.id, H5T_STR_NULLPAD);
    setAttribute(f, object, name, type.id, type.id, value.data());
  } else {
    H5Tset_size(type.id, H5T_VARIABLE);
    H5Tset_cset(type.id, H5T_CSET_UTF8);
    const char* p = value.c_str();
    setAttribute(f, object, name, type.id, type.id, &p);
  }
}

inline void setIntAttribute(hid_t f, const char* object, const char* name, long long value) {
  setAttribute(f, object, name, H5T_STD_I64LE, H5T_NATIVE_LLONG, &value);
}

inline void setDoubleAttribute(hid_t f, const char* object, const char* name, double value) {
  setAttribute(f, object, name, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, &value);
}

// Replaces a dataset by a contiguous one of the given type and shape.
inline void replaceDataset(hid_t f, const char* path, hid_t fileType, std::vector<hsize_t> dims,
                           hid_t memType, const void* data) {
  if (H5Lexists(f, path, H5P_DEFAULT) > 0) deleteLink(f, path);
  Id space(H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr), H5Sclose,
           "space");
  Id ds(H5Dcreate2(f, path, fileType, space.id, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Dclose,
        path);
  must(H5Dwrite(ds.id, memType, H5S_ALL, H5S_ALL, H5P_DEFAULT, data) >= 0, path);
}

// A one-dimensional dataset of variable-length UTF-8 strings.
inline void replaceStrings(hid_t f, const char* path, const std::vector<std::string>& values) {
  Id type(H5Tcopy(H5T_C_S1), H5Tclose, "type");
  H5Tset_size(type.id, H5T_VARIABLE);
  H5Tset_cset(type.id, H5T_CSET_UTF8);
  std::vector<const char*> ptrs;
  for (const std::string& s : values) ptrs.push_back(s.c_str());
  replaceDataset(f, path, type.id, {values.size()}, type.id, ptrs.data());
}

// A dataset of zeros of the given shape.
inline void replaceDoubles(hid_t f, const char* path, std::vector<hsize_t> dims) {
  size_t n = 1;
  for (hsize_t d : dims) n *= d;
  std::vector<double> zeros(n, 0.0);
  replaceDataset(f, path, H5T_IEEE_F64LE, std::move(dims), H5T_NATIVE_DOUBLE, zeros.data());
}

inline void replaceInts(hid_t f, const char* path, std::vector<hsize_t> dims,
                        const std::vector<int>& values) {
  replaceDataset(f, path, H5T_STD_I32LE, std::move(dims), H5T_NATIVE_INT, values.data());
}

// A one-dimensional dataset holding `values`.
inline void replaceInts(hid_t f, const char* path, const std::vector<int>& values) {
  replaceInts(f, path, {values.size()}, values);
}

// Reads a dataset as `T`, lets `edit` change the values, and writes them back in place.
template <typename T>
void editValues(hid_t f, const char* path, hid_t memType,
                const std::function<void(std::vector<T>&)>& edit) {
  Id ds(H5Dopen2(f, path, H5P_DEFAULT), H5Dclose, path);
  Id space(H5Dget_space(ds.id), H5Sclose, "space");
  std::vector<T> v(static_cast<size_t>(H5Sget_simple_extent_npoints(space.id)));
  must(H5Dread(ds.id, memType, H5S_ALL, H5S_ALL, H5P_DEFAULT, v.data()) >= 0, path);
  edit(v);
  must(H5Dwrite(ds.id, memType, H5S_ALL, H5S_ALL, H5P_DEFAULT, v.data()) >= 0, path);
}

inline void editInts(hid_t f, const char* path,
                     const std::function<void(std::vector<int>&)>& edit) {
  editValues<int>(f, path, H5T_NATIVE_INT, edit);
}

inline void editDoubles(hid_t f, const char* path,
                        const std::function<void(std::vector<double>&)>& edit) {
  editValues<double>(f, path, H5T_NATIVE_DOUBLE, edit);
}

}  // namespace fatgraph::test

Q_DECLARE_METATYPE(fatgraph::test::Mutation)
Q_DECLARE_METATYPE(fatgraph::Project)
