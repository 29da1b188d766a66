// The library-wide entry points: versions, the thread's last error, result names.
#include <string>

#include "c_api_guard.h"

namespace fatgraph::c_api {
namespace {
// One message per thread, so a failure on one thread never shows up on another.
thread_local std::string lastError;
}  // namespace

fg_result fail(fg_result result, const std::string& message) {
  try {
    lastError = message;
  } catch (...) {  // no memory for the message: the code alone still tells what happened
    lastError.clear();
  }
  return result;
}

fg_result succeed() {
  lastError.clear();
  return FG_OK;
}

fg_result checkBuffer(const void* buffer, std::size_t capacity, std::size_t count, std::size_t* needed,
                      const char* function, const char* argument, bool& fill) {
  fill = false;
  if (needed) *needed = count;
  if (!buffer && capacity == 0) return FG_OK;  // the size query
  if (capacity < count)
    return fail(FG_ERROR_BUFFER_TOO_SMALL, std::string(function) + ": " + argument + " holds " +
                                               std::to_string(capacity) + " entries, " +
                                               std::to_string(count) + " needed");
  FG_CHECK(requireNonNull(buffer, function, argument));
  fill = count > 0;
  return FG_OK;
}

}  // namespace fatgraph::c_api

extern "C" {

int32_t fg_c_api_version(void) { return FG_C_API_VERSION; }

const char* fg_version_string(void) { return FATGRAPH_VERSION_STRING; }

const char* fg_last_error(void) { return fatgraph::c_api::lastError.c_str(); }

const char* fg_result_name(fg_result result) {
  switch (result) {
    case FG_OK: return "FG_OK";
    case FG_ERROR_NULL_ARGUMENT: return "FG_ERROR_NULL_ARGUMENT";
    case FG_ERROR_INVALID_ARGUMENT: return "FG_ERROR_INVALID_ARGUMENT";
    case FG_ERROR_BUFFER_TOO_SMALL: return "FG_ERROR_BUFFER_TOO_SMALL";
    case FG_ERROR_FILE: return "FG_ERROR_FILE";
    case FG_ERROR_OUT_OF_MEMORY: return "FG_ERROR_OUT_OF_MEMORY";
    case FG_ERROR_INTERNAL: return "FG_ERROR_INTERNAL";
  }
  return "unknown";
}

}  // extern "C"
