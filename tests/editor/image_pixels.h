#pragma once
// Pixel counts the editor's picture tests compare views by.
#include <QImage>

/// Pixels at which two images of the same size differ at all.
inline int differingPixels(const QImage& a, const QImage& b) {
  int n = 0;
  for (int y = 0; y < a.height(); ++y) {
    for (int x = 0; x < a.width(); ++x) n += a.pixel(x, y) != b.pixel(x, y);
  }
  return n;
}
