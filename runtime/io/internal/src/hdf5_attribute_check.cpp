#include "fatgraph/io/hdf5_attribute_check.h"

#include <cstdint>
#include <cstring>
#include <deque>
#include <set>

#include "fatgraph/io/hdf5_global_heap_check.h"
#include "fatgraph/io/mapped_file.h"

namespace fatgraph::h5 {



namespace {

// HDF5 file format 1.10, "Data Object Headers". With 8-byte addresses and lengths:
// - version 1: version (1), reserved, message count (2), reference count (4), size of the
//   first chunk (4), 4 bytes of padding; its messages follow at byte 16. A message is its type
//   (2), data size (2), flags (1) and 3 reserved bytes, then its data.
// - version 2: "OHDR", version (2), flags, the times (16 bytes) when flag 0x20 is set, the
//   attribute storage phase changes (4 bytes) when flag 0x10 is set, the first chunk's size
//   (1, 2, 4 or 8 bytes by the two low flag bits); then its messages, each a type (1), data
//   size (2), flags (1) and, when the header tracks attribute creation order (flag 0x04), a
//   2-byte creation index. Each chunk ends in a 4-byte checksum; later chunks start "OCHK".
// A continuation message (type 0x10) holds the next chunk's address and length (8 + 8).
constexpr std::uint16_t kContinuation = 0x10;
constexpr std::uint16_t kAttribute = 0x0C;
constexpr std::size_t kMaxChunks = 4096;  // a cycle of continuations must end somewhere

std::uint64_t readLe(const unsigned char* p, std::size_t n) {
  std::uint64_t v = 0;
  for (std::size_t i = n; i-- > 0;) v = (v << 8) | p[i];
  return v;
}

struct Chunk {
  std::uint64_t begin = 0;  // first message
  std::uint64_t end = 0;    // past the last message (before a checksum)
};

// Where an attribute message's value starts and how many bytes of the message hold it.
struct Value {
  std::uint64_t at = 0;
  std::uint64_t size = 0;
  // The element size its datatype message states (bytes 4-7 of that message), or -1 when the
  // datatype is shared (stored elsewhere) or too short to say. HDF5 sizes its copy of the
  // value by this field but reads a variable-length string as kVlenElement bytes (tests/fuzz:
  // a stated size of 14 made H5Aread copy past its 14-byte buffer).
  std::int64_t typeElementSize = -1;
};

// Decodes the attribute message of `length` bytes at byte `at`: returns whether it is called
// `name`, and where its value lies. Attribute message versions 1 (name, datatype and dataspace
// each padded to 8 bytes), 2 (unpadded) and 3 (unpadded, a name encoding byte before the name).
bool attributeValue(const unsigned char* bytes, std::uint64_t at, std::uint64_t length,
                    std::string_view name, Value& value) {
  if (length < 8) return false;
  const unsigned char* m = bytes + at;
  const unsigned version = m[0];
  if (version < 1 || version > 3) return false;
  const std::uint64_t nameSize = readLe(m + 2, 2);  // with its terminating null
  const std::uint64_t typeSize = readLe(m + 4, 2);
  const std::uint64_t spaceSize = readLe(m + 6, 2);
  const auto pad = [version](std::uint64_t n) { return version == 1 ? (n + 7) & ~std::uint64_t(7) : n; };
  const std::uint64_t nameAt = version == 3 ? 9 : 8;
  if (nameSize == 0 || nameAt + pad(nameSize) > length) return false;
  if (nameSize - 1 != name.size() ||
      std::memcmp(m + nameAt, name.data(), name.size()) != 0 || m[nameAt + name.size()] != 0) {
    return false;
  }
  const bool typeShared = version >= 2 && (m[1] & 0x01) != 0;
  const std::uint64_t typeAt = nameAt + pad(nameSize);
  if (!typeShared && typeSize >= 8 && typeAt + 8 <= length) {
    value.typeElementSize = static_cast<std::int64_t>(readLe(m + typeAt + 4, 4));
  }
  value.at = at + nameAt + pad(nameSize) + pad(typeSize) + pad(spaceSize);
  value.size = value.at <= at + length ? at + length - value.at : 0;
  return true;
}

// Calls visit(type, flags, data, length) for every message of the object header at byte
// `header` (version 1 or 2, continuation chunks followed in the order HDF5 follows them),
// after checking that the message lies inside its chunk; stops at the first problem, from the
// walk or from `visit`. Returns the problem or an empty string.
template <typename Visit>
std::string walkMessages(const unsigned char* bytes, std::size_t size, std::uint64_t header,
                         const Visit& visit) {
  const std::string where = "the object header at byte " + std::to_string(header);
  if (header > size || size - header < 16) return where + " is cut off by the end of the file";

  // The first chunk, by header version.
  std::deque<Chunk> chunks;
  const bool v2 = std::memcmp(bytes + header, "OHDR", 4) == 0;
  std::size_t messageHeader = 8;  // version 1: type, size, flags, reserved
  if (v2) {
    if (bytes[header + 4] != 2) return where + " has an unknown version";
    const unsigned flags = bytes[header + 5];
    std::uint64_t p = header + 6 + ((flags & 0x20) ? 16 : 0) + ((flags & 0x10) ? 4 : 0);
    const std::size_t width = std::size_t(1) << (flags & 3);
    if (p > size || size - p < width) return where + " is cut off by the end of the file";
    const std::uint64_t length = readLe(bytes + p, width);
    p += width;
    chunks.push_back({p, length <= size - p ? p + length : size + 1});
    messageHeader = 4 + ((flags & 0x04) ? 2 : 0);
  } else {
    if (bytes[header] != 1) return where + " has an unknown version";
    const std::uint64_t p = header + 16;
    const std::uint64_t length = readLe(bytes + header + 8, 4);
    chunks.push_back({p, length <= size - p ? p + length : size + 1});
  }

  std::set<std::uint64_t> seen;
  for (std::size_t visited = 0; !chunks.empty(); ++visited) {
    const Chunk chunk = chunks.front();
    chunks.pop_front();
    if (chunk.end > size) {
      return where + ": a chunk at byte " + std::to_string(chunk.begin) +
             " extends past the end of the file (" + std::to_string(size) + " bytes)";
    }
    if (visited == kMaxChunks || !seen.insert(chunk.begin).second) {
      return where + " has a cycle of continuation chunks";
    }
    std::uint64_t p = chunk.begin;
    while (chunk.end - p >= messageHeader) {
      const unsigned type = v2 ? bytes[p] : unsigned(readLe(bytes + p, 2));
      const std::uint64_t length = readLe(bytes + p + (v2 ? 1 : 2), 2);
      const unsigned flags = bytes[p + (v2 ? 3 : 4)];
      const std::uint64_t data = p + messageHeader;
      if (length > chunk.end - data) {
        return where + ": the message at byte " + std::to_string(p) + " claims " +
               std::to_string(length) + " bytes, past its chunk's end";
      }
      if (type == kContinuation && length >= 16) {
        const std::uint64_t address = readLe(bytes + data, 8);
        const std::uint64_t chunkLength = readLe(bytes + data + 8, 8);
        // Version 2 chunks start with "OCHK" and end with a checksum.
        const std::uint64_t skip = v2 ? 4 : 0;
        const std::uint64_t tail = v2 ? 4 : 0;
        if (address > size || chunkLength > size - address || chunkLength < skip + tail) {
          return where + ": a continuation at byte " + std::to_string(p) + " points to " +
                 std::to_string(chunkLength) + " bytes at byte " + std::to_string(address) +
                 ", past the end of the file (" + std::to_string(size) + " bytes)";
        }
        chunks.push_back({address + skip, address + chunkLength - tail});
      }
      if (std::string problem = visit(type, flags, data, length); !problem.empty()) return problem;
      p = data + length;
    }
  }
  return {};
}

// The number of elements a dataspace message describes (version 1 or 2), or -1 when the
// message is too short for its rank or of an unknown version.
std::int64_t dataspaceElements(const unsigned char* m, std::uint64_t length) {
  if (length < 4) return -1;
  const unsigned version = m[0], rank = m[1];
  std::uint64_t at = 0;
  if (version == 1) {
    at = 8;
  } else if (version == 2) {
    if (m[3] == 2) return 0;  // null dataspace
    at = 4;
  } else {
    return -1;
  }
  if (rank > 32 || at + 8 * std::uint64_t(rank) > length) return -1;
  std::uint64_t n = 1;
  for (unsigned d = 0; d < rank; ++d) {
    const std::uint64_t extent = readLe(m + at + 8 * d, 8);
    if (extent != 0 && n > (std::uint64_t(1) << 40) / extent) return std::int64_t(1) << 40;
    n *= extent;
  }
  return static_cast<std::int64_t>(n);
}

// Whether an attribute message's parts fit in it: name, datatype and dataspace messages (padded
// to 8 bytes in version 1), then the value, elements times the datatype's element size. HDF5
// 1.10 decodes every attribute message of a header while it looks for a name (H5Aexists) and
// copies the value's bytes without comparing them with the message (tests/fuzz: a read past
// the header buffer).
std::string checkAttributeMessage(const unsigned char* bytes, std::uint64_t at, std::uint64_t length) {
  const std::string which = "the attribute message at byte " + std::to_string(at);
  if (length < 8) return which + " is " + std::to_string(length) + " bytes, too short for its header";
  const unsigned char* m = bytes + at;
  const unsigned version = m[0];
  if (version < 1 || version > 3) return which + " has an unknown version " + std::to_string(version);
  const std::uint64_t nameSize = readLe(m + 2, 2), typeSize = readLe(m + 4, 2), spaceSize = readLe(m + 6, 2);
  const auto pad = [version](std::uint64_t n) { return version == 1 ? (n + 7) & ~std::uint64_t(7) : n; };
  const std::uint64_t nameAt = version == 3 ? 9 : 8;
  const std::uint64_t typeAt = nameAt + pad(nameSize), spaceAt = typeAt + pad(typeSize);
  const std::uint64_t valueAt = spaceAt + pad(spaceSize);
  if (nameSize == 0 || typeSize < 8 || spaceSize < 4 || valueAt > length) {
    return which + " (" + std::to_string(length) + " bytes) has parts of " + std::to_string(nameSize) +
           ", " + std::to_string(typeSize) + " and " + std::to_string(spaceSize) +
           " bytes that do not fit in it";
  }
  const bool typeShared = version >= 2 && (m[1] & 0x01) != 0;
  const bool spaceShared = version >= 2 && (m[1] & 0x02) != 0;
  if (typeShared || spaceShared) return {};  // fatgraph writes neither; HDF5 checks the reference
  const std::uint64_t element = readLe(m + typeAt + 4, 4);
  const std::int64_t elements = dataspaceElements(m + spaceAt, spaceSize);
  if (elements < 0) return which + " has a dataspace of an unknown version or cut short";
  const long double needed = static_cast<long double>(elements) * element;
  if (needed > static_cast<long double>(length - valueAt)) {
    return which + " holds " + std::to_string(length - valueAt) + " bytes of value, but its " +
           std::to_string(elements) + " elements of " + std::to_string(element) + " bytes need more";
  }
  return {};
}

}  // namespace

std::string checkAttributeMessages(const unsigned char* bytes, std::size_t size, std::uint64_t header) {
  if (bytes == nullptr) return {};
  return walkMessages(bytes, size, header, [&](unsigned type, unsigned flags, std::uint64_t data, std::uint64_t length) {
    if (type != kAttribute || (flags & 0x02) != 0) return std::string();  // 0x02: shared
    return checkAttributeMessage(bytes, data, length);
  });
}

std::string checkRootObjectHeader(const unsigned char* bytes, std::size_t size) {
  if (bytes == nullptr) return {};
  static const unsigned char kSignature[8] = {0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};
  // The superblock sits at byte 0 or after a user block of 512, 1024, 2048, ... bytes.
  for (std::uint64_t at = 0; at + 8 <= size; at = at == 0 ? 512 : 2 * at) {
    if (std::memcmp(bytes + at, kSignature, 8) != 0) continue;
    const unsigned version = size - at > 8 ? bytes[at + 8] : 255;
    std::uint64_t field = 0;  // where the root group's object header address is stored
    if (version == 0 || version == 1) {
      if (size - at < 24 || bytes[at + 13] != 8 || bytes[at + 14] != 8) return {};  // 8-byte offsets only
      // Versions 0 and 1: 24 bytes of versions, sizes and B-tree parameters (version 1: 4
      // more), four addresses, then the root group's symbol table entry, whose second field
      // is the object header address.
      field = at + 24 + (version == 1 ? 4 : 0) + 32 + 8;
    } else if (version == 2 || version == 3) {
      if (size - at < 12 || bytes[at + 9] != 8) return {};
      field = at + 12 + 24;  // after base, extension and end-of-file addresses
    } else {
      return {};
    }
    if (field > size || size - field < 8) return "the superblock is cut off by the end of the file";
    const std::uint64_t root = readLe(bytes + field, 8);
    if (root >= size) {
      return "the root group's object header address " + std::to_string(root) + " lies past the end of the file (" +
             std::to_string(size) + " bytes)";
    }
    return checkAttributeMessages(bytes, size, root);
  }
  return {};
}

std::string checkRootObjectHeader(const std::string& path) {
  const MappedFile file(path);
  return checkRootObjectHeader(file.bytes, file.size);
}

std::string checkAttributeMessages(const std::string& path, std::uint64_t header) {
  const MappedFile file(path);
  return checkAttributeMessages(file.bytes, file.size, header);
}

std::string checkVlenStringAttribute(const std::string& path, std::uint64_t header,
                                     std::string_view name) {
  const MappedFile file(path);
  return checkVlenStringAttribute(file.bytes, file.size, header, name);
}

std::string checkVlenStringAttribute(const unsigned char* bytes, std::size_t size,
                                     std::uint64_t header, std::string_view name) {
  if (bytes == nullptr) return {};
  const std::string what = "attribute '" + std::string(name) + "'";
  const std::string where = "the object header at byte " + std::to_string(header);
  // Every attribute message of that name is checked: a sound file has one, and whichever HDF5
  // picks passes.
  bool found = false;
  std::string problem = walkMessages(bytes, size, header, [&](unsigned type, unsigned flags, std::uint64_t data,
                                                              std::uint64_t length) {
    if (type != kAttribute || (flags & 0x02) != 0) return std::string();  // 0x02: stored elsewhere, shared
    Value value;
    if (!attributeValue(bytes, data, length, name, value)) return std::string();
    found = true;
    if (value.typeElementSize >= 0 && std::uint64_t(value.typeElementSize) != kVlenElement) {
      return what + " in " + where + " states a variable-length string element of " +
             std::to_string(value.typeElementSize) + " bytes, not " + std::to_string(kVlenElement);
    }
    if (value.size < kVlenElement) {
      return what + " in " + where + " stores " + std::to_string(value.size) +
             " bytes, too few for a variable-length string";
    }
    return checkVlenStringElement(bytes, size, value.at, what);
  });
  if (!problem.empty()) return problem;
  if (!found) {
    return what + " is not stored in " + where +
           " (fatgraph reads only attributes held in the object header)";
  }
  return {};
}

}  // namespace fatgraph::h5
