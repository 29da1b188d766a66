#pragma once
// Errors raised by core. Every message says where (file and line, or the object) and what
// was expected, so the CLI can print it on one line and the editor can show it as is. The
// types are the file layer's (fatgraph::runtime_io), which core's readers share.
#include "fatgraph/runtime_io/file_error.h"
