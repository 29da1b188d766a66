# The installable CMake package `fatgraph`: a game calls find_package(fatgraph) and links
# fatgraph::runtime (and fatgraph::runtime_io to load exported graphs), or, from C and other
# languages, fatgraph::runtime_c (docs/C_API.md). Installs the libraries, their headers and
# lib/cmake/fatgraph/{fatgraphConfig,fatgraphConfigVersion,fatgraphTargets}.cmake. Authoring
# (core, CLI, editor) is not part of the package.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(FATGRAPH_PACKAGE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/fatgraph)

set(FATGRAPH_PACKAGE_TARGETS fatgraph_runtime)
set(FATGRAPH_PACKAGE_HEADERS ${CMAKE_CURRENT_LIST_DIR}/../include/fatgraph)
if(FATGRAPH_RUNTIME_IO)
  list(APPEND FATGRAPH_PACKAGE_TARGETS fatgraph_runtime_io fatgraph_runtime_c)
  list(APPEND FATGRAPH_PACKAGE_HEADERS ${CMAKE_CURRENT_LIST_DIR}/../io/include/fatgraph
                                       ${CMAKE_CURRENT_LIST_DIR}/../c_api/include/fatgraph)
endif()
install(TARGETS ${FATGRAPH_PACKAGE_TARGETS} EXPORT fatgraphTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${FATGRAPH_PACKAGE_HEADERS} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h")
install(EXPORT fatgraphTargets NAMESPACE fatgraph:: DESTINATION ${FATGRAPH_PACKAGE_DIR})

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/fatgraphConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/fatgraphConfig.cmake
  INSTALL_DESTINATION ${FATGRAPH_PACKAGE_DIR})
# 0.x releases promise no compatibility across minor versions.
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/fatgraphConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/fatgraphConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/fatgraphConfigVersion.cmake
  DESTINATION ${FATGRAPH_PACKAGE_DIR})
