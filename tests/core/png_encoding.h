#pragma once
// A minimal PNG writer for tests that need image files without an image library: RGBA of 8
// or 16 bits a channel (16: each byte v as v * 257), no filtering, the pixels in stored (uncompressed) deflate blocks, which every decoder reads.
#include <cstdint>
#include <string>
#include <vector>

namespace fatgraph::test {

inline std::uint32_t pngCrc(const std::string& bytes) {
  std::uint32_t c = 0xffffffffu;
  for (unsigned char b : bytes) {
    c ^= b;
    for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
  }
  return ~c;
}

inline void appendBigEndian(std::string& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<char>((v >> shift) & 0xff));
}

inline void appendChunk(std::string& png, const char* type, const std::string& data) {
  appendBigEndian(png, static_cast<std::uint32_t>(data.size()));
  const std::string body = std::string(type, 4) + data;
  png += body;
  appendBigEndian(png, pngCrc(body));
}

/// `rgba` holds width * height * 4 bytes, rows top to bottom.
inline std::string encodePng(int width, int height, const std::vector<std::uint8_t>& rgba, int bits = 8) {
  std::string raw;
  for (int y = 0; y < height; ++y) {
    raw.push_back('\0');  // filter: none
    for (size_t i = 4 * static_cast<size_t>(width) * y; i < 4 * static_cast<size_t>(width) * (y + 1); ++i) {
      raw.push_back(static_cast<char>(rgba[i]));
      if (bits == 16) raw.push_back(static_cast<char>(rgba[i]));  // v * 257, big-endian
    }
  }
  std::string z = "\x78\x01";
  for (size_t at = 0; at < raw.size() || at == 0; at += 65535) {
    const size_t n = std::min<size_t>(65535, raw.size() - at);
    z.push_back(at + n >= raw.size() ? 1 : 0);
    z.push_back(static_cast<char>(n & 0xff));
    z.push_back(static_cast<char>(n >> 8));
    z.push_back(static_cast<char>(~n & 0xff));
    z.push_back(static_cast<char>((~n >> 8) & 0xff));
    z.append(raw, at, n);
    if (raw.empty()) break;
  }
  std::uint32_t a = 1, b = 0;
  for (unsigned char c : raw) { a = (a + c) % 65521; b = (b + a) % 65521; }
  appendBigEndian(z, (b << 16) | a);
  std::string ihdr;
  appendBigEndian(ihdr, static_cast<std::uint32_t>(width));
  appendBigEndian(ihdr, static_cast<std::uint32_t>(height));
  ihdr.push_back(static_cast<char>(bits));
  ihdr += std::string("\x06\x00\x00\x00", 4);  // RGBA, deflate, no filter, no interlace
  std::string png = "\x89PNG\r\n\x1a\n";
  appendChunk(png, "IHDR", ihdr);
  appendChunk(png, "IDAT", z);
  appendChunk(png, "IEND", "");
  return png;
}

}  // namespace fatgraph::test
