// screenshot_check PNG [MIN_PERCENT=2]: passes (exit 0) when the picture a --screenshot smoke
// test wrote shows something: it loads, has more than one colour, and at least MIN_PERCENT of
// its pixels differ from the background (its most common colour). A view that rendered
// nothing (one clear colour, or a frame around an empty area) fails with what it found.
#include <QHash>
#include <QImage>
#include <algorithm>
#include <cstdio>
#include <cstdlib>

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: screenshot_check PNG [MIN_PERCENT=2]\n");
    return 2;
  }
  const double minPercent = argc > 2 ? std::atof(argv[2]) : 2.0;
  const QImage image(QString::fromLocal8Bit(argv[1]));
  if (image.isNull()) {
    std::fprintf(stderr, "screenshot_check: %s: missing or not an image\n", argv[1]);
    return 1;
  }
  QHash<QRgb, qint64> counts;
  for (int y = 0; y < image.height(); ++y) {
    for (int x = 0; x < image.width(); ++x) ++counts[image.pixel(x, y)];
  }
  qint64 background = 0;
  for (auto it = counts.cbegin(); it != counts.cend(); ++it) background = std::max(background, it.value());
  const qint64 pixels = qint64(image.width()) * image.height();
  const double percent = 100.0 * double(pixels - background) / double(pixels);
  std::printf("screenshot_check: %s: %d x %d, %lld colours, %.1f %% not background\n", argv[1],
              image.width(), image.height(), static_cast<long long>(counts.size()), percent);
  if (counts.size() < 2 || percent < minPercent) {
    std::fprintf(stderr, "screenshot_check: %s is blank (needs more than one colour and %.1f %% of "
                 "pixels off the background)\n", argv[1], minPercent);
    return 1;
  }
  return 0;
}
