// The HDF5 project store: opening, atomic saving and the cheap file check. The contents are
// written and read by project_file_writer.cpp and project_file_reader.cpp.
#include "fatgraph/core/io/project_store.h"

#include <filesystem>
#include <new>

#include "fatgraph/core/model/error.h"
#include "fatgraph/io/hdf5_file.h"
#include "project_file.h"

namespace fatgraph {

using h5::Context;
using h5::Handle;

void saveProject(const Project& project, const std::string& path,
                 const ProjectSaveOptions& options) {
  const Context ctx(path);
  if (std::string e = project.validate(); !e.empty()) {
    ctx.fail("", "cannot save an invalid project: " + e);
  }
  // A stale distance cache (made for other clips) is not written, so it is not checked.
  if (const project_file::Problem p =
          project_file::checkGraphData(project, project_file::writesDistanceCache(project));
      p.found()) {
    ctx.fail("", "cannot save an invalid project: " + p.object + ": " + p.what);
  }
  ctx.saveAtomically([&](hid_t file) { project_file::write(ctx, file, project, options); });
}

Project loadProject(const std::string& path) {
  h5::prepare();
  const Context ctx(path);
  try {
    Handle file = ctx.openFile("fatgraph project");
    return project_file::read(ctx, file.get());
  } catch (const std::bad_alloc&) {
    H5Eclear2(H5E_DEFAULT);
    ctx.fail("", "out of memory while loading");
  }
}

bool isHdf5File(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return false;
  h5::prepare();
  return H5Fis_hdf5(path.c_str()) > 0;
}

bool isProjectFile(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return false;
  h5::prepare();
  bool result = false;
  try {
    const Context ctx(path);
    Handle file = ctx.openFile("fatgraph project");
    result = ctx.hasAttribute(file.get(), project_schema::kFileType) &&
             ctx.readStringAttribute(file.get(), "/", project_schema::kFileType) == project_file::kFileTypeValue;
  } catch (const std::exception&) {
    result = false;
  }
  H5Eclear2(H5E_DEFAULT);
  return result;
}

}  // namespace fatgraph
