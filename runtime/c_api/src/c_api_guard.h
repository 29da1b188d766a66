#pragma once
// The boundary every C entry point goes through: the thread's last-error message, argument
// checks that report which argument of which function was wrong, and guard(), which runs the
// C++ body and turns every exception into an fg_result, so none crosses into C.
#include <cstddef>
#include <exception>
#include <new>
#include <string>

#include "fatgraph/fatgraph_runtime_c.h"
#include "fatgraph/runtime_io/file_error.h"

namespace fatgraph::c_api {

/// Sets the calling thread's message (fg_last_error) and returns `result`.
fg_result fail(fg_result result, const std::string& message);
/// Clears the calling thread's message (no allocation) and returns FG_OK.
fg_result succeed();

/// FG_ERROR_NULL_ARGUMENT naming the function and argument when `pointer` is null, else FG_OK.
inline fg_result requireNonNull(const void* pointer, const char* function, const char* argument) {
  if (pointer) return FG_OK;
  return fail(FG_ERROR_NULL_ARGUMENT, std::string(function) + ": " + argument + " is null");
}

/// The buffer rule of the header: stores `count` in *needed (when given). A size query (null
/// buffer, capacity 0) is FG_OK with `fill` false; a buffer holding `count` entries is FG_OK
/// with `fill` true (count 0: false); anything else is the error, with its message.
fg_result checkBuffer(const void* buffer, std::size_t capacity, std::size_t count, std::size_t* needed,
                      const char* function, const char* argument, bool& fill);

/// Returns the failed check's result from the enclosing entry point (its message already set).
#define FG_CHECK(check)                                                           \
  do {                                                                            \
    if (const fg_result fg_check_result = (check); fg_check_result != FG_OK) \
      return fg_check_result;                                                     \
  } while (false)

/// Runs `body` (returning fg_result); exceptions become error codes with their message.
template <class Body>
fg_result guard(const char* function, Body&& body) noexcept {
  try {
    return body();
  } catch (const FileError& e) {
    return fail(FG_ERROR_FILE, e.what());
  } catch (const std::bad_alloc&) {
    return fail(FG_ERROR_OUT_OF_MEMORY, std::string(function) + ": out of memory");
  } catch (const std::exception& e) {
    return fail(FG_ERROR_INTERNAL, std::string(function) + ": " + e.what());
  } catch (...) {
    return fail(FG_ERROR_INTERNAL, std::string(function) + ": unknown exception");
  }
}

}  // namespace fatgraph::c_api
