#include "gltf_texture.h"

#include <cstdint>
#include <cstring>
#include <optional>
#include <span>

#include <tiny_gltf.h>

#include "gltf_accessor.h"

namespace fatgraph::gltf {
namespace {

struct ImageSize {
  long long width = 0;
  long long height = 0;
};

unsigned bigEndian16(const unsigned char* p) { return (unsigned{p[0]} << 8) | p[1]; }
unsigned long bigEndian32(const unsigned char* p) {
  return (static_cast<unsigned long>(p[0]) << 24) | (static_cast<unsigned long>(p[1]) << 16) | (unsigned{p[2]} << 8) | p[3];
}

bool isPng(std::span<const unsigned char> b) { return b.size() >= 8 && std::memcmp(b.data(), "\x89PNG\r\n\x1a\n", 8) == 0; }
bool isJpeg(std::span<const unsigned char> b) { return b.size() >= 3 && b[0] == 0xff && b[1] == 0xd8 && b[2] == 0xff; }

// The size in the PNG's first chunk, which must be IHDR.
std::optional<ImageSize> pngSize(std::span<const unsigned char> b) {
  if (b.size() < 24 || std::memcmp(b.data() + 12, "IHDR", 4) != 0) return std::nullopt;
  return ImageSize{static_cast<long long>(bigEndian32(b.data() + 16)), static_cast<long long>(bigEndian32(b.data() + 20))};
}

// The size in the JPEG's frame header (SOF0..SOF15 but DHT, JPG and DAC), found by walking the
// marker segments before the first scan.
std::optional<ImageSize> jpegSize(std::span<const unsigned char> b) {
  size_t i = 2;
  while (i + 3 < b.size()) {
    if (b[i] != 0xff) return std::nullopt;
    const unsigned marker = b[i + 1];
    if (marker == 0xff) { ++i; continue; }  // fill byte
    if (marker == 0x01 || (marker >= 0xd0 && marker <= 0xd8)) { i += 2; continue; }  // no length
    if (marker == 0xd9 || marker == 0xda) return std::nullopt;  // the end, or a scan before a frame
    if (marker >= 0xc0 && marker <= 0xcf && marker != 0xc4 && marker != 0xc8 && marker != 0xcc) {
      if (i + 8 >= b.size()) return std::nullopt;
      return ImageSize{bigEndian16(b.data() + i + 7), bigEndian16(b.data() + i + 5)};
    }
    i += 2 + bigEndian16(b.data() + i + 2);
  }
  return std::nullopt;
}

std::string imageLabel(const tinygltf::Image& image, int index) {
  return "image " + std::to_string(index) + (image.name.empty() ? "" : " '" + image.name + "'");
}

// The image's encoded bytes: in its buffer view (bounds-checked here, tinygltf does not) or
// kept from its URI by keepEncodedImage.
std::span<const unsigned char> encodedBytes(const tinygltf::Model& model, const tinygltf::Image& image, const std::string& what) {
  if (image.bufferView >= 0) {
    if (image.bufferView >= static_cast<int>(model.bufferViews.size())) {
      throw GltfProblem(what + " names buffer view " + std::to_string(image.bufferView) + ", which does not exist");
    }
    const tinygltf::BufferView& view = model.bufferViews[image.bufferView];
    if (view.buffer < 0 || view.buffer >= static_cast<int>(model.buffers.size())) {
      throw GltfProblem(what + "'s buffer view names buffer " + std::to_string(view.buffer) + ", which does not exist");
    }
    const std::vector<unsigned char>& data = model.buffers[view.buffer].data;
    if (view.byteOffset > data.size() || view.byteLength > data.size() - view.byteOffset) {
      throw GltfProblem(what + " runs past the end of buffer " + std::to_string(view.buffer));
    }
    return {data.data() + view.byteOffset, view.byteLength};
  }
  if (image.image.empty()) {
    throw GltfProblem(what + (image.uri.empty() ? " has no data" : " ('" + image.uri + "') could not be read"));
  }
  return image.image;
}

}  // namespace

bool keepEncodedImage(tinygltf::Image* image, int, std::string*, std::string*, int, int, const unsigned char* bytes,
                      int size, void*) {
  if (image->bufferView < 0 && bytes != nullptr && size > 0) {
    image->image.assign(bytes, bytes + size);
    image->as_is = true;
  }
  return true;
}

CharacterTexture decodeImage(const tinygltf::Model& model, int index) {
  if (index < 0 || index >= static_cast<int>(model.images.size())) {
    throw GltfProblem("image " + std::to_string(index) + " does not exist");
  }
  const tinygltf::Image& image = model.images[index];
  const std::string what = imageLabel(image, index);
  const std::span<const unsigned char> bytes = encodedBytes(model, image, what);
  const bool png = isPng(bytes);
  if (!png && !isJpeg(bytes)) throw GltfProblem(what + " is neither a PNG nor a JPEG");
  const std::optional<ImageSize> size = png ? pngSize(bytes) : jpegSize(bytes);
  if (!size || size->width < 1 || size->height < 1) throw GltfProblem(what + " has no readable size in its " + (png ? "PNG" : "JPEG") + " header");
  if (size->width > kMaxCharacterTextureSide || size->height > kMaxCharacterTextureSide || bytes.size() > 0x7fffffffu) {
    throw GltfProblem(what + " is " + std::to_string(size->width) + " x " + std::to_string(size->height) + " pixels, more than the limit of " +
                      std::to_string(kMaxCharacterTextureSide) + " a side");
  }
  tinygltf::Image decoded;
  decoded.name = image.name;
  std::string err, warn;
  // Requiring the header's size makes the decoder refuse an image that claims another.
  if (!tinygltf::LoadImageData(&decoded, index, &err, &warn, static_cast<int>(size->width), static_cast<int>(size->height),
                               bytes.data(), static_cast<int>(bytes.size()), nullptr) ||
      decoded.component != 4) {
    throw GltfProblem(what + " does not decode as " + (png ? "PNG" : "JPEG"));
  }
  CharacterTexture out;
  out.name = image.name.empty() ? "image " + std::to_string(index) : image.name;
  out.width = decoded.width;
  out.height = decoded.height;
  const size_t values = 4 * static_cast<size_t>(out.width) * static_cast<size_t>(out.height);
  if (decoded.bits == 16) {  // 16-bit PNG: native-endian uint16 per channel
    out.rgba.resize(values);
    for (size_t i = 0; i < values; ++i) {
      std::uint16_t v;
      std::memcpy(&v, decoded.image.data() + 2 * i, 2);
      out.rgba[i] = static_cast<std::uint8_t>(v >> 8);
    }
  } else {
    out.rgba.assign(decoded.image.begin(), decoded.image.begin() + static_cast<std::ptrdiff_t>(values));
  }
  return out;
}

}  // namespace fatgraph::gltf
